import { lines, say, type Text } from '../../i18n/text.ts';
import { attrsPhrase, describeEvent, positionPhrase, systemName, toldToChannel } from '../../battle/describe.ts';
import type { LoggedEvent } from '../../battle/events.ts';
import { foldAll } from '../../battle/replay.ts';
import { initialState, type BattleState, type Unit } from '../../battle/state.ts';
import { mention, when } from '../../messages.ts';
import { getRuleSystem } from '../../battle/registry.ts';
import { optionsText } from '../../battle/describe.ts';

/** "a; b; c" in the reader's words. */
const semicolons = (texts: readonly Text[]): Text => (texts.length ? texts.reduce((first, next) => say('app.semicolons', { first, next })) : '');

/** The things by key, each group in the things' order. */
function groupBy<T>(things: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const t of things) {
    const k = key(t);
    const group = groups.get(k);
    if (group) group.push(t);
    else groups.set(k, [t]);
  }
  return groups;
}

/** The battle at a glance: what everyone may see (nothing secret). */
export function statusText(s: BattleState): Text {
  const system = getRuleSystem(s.system);
  const phase = system.sequence.describe(s.position);
  const out: Text[] = [
    say(s.ended ? 'reports.views.battleEnded' : 'reports.views.battle', { name: s.name, id: s.id, system: systemName(s.system) }),
    say('reports.views.now', { position: positionPhrase(s.position, phase.number), name: phase.name, id: phase.id }),
    say('reports.views.gms', { gms: s.gms.map(mention).join(', ') }),
    ...(Object.keys(s.options).length ? [say('reports.views.options', { options: optionsText(s.system, s.options) })] : []),
    ...(system.statusLines?.(s) ?? []),
    say('reports.views.logVersion', { version: String(s.version) }),
  ];
  const sides = Object.values(s.sides);
  if (!sides.length) out.push(say('reports.views.noSides'));
  // Each side's commands and each command's units in one pass, in the records' order: a filter of
  // every unit for each command made the status quadratic in the order of battle.
  const commandsOf = groupBy(Object.values(s.commands), (c) => c.sideId);
  const unitsOf = groupBy(Object.values(s.units), (u) => u.commandId);
  for (const side of sides) {
    out.push('', side.players.length ? say('reports.views.side', { side: side.name, players: side.players.map(mention).join(', ') }) : side.name);
    for (const c of commandsOf.get(side.id) ?? []) {
      const units = unitsOf.get(c.id) ?? [];
      const values = { command: c.name, player: c.player ? mention(c.player) : say('reports.views.noPlayer'), units: units.length ? units.map((u) => u.name).join(', ') : say('reports.views.noUnits') };
      out.push(c.officer ? say('reports.views.commandOfficer', { ...values, officer: c.officer }) : say('reports.views.command', values));
      const marks = system.commandLines?.(s, c) ?? [];
      if (marks.length) out.push(say('reports.views.commandMarks', { marks: semicolons(marks) }));
    }
  }
  return lines(...out);
}

export function unitText(s: BattleState, u: Unit): Text {
  const c = s.commands[u.commandId];
  const side = c ? s.sides[c.sideId] : undefined;
  return lines(say('reports.views.unit', { unit: u.name, id: u.id, command: c?.name ?? '?', side: side?.name ?? '?' }), attrsPhrase(s.system, u.attrs), ...unitStatusLines(s, u));
}

export function unitsText(s: BattleState): Text {
  const units = Object.values(s.units);
  return units.length
    ? lines(...units.flatMap((u) => [say('reports.views.unitAttrs', { unit: u.name, attrs: attrsPhrase(s.system, u.attrs) }), ...unitStatusLines(s, u).map((line) => say('reports.views.unitLine', { line }))]))
    : say('reports.views.noUnitsYet');
}

/** What the battle's rule system tracks of a unit: losses, markers, tests due. */
const unitStatusLines = (s: BattleState, u: Unit): Text[] => getRuleSystem(s.system).unitLines?.(s, u) ?? [];

/**
 * The log, one line an event, voided ones marked. Each line names things as the state just before
 * its event did, so the whole log is folded, in place in one draft (foldAll): a fold copying the
 * state at every event made `/battle log` quadratic in the battle (44 s at 10,000 units). Only
 * the lines shown are worded.
 */
export function logLines(battleId: string, events: readonly LoggedEvent[], last = 20): Text[] {
  const voided = new Set<number>();
  for (const e of events) if (e.event.type === 'ActionUndone') for (const v of e.event.data.voids) voided.add(v);
  const first = Math.max(0, events.length - last);
  const lines: Text[] = [];
  let i = 0;
  foldAll(initialState(battleId), events, (e, before) => {
    if (i++ < first) return;
    // A changed vote is its voter's alone: the log others read has no line of it (issue 37).
    if (!toldToChannel(e.event, before)) return;
    lines.push(say(voided.has(e.version) ? 'reports.log.undone' : 'reports.log.line', { version: String(e.version), what: describeEvent(e.event, before), actor: mention(e.actor), at: when(e.at) }));
  });
  return lines;
}
