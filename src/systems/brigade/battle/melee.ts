import { say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import { actsFor, checkGmRulings, claim, findSide, findUnit, needDice, rulingLine, sideName, unitSideId, type Ruling } from '../../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import {
  assignRemainder,
  brigadePack as pack,
  checkNotBoth,
  cite,
  meleeResults,
  resolveMelee,
  type Distance,
  type GivenModifier,
  type MeleeDie,
  type MeleeOutcome,
  type MeleeResults,
  type MeleeSide,
  type Rounding,
} from '../index.ts';
import { meleeHouse } from './house.ts';
import { addCasualties, armOf, checkInPlay, checkPhase, combatNow, leaderOf, left, lines, setCombat, setUnit, sideOfUnit, strength, unitName } from './state.ts';

/** Melee (BRG-3.3): resolved, and the GM's rulings the source leaves open (a tie, an uneven split). */
export type MeleeAction =
  | {
      type: 'BrigadeMelee';
      a: string[];
      b: string[];
      /** GM rulings: supplementary modifiers per side, rounding, infantry retreat, remainder order, a tie's loser, melee dice. */
      supplementaryA?: GivenModifier[];
      supplementaryB?: GivenModifier[];
      rounding?: Rounding;
      infantryRetreat?: number;
      remainder?: string[];
      onTie?: string;
      meleeDice?: { unit: string; die: string }[];
    }
  | { type: 'BrigadeMeleeTie'; loser: string }
  | { type: 'BrigadeAssignRemainder'; units: string[] };

export interface BrigadeMeleeOutcome extends MeleeOutcome {
  rulings: Ruling[];
}

export type MeleeEvent =
  | { type: 'BrigadeMeleeResolved'; data: { at: TurnPosition; a: string[]; b: string[]; outcome: BrigadeMeleeOutcome; dice: DiceUsed } }
  | { type: 'BrigadeMeleeTieRuled'; data: { at: TurnPosition; by: string; results: MeleeResults; unitIds: Record<string, string> } }
  | { type: 'BrigadeRemainderAssigned'; data: { at: TurnPosition; by: string; unitIds: string[]; steps: Text[] } };

const byName = (s: BattleState) => (ref: string) => findUnit(s, ref);

/** BRG-3.3.2-3.3.5: one melee between the units of two sides, applied to them. */
export function melee(s: BattleState, a: Extract<MeleeAction, { type: 'BrigadeMelee' }>, ctx: DecideContext): BattleEvent[] {
  checkPhase(s, 'BRG-3', say('brigade.melee.when'));
  if (combatNow(s)?.tied) refuse(say('brigade.melee.tieWaits'));
  if (combatNow(s)?.remainder) refuse(remainderWaits(s));
  const ua = a.a.map(byName(s));
  const ub = a.b.map(byName(s));
  if (!ua.length || !ub.length) refuse(say('brigade.melee.nameBoth'));
  const sideA = unitSideId(s, ua[0]!);
  const sideB = unitSideId(s, ub[0]!);
  for (const u of ua) if (unitSideId(s, u) !== sideA) refuse(say('brigade.melee.otherSide', { unit: u.name, owner: sideOfUnit(s, u), side: sideName(s, sideA), option: 'units_a' }));
  for (const u of ub) if (unitSideId(s, u) !== sideB) refuse(say('brigade.melee.otherSide', { unit: u.name, owner: sideOfUnit(s, u), side: sideName(s, sideB), option: 'units_b' }));
  if (sideA === sideB) refuse(say('brigade.melee.sameSide', { side: sideName(s, sideA) }));
  if (![...ua, ...ub].some((u) => actsFor(s, ctx.actor, u))) refuse(say('brigade.melee.whoResolves'));
  for (const u of [...ua, ...ub]) checkInPlay(s, u);
  const gmRulings = [a.supplementaryA ? 'supplementary_a' : '', a.supplementaryB ? 'supplementary_b' : '', a.rounding ? 'rounding' : '', a.infantryRetreat !== undefined ? 'infantry_retreat' : '', a.remainder ? 'remainder' : '', a.onTie ? 'on_tie' : ''].filter(Boolean);
  checkGmRulings(s, ctx.actor, gmRulings, 'BRG-3.3.2-3.3.4', say('brigade.gmGives.it'));
  const rulings: Ruling[] = [];
  const dieOf = (u: Unit): MeleeDie => {
    const roster = u.attrs.melee_dice === undefined ? undefined : String(u.attrs.melee_dice);
    const given = a.meleeDice?.find((m) => findUnit(s, m.unit).id === u.id)?.die;
    if (given !== undefined) {
      if (!['0', '1D3', '1D6'].includes(given)) refuse(say('brigade.melee.dieIs', { unit: u.name, got: given }));
      const r = claim(s, ctx.actor, { what: say('brigade.claim.meleeDie', { unit: u.name }), claimed: given, derived: roster ?? say('brigade.claim.notSet'), source: say('brigade.theRoster'), rule: 'BRG-3.3.2' });
      if (r) rulings.push(r);
      return given as MeleeDie;
    }
    return (roster ?? refuse(say('brigade.melee.noDie', { unit: u.name }))) as MeleeDie;
  };
  for (const m of a.meleeDice ?? []) if (![...ua, ...ub].some((u) => u.id === findUnit(s, m.unit).id)) refuse(say('brigade.melee.notInMelee', { unit: m.unit }));
  const remainder = (a.remainder ?? []).map((r) => findUnit(s, r).name);
  const side = (units: Unit[], sideId: string, supp: GivenModifier[] | undefined): MeleeSide => ({
    side: sideName(s, sideId),
    units: units.map((u) => ({ unit: u.name, arm: armOf(u), morale: Number(u.attrs.morale), meleeDie: dieOf(u), leaders: leaderOf(u), left: left(s, u) })),
    ...(supp ? { supplementary: supp } : {}),
    ...(remainder.length ? { remainderOrder: remainder } : {}),
  });
  const sides: [MeleeSide, MeleeSide] = [side(ua, sideA, a.supplementaryA), side(ub, sideB, a.supplementaryB)];
  const infantryRetreat: Distance | undefined = a.infantryRetreat !== undefined ? { in: a.infantryRetreat, cm: null } : undefined;
  if (a.onTie !== undefined) findSide(s, a.onTie);
  const house = meleeHouse(s);
  // A tie the house rule has rolled again needs no ruling given beforehand (BRG-3.3.3).
  if (house.tie?.value === 'roll-again') checkNotBoth(house.tie, a.onTie !== undefined, 'on_tie', 'BRG-3.3.3');
  const { value: o, dice } = needDice(ctx.dice).take((d) => resolveMelee({ sides, ...(a.rounding ? { rounding: a.rounding } : {}), ...(infantryRetreat ? { infantryRetreat } : {}), house, dice: d, pack }));
  let outcome: BrigadeMeleeOutcome = { ...o, rulings };
  if (o.tied && a.onTie !== undefined) {
    const loser = findSide(s, a.onTie).name;
    const results = meleeResults({ sides, loser, difference: 0, ...(infantryRetreat ? { infantryRetreat } : {}), house, pack });
    const ruling = house.tie ? say('brigade.battle.melee.tieRulingHouse', { cite: cite(house.tie), loser }) : say('brigade.battle.melee.tieRuling', { loser });
    outcome = { ...outcome, winner: sides.find((x) => x.side !== loser)!.side, loser, results, steps: [...o.steps, ruling, ...results.steps] };
  }
  return [{ type: 'BrigadeMeleeResolved', data: { at: s.position, a: ua.map((u) => u.id), b: ub.map((u) => u.id), outcome, dice } }];
}

/** BRG-3.3.3: equal strengths; the source gives no rule, so the GM names the loser and the results follow (BRG-3.3.4). */
export function meleeTie(s: BattleState, loserRef: string, ctx: DecideContext): BattleEvent[] {
  const tied = combatNow(s)?.tied ?? refuse(say('brigade.melee.noTie'));
  const loser = findSide(s, loserRef).name;
  // The strength each unit has left now, for a unit the results destroy (BRG-3.3.4).
  const withLeft = (x: MeleeSide): MeleeSide => ({ ...x, units: x.units.map((u) => ({ ...u, left: left(s, findUnit(s, u.unit)) })) });
  const sides: [MeleeSide, MeleeSide] = [withLeft(tied.sides[0]), withLeft(tied.sides[1])];
  const results = meleeResults({ sides, loser, difference: 0, ...(tied.infantryRetreat ? { infantryRetreat: tied.infantryRetreat } : {}), house: meleeHouse(s), pack });
  const unitIds = Object.fromEntries(tied.sides.flatMap((x) => x.units.map((u) => [u.unit, findUnit(s, u.unit).id])));
  return [{ type: 'BrigadeMeleeTieRuled', data: { at: s.position, by: ctx.actor, results, unitIds } }];
}

/** The refusal while an uneven split waits for the GM (BRG-3.3.4). */
export function remainderWaits(s: BattleState): Text {
  const r = combatNow(s)!.remainder!;
  return say('brigade.melee.remainderWaits', { n: r.count, among: r.among.map((id) => unitName(s, id)).join(', ') });
}

/** BRG-3.3.4: the GM names the units that take an uneven split's remaining extra casualties, one each. */
export function remainderRuling(s: BattleState, refs: string[], ctx: DecideContext): BattleEvent[] {
  const r = combatNow(s)?.remainder ?? refuse(say('brigade.melee.noRemainder'));
  const names = refs.map((ref) => findUnit(s, ref).name);
  const steps: Text[] = assignRemainder({ pending: { count: r.count, among: r.among.map((id) => unitName(s, id)) }, units: names }).steps;
  const unitIds = names.map((n) => r.among.find((id) => unitName(s, id) === n)!);
  for (const id of unitIds) {
    const now = left(s, s.units[id]!) - 1;
    steps.push(now > 0 ? say('brigade.state.leftOf', { unit: unitName(s, id), left: now, strength: strength(s.units[id]!) }) : say('brigade.state.noneLeft', { unit: unitName(s, id), rule: 'BRG-3.3.4' }));
  }
  return [{ type: 'BrigadeRemainderAssigned', data: { at: s.position, by: ctx.actor, unitIds, steps } }];
}

/** Melee results applied: casualties, retreats with markers, who won and lost. */
function applyResults(d: BattleState, at: TurnPosition, results: MeleeResults, idOf: (name: string) => string | undefined) {
  for (const c of results.casualties) {
    const id = idOf(c.unit);
    if (id) setUnit(d, id, addCasualties(c.count));
  }
  for (const e of results.effects) {
    if (e.effect !== 'retreat') continue;
    const id = idOf(e.unit);
    if (id) setUnit(d, id, (st) => ({ ...st, retreating: { at, rule: e.rule, marker: e.marker === true } }));
  }
  const pending = results.pendingRemainder;
  const among = pending ? pending.among.flatMap((n) => (idOf(n) ? [idOf(n)!] : [])) : [];
  const fought = Object.fromEntries(results.casualties.flatMap((x) => (idOf(x.unit) ? [[idOf(x.unit)!, x.side === results.loser ? ('lost' as const) : ('won' as const)]] : [])));
  setCombat(d, at, (c) => ({
    ...c,
    tied: undefined,
    remainder: pending ? { count: pending.count, among } : undefined,
    melee: { ...c.melee, ...fought },
    // BRG-3.4.1: a counter-charge is met by the first melee its unit fights after it.
    ...(c.counters ? { counters: c.counters.map((x) => (x.met === undefined && fought[x.unitId] ? { ...x, met: fought[x.unitId] } : x)) } : {}),
  }));
}

export function evolveMelee(d: BattleState, e: MeleeEvent): void {
  switch (e.type) {
    case 'BrigadeMeleeResolved': {
      const { at, outcome } = e.data;
      const ids = [...e.data.a, ...e.data.b];
      const idOf = (name: string) => ids.find((id) => d.units[id]?.name === name);
      if (outcome.results) applyResults(d, at, outcome.results, idOf);
      else if (outcome.tied) {
        const sides = outcome.strengths.map((st, i) => {
          const unitIds = i === 0 ? e.data.a : e.data.b;
          return {
            side: st.side,
            units: unitIds.flatMap((id) => {
              const u = d.units[id];
              return u ? [{ unit: u.name, arm: armOf(u), morale: Number(u.attrs.morale), meleeDie: (st.dice.find((x) => x.unit === u.name)?.die ?? '0') as MeleeDie, leaders: leaderOf(u) }] : [];
            }),
          };
        });
        setCombat(d, at, (c) => ({ ...c, tied: { sides: [sides[0]!, sides[1]!] } }));
      }
      return;
    }
    case 'BrigadeMeleeTieRuled':
      applyResults(d, e.data.at, e.data.results, (name) => e.data.unitIds[name]);
      return;
    case 'BrigadeRemainderAssigned':
      for (const id of e.data.unitIds) setUnit(d, id, addCasualties(1));
      setCombat(d, e.data.at, (c) => ({ ...c, remainder: undefined }));
      return;
  }
}

export function describeMelee(e: MeleeEvent, s: BattleState): Text {
  switch (e.type) {
    case 'BrigadeMeleeResolved': {
      const o = e.data.outcome;
      const head = o.tied ? (o.results ? say('brigade.melee.headTieRuled', { loser: String(o.loser) }) : say('brigade.melee.headTie')) : say('brigade.melee.headWon', { winner: String(o.winner), difference: String(o.difference) });
      return lines(head, [...o.steps, ...o.rulings.map(rulingLine)]);
    }
    case 'BrigadeRemainderAssigned':
      return lines(say('brigade.melee.headRemainder', { units: e.data.unitIds.map((id) => unitName(s, id)).join(', ') }), e.data.steps);
    case 'BrigadeMeleeTieRuled':
      return lines(say('brigade.melee.headTieRuling', { loser: String(e.data.results.loser) }), e.data.results.steps);
  }
}
