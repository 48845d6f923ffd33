import { plural } from '../../messages.ts';
import { refuse } from '../../rules/errors.ts';
import type { Effect } from './effects.ts';
import { beyond, measureText, type Measure } from './measure.ts';
import { LEADER_KINDS, type BrigadePack, type LeaderKind } from './pack-schema.ts';
import type { Outcome } from '../../rules/outcome.ts';

/**
 * The Command & Control phase, BRG-1: no dice. Retreating units auto-rally (BRG-1.1), fallen leaders
 * come back after a set number of turns (BRG-1.2), and battalions too far from their Brigadier, or
 * in a brigade whose Brigadier is too far from its Sub General, are marked out of command (BRG-1.3).
 * Moving generals (BRG-1.4) is the players' and has no rule to compute.
 */

export interface RallyOutcome extends Outcome {
  rule: 'BRG-1.1';
  effects: Extract<Effect, { effect: 'rally' }>[];
}

/**
 * BRG-1.1: every retreating unit auto-rallies, in any formation, facing the direction of its retreat.
 * Who picks the formation, and whether the retreat marker goes, the source does not say: the
 * formation is an input (null = not given), and the marker is left to the GM.
 */
export function rallyRetreating(units: readonly { unit: string; formation?: string }[]): RallyOutcome {
  const effects = units.map((u) => ({ unit: u.unit, effect: 'rally' as const, rule: 'BRG-1.1' as const, formation: u.formation ?? null, facing: 'direction of retreat' as const }));
  const steps = effects.length
    ? effects.map((e) => `${e.unit} auto-rallies${e.formation ? ` in ${e.formation}` : ' in any formation'}, facing the direction of its retreat (BRG-1.1).`)
    : ['No unit is retreating: nothing to rally (BRG-1.1).'];
  if (effects.length) steps.push('The source does not say whether the retreat marker is removed: the GM rules.');
  return { rule: 'BRG-1.1', effects, dice: [], steps };
}

export interface FallenLeader {
  leader: string;
  kind: LeaderKind;
  /** The turn he was removed from play. */
  removedTurn: number;
}

/** BRG-1.2.1 and BRG-1.2.2: the turn at whose start a fallen leader is replaced ("the 3rd turn after" read as removed turn + 3). */
export function replacementTurn(l: FallenLeader, pack: BrigadePack): { turn: number; rule: string } {
  const row = pack.leaders.replacedAfterTurns.find((r) => r.kind === l.kind);
  if (!row) refuse(`A fallen leader is ${LEADER_KINDS.join(', ')} (got "${l.kind}") (BRG-1.2).`);
  if (!Number.isInteger(l.removedTurn) || l.removedTurn < 1) refuse(`Give the turn ${l.leader} was removed, 1 or more (got ${l.removedTurn}) (BRG-1.2).`);
  return { turn: l.removedTurn + row.turns, rule: row.id };
}

export interface LeaderReplacementOutcome extends Outcome {
  rule: 'BRG-1.2';
  turn: number;
  replaced: (FallenLeader & { rule: string })[];
  waiting: (FallenLeader & { dueTurn: number; rule: string })[];
}

/** BRG-1.2: which fallen leaders are replaced at the start of `turn`; the rest wait. How he is placed is not in the source. */
export function replaceFallenLeaders(input: { turn: number; fallen: readonly FallenLeader[]; pack: BrigadePack }): LeaderReplacementOutcome {
  const replaced: LeaderReplacementOutcome['replaced'] = [];
  const waiting: LeaderReplacementOutcome['waiting'] = [];
  const steps: string[] = [];
  for (const l of input.fallen) {
    const due = replacementTurn(l, input.pack);
    if (due.turn <= input.turn) {
      replaced.push({ ...l, rule: due.rule });
      steps.push(`${l.leader} (${l.kind}) fell in turn ${l.removedTurn}: replaced at the start of turn ${due.turn} (${due.rule}).`);
    } else {
      waiting.push({ ...l, dueTurn: due.turn, rule: due.rule });
      steps.push(`${l.leader} (${l.kind}) fell in turn ${l.removedTurn}: not replaced before the start of turn ${due.turn} (${due.rule}).`);
    }
  }
  if (!steps.length) steps.push('No fallen leader to replace (BRG-1.2).');
  return { rule: 'BRG-1.2', turn: input.turn, replaced, waiting, dice: [], steps };
}

export interface BrigadeCommand {
  brigade: string;
  /** Measured from the Brigadier to the brigade's Sub General. */
  brigadierToSubGeneral: Measure;
  battalions: readonly { unit: string; toBrigadier: Measure }[];
}

export interface OutOfCommandOutcome extends Outcome {
  rule: 'BRG-1.3';
  effects: Extract<Effect, { effect: 'out-of-command' }>[];
}

/**
 * BRG-1.3: a battalion more than 4" (10cm) from its Brigadier is out of command, and so is every
 * battalion of a brigade whose Brigadier is more than 12" (30cm) from its Sub General. What being
 * out of command does is not in the source.
 */
export function markOutOfCommand(input: { brigades: readonly BrigadeCommand[]; pack: BrigadePack }): OutOfCommandOutcome {
  const { battalionToBrigadier: toBrig, brigadierToSubGeneral: toSub } = input.pack.outOfCommand;
  const effects: OutOfCommandOutcome['effects'] = [];
  const steps: string[] = [];
  for (const b of input.brigades) {
    const far = beyond(b.brigadierToSubGeneral, toSub, "the Brigadier's distance to the Sub General (BRG-1.3)");
    if (far) steps.push(`${b.brigade}: the Brigadier is ${measureText(b.brigadierToSubGeneral)} from the Sub General, more than ${toSub.in}" (${toSub.cm}cm): every battalion is out of command (BRG-1.3).`);
    for (const bn of b.battalions) {
      const away = beyond(bn.toBrigadier, toBrig, "a battalion's distance to its Brigadier (BRG-1.3)");
      const why = [
        ...(away ? [`${measureText(bn.toBrigadier)} from its Brigadier, more than ${toBrig.in}" (${toBrig.cm}cm)`] : []),
        ...(far ? [`its Brigadier is more than ${toSub.in}" (${toSub.cm}cm) from the Sub General`] : []),
      ].join('; ');
      if (away) steps.push(`${bn.unit} is ${why.split(';')[0]}: out of command (BRG-1.3).`);
      if (away || far) effects.push({ unit: bn.unit, effect: 'out-of-command', rule: 'BRG-1.3', why });
    }
  }
  steps.push(effects.length ? `${plural(effects.length, 'battalion')} marked out of command. ${effects.length === 1 ? 'Its effects are' : 'Their effects are'} not in the source.` : 'Every battalion is in command (BRG-1.3).');
  return { rule: 'BRG-1.3', effects, dice: [], steps };
}
