import { mention } from '../messages.ts';
import type { TurnPosition } from '../rules/system.ts';
import type { BattleEvent } from './events.ts';
import type { BattleOptions, BattleState } from './state.ts';
import { rollText } from './rolls.ts';
import { describeMedievalEvent, isMedievalEvent } from './medieval.ts';
import { describePercentileEvent, isPercentileEvent } from './percentile.ts';

/** "turn 2 (night), phase 3": `number` is the phase's printed number where the rulebook's differs from its place. */
export const positionText = (p: TurnPosition, number = p.phase + 1): string => `turn ${p.turn}${p.period ? ` (${p.period})` : ''}, phase ${number}`;

const nameOf = (rec: Record<string, { name: string }>, id: string) => rec[id]?.name ?? id;

/** One line a reader of the log understands; `s` is the state before the event, for names. */
export function describeEvent(e: BattleEvent, s: BattleState): string {
  if (isMedievalEvent(e)) return describeMedievalEvent(e, s);
  if (isPercentileEvent(e)) return describePercentileEvent(e, s);
  switch (e.type) {
    case 'BattleCreated':
      return `${mention(e.data.gm)} created battle "${e.data.name}" (${e.data.system}) in <#${e.data.channel}>${e.data.options ? `; options agreed: ${optionsText(e.data.options)}` : ''}`;
    case 'GmAdded':
      return `${mention(e.data.user)} became a GM`;
    case 'GmRemoved':
      return `${mention(e.data.user)} is no longer a GM`;
    case 'SideAdded':
      return `side ${e.data.name} added`;
    case 'SideJoined':
      return `${mention(e.data.user)} joined ${nameOf(s.sides, e.data.sideId)}`;
    case 'CommandAdded':
      return `command ${e.data.name}${e.data.officer ? ` under ${e.data.officer}` : ''} added to ${nameOf(s.sides, e.data.sideId)}`;
    case 'CommandAssigned':
      return `${nameOf(s.commands, e.data.commandId)} assigned to ${mention(e.data.user)}`;
    case 'UnitAdded':
      return `unit ${e.data.name} added to ${nameOf(s.commands, e.data.commandId)} (${attrsText(e.data.attrs)})`;
    case 'UnitEdited': {
      const parts = [attrsText(e.data.attrs)];
      if (e.data.name) parts.push(`renamed ${e.data.name}`);
      if (e.data.commandId) parts.push(`moved to ${nameOf(s.commands, e.data.commandId)}`);
      return `unit ${nameOf(s.units, e.data.unitId)} changed: ${parts.filter(Boolean).join('; ')}`;
    }
    case 'UnitRemoved':
      return `unit ${e.data.name} removed`;
    case 'OrderOfBattleImported':
      return `order of battle imported from ${e.data.source}: ${e.data.sides} new side(s), ${e.data.commands} command(s), ${e.data.units} unit(s)`;
    case 'PhaseAdvanced':
      return `${positionText(e.data.to, e.data.phaseNumber)}: ${e.data.phaseName} [${e.data.phaseId}]${e.data.due.map((d) => `\n• ${d}`).join('')}`;
    case 'BattleEnded':
      return `battle ended by ${mention(e.data.by)}`;
    case 'ActionUndone':
      return `undone: ${e.data.summary} (event${e.data.voids.length > 1 ? 's' : ''} ${e.data.voids.join(', ')})`;
    // Ballot lines never show a choice before its reveal (DESIGN.md, Secrecy).
    case 'BallotOpened':
      return `ballot ${e.data.ballotId} opened: ${e.data.title}${e.data.rule ? ` (${e.data.rule})` : ''} — voters: ${e.data.voters.map((v) => v.label).join(', ')}${e.data.deadline ? `; closes ${e.data.deadline}` : ''}`;
    case 'VoteCast': {
      const b = s.ballots[e.data.ballotId];
      const label = b?.voters.find((v) => v.id === e.data.voter)?.label ?? e.data.voter;
      return `${mention(e.data.by)} ${e.data.onBehalf ? `cast the vote of ${label} on behalf of its player` : `voted for ${label}`} in ${b?.title ?? e.data.ballotId} (secret until revealed)`;
    }
    case 'BallotReminded': {
      const b = s.ballots[e.data.ballotId];
      return `reminder for ${b?.title ?? e.data.ballotId}: waiting for ${e.data.waitingFor.map((id) => b?.voters.find((v) => v.id === id)?.label ?? id).join(', ')}`;
    }
    case 'BallotRevealed': {
      const b = s.ballots[e.data.ballotId];
      const why = { 'all voted': 'everyone voted', deadline: 'the deadline passed', gm: 'a GM revealed it', phase: 'its phase began' }[e.data.reason];
      if (b?.audience === 'gms') return `${b.title} closed (${why}); the GMs have the notes`;
      return `${b?.title ?? e.data.ballotId} revealed (${why}): ${choicesText(e.data.choices)}`;
    }
    case 'NightDecided': {
      const names = (ids: string[]) => ids.map((id) => nameOf(s.commands, id)).join(', ') || 'none';
      return e.data.night
        ? `night combat: ACTIVE ${names(e.data.active)}; PASSIVE ${names(e.data.passive)}${e.data.unvoted.length ? ` (${names(e.data.unvoted)} did not vote: PASSIVE)` : ''} — one ACTIVE command is enough for night turns (NIGHT-18.12)`
        : `no command chose ACTIVE: no night combat; on to the battleday interphase (NIGHT-18.11)`;
    }
    case 'OrderChangeDue':
      return `${nameOf(s.commands, e.data.commandId)} needs a new order from the GM: ${e.data.choices.join(', ')} — ${e.data.reason} Use /orders set.`;
    case 'OrderChanged':
      return `${nameOf(s.commands, e.data.commandId)}: order ${e.data.from ? `${e.data.from} → ` : ''}${e.data.order} (${e.data.reason}; ${e.data.rule})`;
    case 'CommandTriggered':
      return `${nameOf(s.commands, e.data.commandId)} is triggered: ${e.data.text} (NIGHT-18.24.${e.data.reason}); normal order changes apply`;
    case 'NightConditionsSet':
      return `night: ${e.data.moon} moon, ${e.data.weather} — ${e.data.condition}: visibility ${e.data.visibility}" (${e.data.from === 'pack' ? 'NIGHT-18.31' : 'the GM, NIGHT-18.31 gives no legible value'})`;
    case 'ArmyDemoralizationSet':
      return `${nameOf(s.sides, e.data.sideId)}: Army Demoralization ${e.data.on ? 'in effect: its commands can only be PASSIVE at night (NIGHT-18.13)' : 'lifted'}`;
    case 'MfpCriticalReached':
      return `${nameOf(s.sides, e.data.sideId)} reached its MFP critical level: ${e.data.toPassive.map((id) => nameOf(s.commands, id)).join(', ')} become PASSIVE at once (NIGHT-18.63)`;
    case 'NightCmrRecorded':
      return `the night is over; CMR for the next battleday: ${e.data.notes.map((n) => `${nameOf(s.commands, n.commandId)}: ${n.text}`).join(' ')}`;
    case 'DawnAttacksAnnounced':
      return e.data.attackers.length
        ? `the GM announces a DAWN ATTACK by ${e.data.attackers.map((id) => nameOf(s.commands, id)).join(', ')} (NIGHT-18.82); they must be PASSIVE next night (NIGHT-18.85) and suffer -1 CMR from the fatigue turn (NIGHT-18.84)`
        : 'no dawn attack was noted (NIGHT-18.82)';
    case 'DiceRolled':
      return e.data.secret ? `${mention(e.data.roller)} rolled in secret (roll #${e.data.number})` : rollText(e.data);
    case 'RollRevealed': {
      const r = s.rolls[e.data.number];
      return r ? `secret ${rollText(r)}` : `roll #${e.data.number} revealed`;
    }
    case 'SeedRevealed':
      // Mid-battle, say what a public seed means for the rolls still to come (rolls.ts refuses /roll).
      return `dice seed published: \`${e.data.seed}\` — anyone can now check every roll with umpire verify (its SHA-256 is the commitment posted at creation)${
        s.ended ? '' : '. /roll is closed in this battle from now on; any die the rules still roll is predictable from the seed (and still logged)'
      }`;
    case 'GrandTacRolled': {
      const o = e.data.outcome;
      const rolls = o.rolls.map((r) => `${r.side}${r.points !== undefined ? ` (${r.points} points)` : ''} rolls d${r.die} ${r.roll}${r.modifiers.length ? ` ${r.modifiers.map((m) => `${m.value >= 0 ? '+' : ''}${m.value} ${m.label}`).join(' ')} = ${r.total}` : ''}`);
      return `grand-tactical initiative: ${rolls.join('; ')}. ${o.result.reason}${o.notes.length ? ` ${o.notes.join(' ')}` : ''}`;
    }
  }
}

export const choicesText = (choices: { label: string; choice: string | null; onBehalf?: boolean }[]): string =>
  choices.map((c) => `${c.label} ${c.choice ?? 'did not vote'}${c.onBehalf ? ' (cast by a GM on behalf)' : ''}`).join('; ');

export const attrsText = (attrs: Record<string, string | number>): string =>
  Object.entries(attrs)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

export const optionsText = (o: BattleOptions): string =>
  [
    o.autokill !== undefined ? `automatic kills ${o.autokill ? 'on' : 'off'} (MED-AUTOKILL)` : '',
    o.partDice !== undefined ? `part dice ${o.partDice ? 'on' : 'off'} (MED-PARTDICE)` : '',
    o.initiativeDie ? `initiative on a d${o.initiativeDie} (MED-INIT)` : '',
  ]
    .filter(Boolean)
    .join(', ');
