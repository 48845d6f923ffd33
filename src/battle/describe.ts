import type { Text } from '../i18n/text.ts';
import { mention, plural, when } from '../messages.ts';
import type { TurnPosition } from '../rules/sequence.ts';
import { changesVote } from './ballots.ts';
import { getRuleSystem, ownerOfEvent } from './registry.ts';
import type { BattleEvent, CoreEvent, SystemEvent } from './events.ts';
import type { BattleState } from './state.ts';
import { describeHeld } from './held.ts';
import { describeHouseEvent } from './house.ts';
import { rollText } from './rolls.ts';
import { describeShareEvent } from './share.ts';

/** "turn 2 (night), phase 3": `number` is the phase's printed number where the rulebook's differs from its place. */
export const positionText = (p: TurnPosition, number = p.phase + 1): string => `turn ${p.turn}${p.period ? ` (${p.period})` : ''}, phase ${number}`;

const nameOf = (rec: Record<string, { name: string }>, id: string) => rec[id]?.name ?? id;

/**
 * Whether the channel, and so any reading of the log others see, hears of an event at all (`s` the
 * state before it): not of a changed vote, which its voter alone is told of (issue 37).
 */
export const toldToChannel = (e: BattleEvent, s: BattleState): boolean => !changesVote(s, e);

/** One line a reader of the log understands; `s` is the state before the event, for names. */
export function describeEvent(e: BattleEvent, s: BattleState): Text {
  const owner = ownerOfEvent(e.type);
  return owner ? owner.describe(e as SystemEvent, s) : describeCore(e as CoreEvent, s);
}

function describeCore(e: CoreEvent, s: BattleState): string {
  switch (e.type) {
    case 'BattleCreated':
      return `${mention(e.data.gm)} created battle "${e.data.name}" (${e.data.system}) in <#${e.data.channel}>${e.data.options ? `; options agreed: ${optionsText(e.data.system, e.data.options)}` : ''}`;
    case 'GmAdded':
      return `${mention(e.data.user)} became a GM`;
    case 'GmRemoved':
      return `${mention(e.data.user)} is no longer a GM`;
    case 'SideAdded':
      return `side ${e.data.name} added`;
    case 'JoinRequested':
      return `${mention(e.data.user)} asks to join ${nameOf(s.sides, e.data.sideId)}; the battle is under way, so a GM admits them with /side admit`;
    case 'JoinRefused':
      return `${mention(e.data.by)} did not admit ${mention(e.data.user)} to ${nameOf(s.sides, e.data.sideId)}`;
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
      return `order of battle imported from ${e.data.source}: ${plural(e.data.sides, 'new side')}, ${plural(e.data.commands, 'command')}, ${plural(e.data.units, 'unit')}`;
    case 'PhaseAdvanced':
      return `${positionText(e.data.to, e.data.phaseNumber)}: ${e.data.phaseName} [${e.data.phaseId}]${e.data.due.map((d) => `\n• ${d}`).join('')}${(e.data.owed ?? []).map((o) => `\n• owed before the phase ends: ${o}`).join('')}`;
    case 'DueWaived':
      return `${mention(e.data.by)} passed over what the phase owed: ${e.data.items.map((i) => i.text).join('; ')}`;
    case 'BattleEnded':
      return `battle ended by ${mention(e.data.by)}`;
    case 'ActionUndone':
      return `undone: ${e.data.summary} (event${e.data.voids.length > 1 ? 's' : ''} ${e.data.voids.join(', ')})`;
    // Ballot lines never show a choice before its reveal (docs/architecture.md, Secrecy).
    case 'BallotOpened':
      return `ballot ${e.data.ballotId} opened: ${e.data.title}${e.data.rule ? ` (${e.data.rule})` : ''} — voters: ${e.data.voters.map((v) => v.label).join(', ')}${e.data.deadline ? `; closes ${when(e.data.deadline)}` : ''}`;
    case 'VoteCast': {
      const b = s.ballots[e.data.ballotId];
      const label = b?.voters.find((v) => v.id === e.data.voter)?.label ?? e.data.voter;
      // A change is worded for its voter's own answer only: toldToChannel keeps it from everyone else.
      if (changesVote(s, e)) return `${mention(e.data.by)} changed the vote of ${label} in ${b?.title ?? e.data.ballotId} (nobody else is told)`;
      return `${mention(e.data.by)} ${e.data.onBehalf ? `cast the vote of ${label} on behalf of its player` : `voted for ${label}`} in ${b?.title ?? e.data.ballotId} (secret until revealed)`;
    }
    case 'VoteVoided': {
      const b = s.ballots[e.data.ballotId];
      const label = b?.voters.find((v) => v.id === e.data.voter)?.label ?? e.data.voter;
      return `${mention(e.data.by)} (GM) voided the vote of ${label} in ${b?.title ?? e.data.ballotId}${e.data.reason ? `: ${e.data.reason}` : ''}; it no longer counts, and ${label} votes again`;
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
    case 'ActionHeld':
    case 'HeldActionResumed':
    case 'HeldActionSetAside':
      return describeHeld(e, s);
    case 'HouseRuleSet':
    case 'HouseRuleUnset':
      return describeHouseEvent(e);
    case 'ShareLinkCreated':
    case 'ShareLinkRevoked':
    case 'BookmarkAdded':
    case 'BookmarkRemoved':
      return describeShareEvent(e, s);
  }
}

export const choicesText = (choices: { label: string; choice: string | null; onBehalf?: boolean }[]): string =>
  choices.map((c) => `${c.label} ${c.choice ?? 'did not vote'}${c.onBehalf ? ' (cast by a GM on behalf)' : ''}`).join('; ');

export const attrsText = (attrs: Record<string, string | number>): string =>
  Object.entries(attrs)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

/** The options agreed at creation, in the words of the battle's rule system. */
export const optionsText = (system: string, o: Record<string, unknown>): string => getRuleSystem(system).options?.text(o) ?? '';
