import type { BattleState } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { say, type Phrase, type Text } from '../../../i18n/text.ts';
import { refuse } from '../../../rules/errors.ts';
import type { FirePhase } from '../index.ts';
import { percentileSequence } from '../sequence.ts';

/** Where the battle is in the percentile turn sequence, as the fire and night rules read it. */

export const phaseOf = (pos: TurnPosition): { id: string; name: Text } => percentileSequence.describe(pos);
export const firePhase = (pos: TurnPosition): FirePhase => {
  const id = phaseOf(pos).id;
  return id === 'reciprocal-artillery-fire' ? 'reciprocal-artillery' : id === 'reciprocal-infantry-fire' ? 'reciprocal-infantry' : 'other';
};
export const before = (a: TurnPosition, b: TurnPosition) => a.turn < b.turn || (a.turn === b.turn && a.phase < b.phase);
/** A position in a working or a refusal: "turn 2, Movement Phase". */
export const posPhrase = (p: TurnPosition): Phrase => say('percentile.phase.position', { turn: String(p.turn), phase: phaseOf(p).name });
export const isNight = (s: BattleState) => s.position.period === 'night';

/** NIGHT-18.0: combat ends with the dusk turn (the vote phase follows it) and stops for the interphase. */
export function checkCombatTime(s: BattleState) {
  if (s.position.period === 'interphase') refuse(say('percentile.phase.interphase'));
  if (phaseOf(s.position).id === 'active-passive-vote') refuse(say('percentile.phase.vote'));
}
