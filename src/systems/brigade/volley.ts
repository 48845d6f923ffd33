import { refuse } from '../../rules/errors.ts';
import { say, type Text } from '../../i18n/text.ts';
import type { Effect, FallenLeaderRoll } from './effects.ts';
import type { Outcome } from '../../rules/outcome.ts';

/**
 * The March and Volley round, BRG-2.2. The source gives no fire procedure (no fire table, no
 * modifiers, no number of actions per unit): a volley's casualties are the players' or GM's input,
 * and this round computes what follows from them. That every unit of the activated formation acts
 * (BRG-2.1.2) is seen on the table: moves are not logged. Units hit test morale at the end of the
 * round (BRG-2.2.1) but only once per
 * phase unless stampeding elephants affect them (BRG-2.2.2), and leaders attached to a unit that lost
 * at least one casualty to shooting roll on the Fallen Leader table (BRG-2.2.3, a table not in the
 * source).
 */

export interface Volley {
  firer: string;
  target: string;
  /** Casualties inflicted, as looked up or ruled: the source gives no fire table. */
  casualties: number;
}

/** What the battle knows of a unit hit by the round's fire. */
export interface VolleyTarget {
  unit: string;
  /** Leaders attached to it (BRG-2.2.3). */
  leaders?: readonly string[];
  /** It has already tested morale this phase (BRG-2.2.2). */
  testedThisPhase?: boolean;
  /** It is affected by stampeding elephants, so it tests again (BRG-2.2.2). */
  stampedingElephants?: boolean;
  /** The fire took the last of its strength: destroyed, it has no morale to test (BRG-2.2). */
  destroyed?: boolean;
}

export interface VolleyRoundOutcome extends Outcome {
  rule: 'BRG-2.2';
  formation: string;
  volleys: Volley[];
  /** Casualties from this round's fire, per unit hit. */
  casualties: { unit: string; count: number }[];
  moraleTests: Extract<Effect, { effect: 'morale-test' }>[];
  /** Units hit that need not test again this phase (BRG-2.2.2). */
  excused: string[];
  fallenLeaderRolls: FallenLeaderRoll[];
}

export function closeVolleyRound(input: {
  formation: string;
  volleys: readonly Volley[];
  targets?: readonly VolleyTarget[];
}): VolleyRoundOutcome {
  const { formation } = input;
  for (const v of input.volleys) {
    if (!Number.isInteger(v.casualties) || v.casualties < 0) refuse(say('brigade.volley.casualtiesWhole', { firer: v.firer, target: v.target, got: String(v.casualties) }));
  }
  const steps: Text[] = [say('brigade.volley.roundEnds', { formation })];
  const byUnit = new Map<string, number>();
  for (const v of input.volleys) {
    byUnit.set(v.target, (byUnit.get(v.target) ?? 0) + v.casualties);
    steps.push(say('brigade.volley.firedAsGiven', { firer: v.firer, target: v.target, n: v.casualties }));
  }
  const casualties = [...byUnit].filter(([, n]) => n > 0).map(([unit, count]) => ({ unit, count }));
  const targets = new Map((input.targets ?? []).map((t) => [t.unit, t]));
  const moraleTests: VolleyRoundOutcome['moraleTests'] = [];
  const excused: string[] = [];
  const fallenLeaderRolls: FallenLeaderRoll[] = [];
  for (const { unit, count } of casualties) {
    const t = targets.get(unit);
    if (t?.destroyed) steps.push(say('brigade.volley.destroyedNoTest', { unit }));
    else if (t?.testedThisPhase && !t.stampedingElephants) {
      excused.push(unit);
      steps.push(say('brigade.volley.testedAlready', { unit }));
    } else {
      const why = say('brigade.volley.why.casualties', { n: count, formation, again: t?.testedThisPhase ? 'yes' : 'no' });
      moraleTests.push({ unit, effect: 'morale-test', rule: 'BRG-2.2.1', why });
      steps.push(say(t?.testedThisPhase ? 'brigade.volley.testsAgain' : 'brigade.volley.tests', { unit, n: count, formation }));
    }
    for (const leader of t?.leaders ?? []) {
      fallenLeaderRolls.push({ leader, unit, rule: 'BRG-2.2.3', why: say('brigade.volley.why.leader', { unit, n: count }) });
      steps.push(say('brigade.volley.fallenLeader', { leader, unit }));
    }
  }
  if (moraleTests.length) steps.push(say('brigade.volley.testsNotInSource'));
  if (!casualties.length) steps.push(say('brigade.volley.noCasualties'));
  return { rule: 'BRG-2.2', formation, volleys: input.volleys.map((v) => ({ ...v })), casualties, moraleTests, excused, fallenLeaderRolls, dice: [], steps };
}
