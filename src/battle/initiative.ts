import type { DiceStream } from '../dice/stream.ts';
import { resolveGrandTac } from '../rules/charge/initiative.ts';
import type { Action } from './actions.ts';
import { sideVoters } from './ballots.ts';
import { openBallot, type BallotContext, type Consequences } from './decide-ballots.ts';
import { refuse } from '../rules/errors.ts';
import type { BattleEvent } from './events.ts';
import type { BattleState } from './state.ts';

/**
 * The source sets no limit on Grand-Tac points (INIT-GRANDTAC); this only keeps a typo (a year, a
 * phone number) out of the log.
 */
const MAX_POINTS = 999;

/** INIT-GRANDTAC: each side's commander allots points in secret before the initiative roll. */
export function decideGrandTac(s: BattleState, action: Extract<Action, { type: 'OpenGrandTac' }>, ctx: BallotContext): BattleEvent[] {
  if (s.system !== 'charge') refuse(`Grand-tactical initiative belongs to the Napoleonic d10 charge rules (INIT-GRANDTAC); this battle plays ${s.system}.`);
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
  if (!dice) refuse('This battle has no dice stream to roll the initiative with.');
  const { value: outcome, dice: used } = dice.take((d) =>
    resolveGrandTac({ sides: revealed.choices.map((c) => ({ side: c.label, ...(c.choice !== null ? { points: Number(c.choice) } : {}) })), dice: d }),
  );
  return [{ type: 'GrandTacRolled', data: { ballotId: b.id, outcome, dice: used } }];
};
