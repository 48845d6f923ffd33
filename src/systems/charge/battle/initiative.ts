import type { DiceStream } from '../../../dice/stream.ts';
import { sideVoters } from '../../../battle/ballots.ts';
import { openBallot, type BallotContext, type Consequences } from '../../../battle/decide-ballots.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import type { BattleState } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import { resolveGrandTac, type GrandTacOutcome } from '../initiative.ts';
import { lines } from './state.ts';

export type OpenGrandTac = { type: 'OpenGrandTac'; deadline?: string };

export type GrandTacRolled = { type: 'GrandTacRolled'; data: { ballotId: string; outcome: GrandTacOutcome; dice: DiceUsed } };

/**
 * The source sets no limit on Grand-Tac points (INIT-GRANDTAC); this only keeps a typo (a year, a
 * phone number) out of the log.
 */
const MAX_POINTS = 999;

/** INIT-GRANDTAC: each side's commander allots points in secret before the initiative roll. */
export function decideGrandTac(s: BattleState, action: OpenGrandTac, ctx: BallotContext): BattleEvent[] {
  if (Object.keys(s.sides).length !== 2) refuse(`Grand-tactical initiative is a roll between two commanders; this battle has ${Object.keys(s.sides).length} side(s).`);
  const voters = sideVoters(s, []);
  return [
    openBallot(s, ctx, {
      kind: 'grandtac',
      title: `Grand-Tac points for turn ${s.position.turn}`,
      rule: 'INIT-GRANDTAC',
      voters,
      input: { kind: 'number', min: 0, max: MAX_POINTS },
      audience: 'channel',
      ...(action.deadline ? { deadline: action.deadline } : {}),
    }),
  ];
}

/** The points revealed, then the roll: 1d10 a commander, high wins, unmodified 17 or more ends the turn. */
export const grandTacConsequences: Consequences = (_s, b, revealed, dice?: DiceStream) => {
  if (b.kind !== 'grandtac') return [];
  if (!dice) refuse('This battle has no dice stream to roll the initiative with.');
  const { value: outcome, dice: used } = dice.take((d) =>
    resolveGrandTac({ sides: revealed.choices.map((c) => ({ side: c.label, ...(c.choice !== null ? { points: Number(c.choice) } : {}) })), dice: d }),
  );
  return [{ type: 'GrandTacRolled', data: { ballotId: b.id, outcome, dice: used } }];
};

export function describeGrandTac(e: GrandTacRolled): string {
  const o = e.data.outcome;
  const rolls = o.rolls.map((r) => `${r.side}${r.points !== undefined ? ` (${r.points} points)` : ''} rolls d${r.die} ${r.roll}${r.modifiers.length ? ` ${r.modifiers.map((m) => `${m.value >= 0 ? '+' : ''}${m.value} ${m.label}`).join(' ')} = ${r.total}` : ''}`);
  return lines(`grand-tactical initiative: ${o.result.reason}`, [...rolls.map((r) => `${r}.`), ...o.notes]);
}
