import { refuse } from '../../rules/errors.ts';
import { joinedBy, say, type Text } from '../../i18n/text.ts';
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
  const steps: Text[] = effects.length
    ? effects.map((e) => (e.formation ? say('brigade.command.ralliesIn', { unit: e.unit, formation: e.formation }) : say('brigade.command.rallies', { unit: e.unit })))
    : [say('brigade.command.noneRetreating')];
  if (effects.length) steps.push(say('brigade.command.markerOpen'));
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
  if (!row) refuse(say('brigade.command.fallenKind', { kinds: LEADER_KINDS.join(', '), got: l.kind }));
  if (!Number.isInteger(l.removedTurn) || l.removedTurn < 1) refuse(say('brigade.command.removedTurn', { leader: l.leader, got: String(l.removedTurn) }));
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
  const steps: Text[] = [];
  for (const l of input.fallen) {
    const due = replacementTurn(l, input.pack);
    if (due.turn <= input.turn) {
      replaced.push({ ...l, rule: due.rule });
      steps.push(say('brigade.command.replaced', { leader: l.leader, kind: l.kind, fell: String(l.removedTurn), turn: String(due.turn), rule: due.rule }));
    } else {
      waiting.push({ ...l, dueTurn: due.turn, rule: due.rule });
      steps.push(say('brigade.command.waiting', { leader: l.leader, kind: l.kind, fell: String(l.removedTurn), turn: String(due.turn), rule: due.rule }));
    }
  }
  if (!steps.length) steps.push(say('brigade.command.noFallen'));
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
  const steps: Text[] = [];
  for (const b of input.brigades) {
    const far = beyond(b.brigadierToSubGeneral, toSub, say('brigade.command.brigadierDistance'));
    if (far) steps.push(say('brigade.command.brigadierFar', { brigade: b.brigade, distance: measureText(b.brigadierToSubGeneral), in: String(toSub.in), cm: String(toSub.cm) }));
    for (const bn of b.battalions) {
      const away = beyond(bn.toBrigadier, toBrig, say('brigade.command.battalionDistance'));
      const why = joinedBy([
        ...(away ? [say('brigade.command.why.away', { distance: measureText(bn.toBrigadier), in: String(toBrig.in), cm: String(toBrig.cm) })] : []),
        ...(far ? [say('brigade.command.why.far', { in: String(toSub.in), cm: String(toSub.cm) })] : []),
      ], '; ');
      if (away) steps.push(say('brigade.command.battalionFar', { unit: bn.unit, distance: measureText(bn.toBrigadier), in: String(toBrig.in), cm: String(toBrig.cm) }));
      if (away || far) effects.push({ unit: bn.unit, effect: 'out-of-command', rule: 'BRG-1.3', why });
    }
  }
  steps.push(effects.length ? say('brigade.command.outOfCommand', { n: effects.length }) : say('brigade.command.allInCommand'));
  return { rule: 'BRG-1.3', effects, dice: [], steps };
}
