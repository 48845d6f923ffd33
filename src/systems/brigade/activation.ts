import { refuse } from '../../rules/errors.ts';
import { say, type Text } from '../../i18n/text.ts';
import { measureText, printed, type Measure } from './measure.ts';
import type { BrigadePack } from './pack-schema.ts';

/**
 * Activate tokens (BRG-1.5, BRG-3.1.1, BRG-3.4.2) as plain data the battle keeps: who holds one, who
 * has activated. Placing them, removing one as a formation or unit activates (BRG-2.1.1,
 * BRG-3.2.1.1), and the loop conditions (BRG-2.3, BRG-3.2.6, BRG-3.4.7: "until all ... have been
 * activated") are pure functions over it.
 */

/** Where the tokens were placed: behind formations (BRG-1.5), units in close combat range (BRG-3.1.1), exploiting units (BRG-3.4.2). */
export type TokenRound = 'BRG-1.5' | 'BRG-3.1.1' | 'BRG-3.4.2';

export interface TokenHolder {
  /** A formation (BRG-1.5) or a unit (BRG-3.1.1, BRG-3.4.2). */
  id: string;
  side: string;
  name?: string;
}

export interface Tokens {
  placed: TokenRound;
  what: 'formation' | 'unit';
  holders: TokenHolder[];
  /** Ids that have activated, in order: their token is removed. */
  activated: string[];
}

const WHAT: Record<TokenRound, Tokens['what']> = { 'BRG-1.5': 'formation', 'BRG-3.1.1': 'unit', 'BRG-3.4.2': 'unit' };
const LOOP: Record<TokenRound, string> = { 'BRG-1.5': 'BRG-2.3', 'BRG-3.1.1': 'BRG-3.2.6', 'BRG-3.4.2': 'BRG-3.4.7' };
const label = (h: TokenHolder) => h.name ?? h.id;

export function placeTokens(placed: TokenRound, holders: readonly TokenHolder[]): Tokens {
  const ids = holders.map((h) => h.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) refuse(say('brigade.activation.namedTwice', { id: twice, what: WHAT[placed], rule: placed }));
  return { placed, what: WHAT[placed], holders: holders.map((h) => ({ ...h })), activated: [] };
}

/** Holders still waiting to activate, of one side or of both. */
export const awaiting = (t: Tokens, side?: string): TokenHolder[] => t.holders.filter((h) => !t.activated.includes(h.id) && (side === undefined || h.side === side));

export type NextActivation =
  | { status: 'done'; rule: string; steps: Text[] }
  | { status: 'initiative'; sides: [string, string]; steps: Text[] }
  /** Only one side has tokens left: it is the only side an initiative winner could declare, so it activates with no round. */
  | { status: 'one-side'; side: string; rule: string; steps: Text[] };

/** The initiative round of each token loop (BRG-2.1, BRG-3.2.1, BRG-3.4.2). */
const ROUND: Record<TokenRound, string> = { 'BRG-1.5': 'BRG-2.1', 'BRG-3.1.1': 'BRG-3.2.1', 'BRG-3.4.2': 'BRG-3.4.2' };

/**
 * What comes next in a token loop: another initiative round, the one side left activating, or the
 * end of the loop. The winner declares which side activates and the rounds repeat until every
 * holder of both sides has activated (BRG-2.1, BRG-2.3): with one side alone holding tokens, that
 * side is the only one a winner could declare, so no round is rolled.
 */
export function nextActivation(t: Tokens): NextActivation {
  const left = [...new Set(awaiting(t).map((h) => h.side))];
  if (left.length === 0) return { status: 'done', rule: LOOP[t.placed], steps: [say('brigade.activation.loopEnds', { what: t.what, rule: LOOP[t.placed] })] };
  if (left.length === 1) {
    const rule = ROUND[t.placed];
    return {
      status: 'one-side',
      side: left[0]!,
      rule,
      steps: [say('brigade.activation.oneSideLeft', { side: left[0]!, what: t.what, rule, loop: LOOP[t.placed] })],
    };
  }
  if (left.length > 2) refuse(say('brigade.activation.moreThanTwo', { sides: left.join(', ') }));
  return { status: 'initiative', sides: [left[0]!, left[1]!], steps: [say('brigade.activation.bothLeft', { a: left[0]!, b: left[1]!, what: t.what })] };
}

/**
 * The active side removes the token of the formation or unit it selects (BRG-2.1.1, BRG-3.2.1.1).
 * Refused: one not holding a token, one of the other side, one that has already activated.
 */
export function activate(t: Tokens, input: { side: string; id: string }): { tokens: Tokens; steps: Text[] } {
  const rule = t.placed === 'BRG-1.5' ? 'BRG-2.1.1' : 'BRG-3.2.1.1';
  const h = t.holders.find((x) => x.id === input.id);
  if (!h) refuse(say('brigade.activation.noToken', { id: input.id, rule: t.placed, what: t.what, waiting: awaiting(t, input.side).map(label).join(', ') || say('brigade.activation.none') }));
  if (h.side !== input.side) refuse(say('brigade.activation.otherSides', { name: label(h), owner: h.side, side: input.side, what: t.what, rule }));
  if (t.activated.includes(h.id)) {
    const rest = awaiting(t, input.side).map(label);
    refuse(rest.length ? say('brigade.activation.alreadySelectOther', { name: label(h), rule, rest: rest.join(', ') }) : say('brigade.activation.alreadyNoneLeft', { name: label(h), rule, side: input.side, what: t.what }));
  }
  const steps: Text[] = [say('brigade.activation.selects', { side: input.side, name: label(h), rule })];
  if (t.placed === 'BRG-1.5') steps.push(say('brigade.activation.allMustAct'));
  return { tokens: { ...t, activated: [...t.activated, h.id] }, steps };
}

/** A unit and its measured distance to the nearest enemy, for BRG-3.1.1. */
export interface RangeCheck extends TokenHolder {
  nearestEnemy: Measure;
}

/** BRG-3.1.1: activate tokens go behind every unit within close combat range, 2" (5cm). */
export function placeCloseCombatTokens(units: readonly RangeCheck[], pack: BrigadePack): { tokens: Tokens; steps: Text[] } {
  const range = pack.closeCombat.range;
  const steps: Text[] = [];
  const inRange = units.filter((u) => {
    const limit = printed(range, u.nearestEnemy, say('brigade.activation.closeCombatRange'));
    const yes = u.nearestEnemy.value <= limit;
    const values = { name: label(u), distance: measureText(u.nearestEnemy), range: u.nearestEnemy.unit === 'in' ? `${range.in}"` : `${limit}cm` };
    steps.push(yes ? say('brigade.activation.withinRange', values) : say('brigade.activation.beyondRange', values));
    return yes;
  });
  return { tokens: placeTokens('BRG-3.1.1', inRange.map(({ nearestEnemy: _m, ...h }) => h)), steps };
}
