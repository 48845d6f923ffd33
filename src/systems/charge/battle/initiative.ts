import { concat, joinedBy, say, type Text } from '../../../i18n/text.ts';
import type { DiceStream } from '../../../dice/stream.ts';
import { sideVoters } from '../../../battle/ballots.ts';
import { openBallot, type BallotContext, type Consequences } from '../../../battle/decide-ballots.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import { findSide } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import type { Owed } from '../../../battle/system.ts';
import { refuse } from '../../../rules/errors.ts';
import { resolveGrandTac, type GrandTacOutcome, type Modifier } from '../initiative.ts';
import { chargeSequence } from '../sequence.ts';
import { chg, lines } from './state.ts';

export type OpenGrandTac = { type: 'OpenGrandTac'; deadline?: string; modifiers?: Record<string, Modifier[]> };

export type GrandTacRolled = { type: 'GrandTacRolled'; data: { ballotId: string; outcome: GrandTacOutcome; dice: DiceUsed } };
/** A GM's modifiers to a Grand-Tac roll, by side name, given as the ballot opens; applied at its reveal. */
export type GrandTacModifiersSet = { type: 'GrandTacModifiersSet'; data: { ballotId: string; modifiers: Record<string, Modifier[]> } };

/**
 * The source sets no limit on Grand-Tac points (INIT-GRANDTAC); this only keeps a typo (a year, a
 * phone number) out of the log.
 */
const MAX_POINTS = 999;

/** INIT-GRANDTAC: each side's commander allots points in secret before the initiative roll; a GM may give the roll's modifiers (the source lists none). */
export function decideGrandTac(s: BattleState, action: OpenGrandTac, ctx: BallotContext): BattleEvent[] {
  if (Object.keys(s.sides).length !== 2) refuse(say('charge.battle.initiative.twoSides', { n: Object.keys(s.sides).length }));
  const modifiers = Object.fromEntries(Object.entries(action.modifiers ?? {}).map(([side, ms]) => [findSide(s, side).name, checked(ms)]));
  const voters = sideVoters(s, []);
  const opened = openBallot(s, ctx, {
    kind: 'grandtac',
    title: say('charge.initiative.ballotTitle', { turn: String(s.position.turn) }),
    rule: 'INIT-GRANDTAC',
    voters,
    input: { kind: 'number', min: 0, max: MAX_POINTS },
    audience: 'channel',
    ...(action.deadline ? { deadline: action.deadline } : {}),
  });
  const ballotId = (opened.data as { ballotId: string }).ballotId;
  return Object.keys(modifiers).length ? [opened, { type: 'GrandTacModifiersSet', data: { ballotId, modifiers } }] : [opened];
}

export function checked(ms: readonly Modifier[]): Modifier[] {
  for (const m of ms) if (!Number.isInteger(m.value)) refuse(say('charge.battle.initiative.wholeModifier', { label: m.label, value: String(m.value) }));
  return [...ms];
}

/**
 * INIT-GRANDTAC: "If during initiative, the combined rolls (without modifiers) of the two commanders
 * equals or exceeds 17, the turn ends immediately": the battle moves to the next turn, whose first
 * phase is the army commanders' roll.
 */
export function turnEnded(s: BattleState): BattleEvent {
  const to = chargeSequence.nextTurn(s.position);
  const info = chargeSequence.describe(to);
  return { type: 'PhaseAdvanced', data: { from: s.position, to, phaseId: info.id, phaseName: info.name, ...(info.number !== undefined ? { phaseNumber: info.number } : {}), due: [...info.due] } };
}

/** The Grand-Tac initiative the first phase owes each turn, until a GM opens it (its ballot then holds the phase while votes are missing). */
export function chargeOwed(s: BattleState): Owed[] {
  const { turn } = s.position;
  if (chargeSequence.describe(s.position).id !== 'INIT-GRANDTAC' || Object.keys(s.sides).length !== 2) return [];
  if (Object.values(s.ballots).some((b) => b.kind === 'grandtac' && b.turn === turn)) return [];
  return [{ key: `grandtac@${turn}`, text: say('charge.initiative.owed', { turn: String(turn) }), example: '/initiative open deadline:1h' }];
}

/** The points revealed, then the roll: 1d10 a commander with the GM's modifiers, high wins, unmodified 17 or more ends the turn. */
export const grandTacConsequences: Consequences = (s, b, revealed, dice?: DiceStream) => {
  if (b.kind !== 'grandtac') return [];
  if (!dice) refuse(say('charge.battle.initiative.noDice'));
  const modifiers = chg(s).grandTac?.[b.id] ?? {};
  const { value: outcome, dice: used } = dice.take((d) =>
    resolveGrandTac({
      sides: revealed.choices.map((c) => ({ side: c.label, ...(c.choice !== null ? { points: Number(c.choice) } : {}), ...(modifiers[c.label] ? { modifiers: modifiers[c.label] } : {}) })),
      dice: d,
    }),
  );
  return [{ type: 'GrandTacRolled', data: { ballotId: b.id, outcome, dice: used } }, ...(outcome.turnEnds ? [turnEnded(s)] : [])];
};

export function evolveGrandTacModifiers(d: BattleState, e: GrandTacModifiersSet): void {
  const c = chg(d);
  d.rules = { ...c, grandTac: { ...c.grandTac, [e.data.ballotId]: e.data.modifiers } };
}

/** A modifier as the working lists it: "+1 army commander". */
const modifierWords = (m: Modifier): Text => concat(`${m.value >= 0 ? '+' : ''}${m.value} `, m.label);

/** A commander's roll as a sentence of the working: its points, die, roll and any modifiers. */
export function rollLine(r: GrandTacOutcome['rolls'][number]): Text {
  const base = { side: r.side, die: String(r.die), roll: String(r.roll) };
  const modified = r.modifiers.length ? { modifiers: joinedBy(r.modifiers.map(modifierWords), ' '), total: String(r.total) } : undefined;
  if (r.points !== undefined) return modified ? say('charge.battle.initiative.rollPointsModified', { ...base, points: r.points, ...modified }) : say('charge.battle.initiative.rollPoints', { ...base, points: r.points });
  return modified ? say('charge.battle.initiative.rollModified', { ...base, ...modified }) : say('charge.battle.initiative.roll', base);
}

export function describeGrandTac(e: GrandTacRolled): Text {
  const o = e.data.outcome;
  return lines(say('charge.battle.initiative.head', { reason: o.result.reason }), [...o.rolls.map(rollLine), ...o.notes]);
}

export function describeGrandTacModifiers(e: GrandTacModifiersSet): Text {
  const sides = Object.entries(e.data.modifiers).map(([side, ms]) => concat(`${side} `, joinedBy(ms.map(modifierWords), ', ')));
  return say('charge.battle.initiative.modifiersSet', { ballot: e.data.ballotId, sides: joinedBy(sides, '; ') });
}
