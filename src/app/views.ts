import { attrsText, describeEvent, positionText } from '../battle/describe.ts';
import type { LoggedEvent } from '../battle/events.ts';
import { fold } from '../battle/replay.ts';
import { initialState, type BattleState, type Unit } from '../battle/state.ts';
import { mention } from '../messages.ts';
import { getRuleSystem } from '../battle/registry.ts';
import { optionsText } from '../battle/describe.ts';

/** The battle at a glance: what everyone may see (nothing secret). */
export function statusText(s: BattleState): string {
  const system = getRuleSystem(s.system);
  const phase = system.sequence.describe(s.position);
  const lines = [
    `Battle "${s.name}" (${s.id}) — ${system.name}${s.ended ? ' — ENDED' : ''}`,
    `Now: ${positionText(s.position, phase.number)}: ${phase.name} [${phase.id}]`,
    `GMs: ${s.gms.map(mention).join(', ')}`,
    ...(Object.keys(s.options).length ? [`Options agreed: ${optionsText(s.system, s.options)}`] : []),
    ...(system.statusLines?.(s) ?? []),
    `Log version ${s.version}`,
  ];
  const sides = Object.values(s.sides);
  if (!sides.length) lines.push('No sides yet.');
  for (const side of sides) {
    lines.push('', `${side.name}${side.players.length ? ` — players ${side.players.map(mention).join(', ')}` : ''}`);
    for (const c of Object.values(s.commands).filter((c) => c.sideId === side.id)) {
      const units = Object.values(s.units).filter((u) => u.commandId === c.id);
      lines.push(`  ${c.name}${c.officer ? ` (${c.officer})` : ''} — ${c.player ? mention(c.player) : 'no player'}: ${units.length ? units.map((u) => u.name).join(', ') : 'no units'}`);
      const marks = system.commandLines?.(s, c) ?? [];
      if (marks.length) lines.push(`    ${marks.join('; ')}`);
    }
  }
  return lines.join('\n');
}

export function unitText(s: BattleState, u: Unit): string {
  const c = s.commands[u.commandId];
  const side = c ? s.sides[c.sideId] : undefined;
  return [`${u.name} (${u.id}) — ${c?.name ?? '?'}, ${side?.name ?? '?'}`, attrsText(u.attrs), ...unitStatusLines(s, u)].join('\n');
}

export function unitsText(s: BattleState): string {
  const units = Object.values(s.units);
  return units.length ? units.map((u) => [`${u.name}: ${attrsText(u.attrs)}`, ...unitStatusLines(s, u).map((l) => `  ${l}`)].join('\n')).join('\n') : 'No units yet.';
}

/** What the battle's rule system tracks of a unit: losses, markers, tests due. */
const unitStatusLines = (s: BattleState, u: Unit): string[] => getRuleSystem(s.system).unitLines?.(s, u) ?? [];

/** The log, one line an event, voided ones marked. */
export function logLines(battleId: string, events: readonly LoggedEvent[], last = 20): string[] {
  const voided = new Set(events.flatMap((e) => (e.event.type === 'ActionUndone' ? e.event.data.voids : [])));
  let s = initialState(battleId);
  const lines: string[] = [];
  for (const e of events) {
    lines.push(`${e.version}. ${voided.has(e.version) ? '~~' : ''}${describeEvent(e.event, s)}${voided.has(e.version) ? '~~ (undone)' : ''} — ${mention(e.actor)}, ${e.at}`);
    s = fold(s, e);
  }
  return lines.slice(-last);
}
