import { english, joinedBy, say, type Text } from '../../i18n/text.ts';
import type { Dice } from '../../rules/outcome.ts';

/**
 * Grand-tactical initiative, INIT-GRANDTAC (docs/rules/charge.md).
 * What the source says, all of it:
 * - "To test initiative, the two opposing commanders each roll 1d10 and apply any modifiers. The
 *   high modified die wins. Grand-Tac points are allotted secretly prior to the rolls."
 * - "The two army commanders roll for initiative at the beginning of the turn."
 * - "During the turn, Division or better commanders may contest the initiative. They roll against
 *   the active division (corps or army if attached) commander."
 * - "If during initiative, the combined rolls (without modifiers) of the two commanders equals or
 *   exceeds 17, the turn ends immediately."
 * What it leaves open: the "Grand-tac Initiative" table is illegible (`Ooo~No oW NEF O`); how
 * Grand-Tac points are spent or whether they change the roll; the initiative modifiers; limits on
 * the points; ties. So points are recorded, modifiers are inputs (the GM's, each labelled), limits
 * are an input, and a tie is reported for the GM to settle. The 17 rule is read as applying to any
 * initiative roll, a contest included ("If during initiative").
 */

export const GRANDTAC = { rule: 'INIT-GRANDTAC', die: 10, turnEndsAt: 17 } as const;


export interface Modifier {
  label: Text;
  value: number;
  /** The rule or ruling it comes from, e.g. a house rule's name. */
  rule?: string;
}

export interface GrandTacSide {
  /** Side id (army roll) or commander id (a contest). */
  side: string;
  /** Grand-Tac points allotted in secret before the roll; none in a contest where not used. */
  points?: number;
  /** Modifiers to this side's roll: INIT-GRANDTAC gives none, so they are the GM's. */
  modifiers?: readonly Modifier[];
}

/** Limits on allotted points: the source gives none, so a battle may set them. */
export interface PointLimits {
  min?: number;
  max?: number;
}

export type PointsCheck = { ok: true } | { ok: false; reason: Text };

/** For the secret allotment ballot: a whole number of points, 0 or more, within the battle's limits. */
export function checkGrandTacPoints(points: number, limits: PointLimits = {}): PointsCheck {
  const min = Math.max(0, limits.min ?? 0);
  if (!Number.isInteger(points) || points < min) return { ok: false, reason: say('charge.initiative.pointsWhole', { min: String(min), points: String(points) }) };
  if (limits.max !== undefined && points > limits.max) return { ok: false, reason: say('charge.initiative.pointsLimited', { max: String(limits.max), points: String(points) }) };
  return { ok: true };
}

export interface GrandTacRoll {
  side: string;
  points?: number;
  die: 10;
  roll: number;
  modifiers: Modifier[];
  total: number;
}

export type GrandTacResult =
  | { kind: 'turn-ends'; reason: Text }
  | { kind: 'winner'; side: string; by: number; reason: Text }
  | { kind: 'tie'; needsGm: true; reason: Text };

export interface GrandTacOutcome {
  rule: 'INIT-GRANDTAC';
  kind: 'army' | 'contest';
  rolls: [GrandTacRoll, GrandTacRoll];
  /** The two unmodified rolls added: 17 or more ends the turn. */
  unmodifiedSum: number;
  turnEnds: boolean;
  result: GrandTacResult;
  notes: Text[];
}

/**
 * One initiative test between two commanders: the army commanders at the start of the turn
 * (`kind: 'army'`, the default), or a Division-or-better commander contesting it during the turn.
 * Rolls 1d10 for each side in the order given. Points outside `limits` are a bug here (the ballot
 * checks them with `checkGrandTacPoints`) and throw.
 */
export function resolveGrandTac(input: { sides: readonly GrandTacSide[]; dice: Dice; limits?: PointLimits; kind?: 'army' | 'contest' }): GrandTacOutcome {
  const { sides, dice } = input;
  if (sides.length !== 2) throw new RangeError(`INIT-GRANDTAC is a roll between two commanders (got ${sides.length})`);
  const [a, b] = sides as [GrandTacSide, GrandTacSide];
  if (a.side === b.side) throw new RangeError(`both initiative rolls are for "${a.side}"`);
  for (const s of sides) {
    if (s.points !== undefined) {
      const check = checkGrandTacPoints(s.points, input.limits);
      if (!check.ok) throw new RangeError(`${s.side}: ${english(check.reason)}`);
    }
    for (const m of s.modifiers ?? []) if (!Number.isFinite(m.value)) throw new RangeError(`${s.side}: modifier "${english(m.label)}" is not a number`);
  }

  const roll = (s: GrandTacSide): GrandTacRoll => {
    const r = dice.die(GRANDTAC.die);
    const modifiers = (s.modifiers ?? []).map((m) => ({ ...m }));
    return { side: s.side, ...(s.points !== undefined ? { points: s.points } : {}), die: GRANDTAC.die, roll: r, modifiers, total: r + modifiers.reduce((t, m) => t + m.value, 0) };
  };
  const rolls: [GrandTacRoll, GrandTacRoll] = [roll(a), roll(b)];
  const [ra, rb] = rolls;
  const unmodifiedSum = ra.roll + rb.roll;
  const turnEnds = unmodifiedSum >= GRANDTAC.turnEndsAt;

  let result: GrandTacResult;
  if (turnEnds) {
    result = { kind: 'turn-ends', reason: say('charge.initiative.turnEnds', { a: String(ra.roll), b: String(rb.roll), sum: String(unmodifiedSum), at: String(GRANDTAC.turnEndsAt) }) };
  } else if (ra.total === rb.total) {
    result = { kind: 'tie', needsGm: true, reason: say('charge.initiative.tie', { total: String(ra.total) }) };
  } else {
    const [win, lose] = ra.total > rb.total ? [ra, rb] : [rb, ra];
    result = { kind: 'winner', side: win.side, by: win.total - lose.total, reason: say('charge.initiative.wins', { side: win.side, total: String(win.total), other: String(lose.total) }) };
  }

  const notes: Text[] = [];
  if (sides.some((s) => s.points !== undefined)) {
    const points = rolls.map((r) => say('charge.initiative.sidePoints', { side: r.side, points: r.points !== undefined ? String(r.points) : say('charge.initiative.noPoints') }));
    notes.push(say('charge.initiative.pointsNote', { points: joinedBy(points, ', ') }));
  }
  return { rule: 'INIT-GRANDTAC', kind: input.kind ?? 'army', rolls, unmodifiedSum, turnEnds, result, notes };
}
