import { say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import { checkActsFor, checkGmRulings, claim, findUnit, needDice, samePhase, unitSideId } from '../../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import { refuse, ValueNeeded } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import {
  breakBayonets,
  brigadePack as pack,
  checkAction,
  resolveChargeReaction,
  uncontrolledTest,
  type ActionOutcome,
  type BayonetsOutcome,
  type ChargeAction,
  type Effect,
  type ReactionOutcome,
  type TestResult,
  type UncontrolledOutcome,
} from '../index.ts';
import { bayonetsRule, uncontrolledRule } from './house.ts';
import { activeNow, armOf, brg, checkInPlay, checkPhase, combatNow, lines, setCombat, setState, setUnit, sideOfUnit, status, subPhase, tokensNow, unitName } from './state.ts';

/** The activated unit's Action Round (BRG-3.2.2-3.2.5), or an exploiting unit's (BRG-3.4.3-3.4.6): a charge and what it sets off. */
export type ActAction = {
  type: 'BrigadeAct';
  unit: string;
  action: ChargeAction | 'consolidate';
  target?: string;
  distance?: number;
  measure?: 'in' | 'cm';
  /** GM rulings the source leaves open. */
  range?: number;
  chargerTest?: TestResult;
  targetTest?: TestResult;
  breaksOn?: number[];
  uncontrolledOn?: number[];
};

/** The outcome of an Action Round as posted: the action, the reaction, and the rolls it set off. */
export interface ActOutcome {
  unit: string;
  exploitation: boolean;
  action: ActionOutcome | { rule: 'BRG-3.4.3'; unit: string; action: 'consolidate' | 'tap-out' | 'charge'; dice: []; steps: Text[] };
  morale: { unit: string; result: TestResult; by: 'log' | 'gm' }[];
  reaction: ReactionOutcome | null;
  bayonets: BayonetsOutcome[];
  uncontrolled: UncontrolledOutcome | null;
  steps: Text[];
}

export type ActEvent = { type: 'BrigadeActed'; data: { at: TurnPosition; unitId: string; targetId?: string; outcome: ActOutcome; effects: Effect[]; dice: DiceUsed } };

/** BRG-3.2.2-3.2.5 and, in exploitation, BRG-3.4.3-3.4.6: the activated unit's Action Round, its reaction, and the rolls it sets off. */
export function act(s: BattleState, a: ActAction, ctx: DecideContext): BattleEvent[] {
  checkPhase(s, 'BRG-3', say('brigade.charge.when'));
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, say('brigade.actsFor.act'));
  checkInPlay(s, u);
  const combat = combatNow(s);
  const exploiting = combat?.exploiting !== undefined;
  const t = tokensNow(s);
  const active = activeNow(s);
  const rule = exploiting ? 'BRG-3.4.3' : 'BRG-3.2.2';
  if (exploiting) {
    if (!combat!.exploiting!.includes(u.id)) refuse(say('brigade.charge.notExploiting', { unit: u.name, exploiting: combat!.exploiting!.map((id) => s.units[id]?.name ?? id).join(', ') || say('brigade.activation.none') }));
    if (t?.placed === 'BRG-3.4.2' && (active?.id !== u.id || active.done)) refuse(say('brigade.charge.selectFirst', { unit: u.name }));
    if (!(['charge', 'consolidate', 'tap-out'] as string[]).includes(a.action)) refuse(say('brigade.charge.exploitActions', { action: a.action }));
  } else {
    if (a.action === 'consolidate') refuse(say('brigade.charge.consolidateOnly'));
    if (!t) refuse(say('brigade.charge.noTokens'));
    if (active?.what !== 'unit' || active.id !== u.id || active.done) refuse(say('brigade.charge.notActivated', { unit: u.name }));
  }
  const gmRulings = [a.range !== undefined ? 'range' : '', a.chargerTest ? 'charger_morale' : '', a.targetTest ? 'target_morale' : '', a.breaksOn ? 'breaks_on' : '', a.uncontrolledOn ? 'uncontrolled_on' : ''].filter(Boolean);
  checkGmRulings(s, ctx.actor, gmRulings, 'BRG-3.2.2, BRG-3.2.3, BRG-3.2.5, BRG-3.4.3.1', say('brigade.gmGives.it'));
  const arm = armOf(u);
  const steps: Text[] = [];
  const measure = a.measure ?? 'in';
  const target = a.target !== undefined ? findUnit(s, a.target) : undefined;
  if (target && unitSideId(s, target) === unitSideId(s, u)) refuse(say('brigade.charge.sameSide', { unit: u.name, target: target.name, side: sideOfUnit(s, u) }));
  if (a.action === 'charge' && (!target || a.distance === undefined)) refuse(say('brigade.charge.namesTarget', { rule }));
  if (a.action !== 'charge' && target) refuse(say('brigade.charge.onlyCharge', { rule }));
  const morale: ActOutcome['morale'] = [];
  /** A unit's morale test this sub-phase: the GM's with this action, else the one recorded; undefined while neither. */
  const testOf = (unit: Unit, given: TestResult | undefined): TestResult | undefined => {
    const m = status(s, unit.id).morale;
    const logged = m && samePhase(m.at, s.position) && m.sub === subPhase(s) ? m.result : undefined;
    if (given && logged && given !== logged) claim(s, ctx.actor, { what: say('brigade.claim.moraleTest', { unit: unit.name }), claimed: say('brigade.claim.testResult', { result: given }), derived: say('brigade.claim.testResult', { result: logged }), source: say('brigade.charge.recordedTest'), rule: 'BRG-3.2.3' });
    return given ?? logged;
  };
  const took = (unit: Unit, result: TestResult, given: TestResult | undefined): TestResult => {
    morale.push({ unit: unit.name, result, by: given ? 'gm' : 'log' });
    return result;
  };
  let actionOutcome: ActOutcome['action'];
  if (a.action === 'consolidate' || (exploiting && a.action === 'tap-out')) {
    actionOutcome = { rule: 'BRG-3.4.3', unit: u.name, action: a.action, dice: [], steps: [say(a.action === 'consolidate' ? 'brigade.charge.consolidates' : 'brigade.charge.tapsOutExploiting', { unit: u.name })] };
  } else {
    actionOutcome = checkAction({
      unit: u.name,
      arm,
      action: a.action,
      ...(target ? { target: target.name } : {}),
      ...(a.distance !== undefined ? { distance: { value: a.distance, unit: measure } } : {}),
      ...(a.range !== undefined ? { gmRange: { value: a.range, unit: measure } } : {}),
      pack,
    });
  }
  if (exploiting && a.action === 'charge') actionOutcome.steps.unshift(say('brigade.charge.exploitationCharge', { unit: u.name }));
  let reaction: ReactionOutcome | null = null;
  const effects: Effect[] = [];
  if (a.action === 'charge' && target) {
    checkInPlay(s, target);
    // BRG-3.2.3 (BRG-3.4.4): the charger tests, and the charged unit if it passes; every result the step may need is asked at once.
    const chargerKnown = testOf(u, a.chargerTest);
    const targetKnown = chargerKnown === 'failed' ? undefined : testOf(target, a.targetTest);
    const missing = [...(chargerKnown ? [] : [u]), ...(chargerKnown !== 'failed' && !targetKnown ? [target] : [])];
    if (missing.length) throw new ValueNeeded(moraleNeeded(missing, exploiting ? 'BRG-3.4.4' : 'BRG-3.2.3'), say('brigade.charge.needMorale'));
    const chargerTest = took(u, chargerKnown!, a.chargerTest);
    const charged = { unit: target.name, arm: armOf(target), activated: hasActivated(s, target.id), ...(chargerTest === 'passed' ? { test: took(target, targetKnown!, a.targetTest) } : {}) };
    reaction = resolveChargeReaction({ exploitation: exploiting, charger: { unit: u.name, arm, test: chargerTest }, charged: [charged] });
    effects.push(...reaction.effects);
  }
  const dice = needDice(ctx.dice);
  const bayonetsFor = effects.filter((e): e is Extract<Effect, { effect: 'break-bayonets-roll' }> => e.effect === 'break-bayonets-roll');
  const uncontrolledDue = exploiting && arm === 'cavalry' && (a.action === 'charge' || a.action === 'consolidate');
  const [bayonetsHouse, uncontrolledHouse] = [bayonetsRule(s), uncontrolledRule(s)];
  const { value: rolled, dice: used } = dice.take((d) => ({
    bayonets: bayonetsFor.map((e) => breakBayonets({ cavalry: u.name, infantry: e.against, exploitation: exploiting, ...(a.breaksOn ? { breaksOn: a.breaksOn } : {}), ...(bayonetsHouse ? { house: bayonetsHouse } : {}), dice: d, pack })),
    uncontrolled: uncontrolledDue ? uncontrolledTest({ unit: u.name, arm, action: a.action as 'charge' | 'consolidate', ...(a.uncontrolledOn ? { uncontrolledOn: a.uncontrolledOn } : {}), ...(uncontrolledHouse ? { house: uncontrolledHouse } : {}), dice: d, pack }) : null,
  }));
  const outcome: ActOutcome = { unit: u.name, exploitation: exploiting, action: actionOutcome, morale, reaction, bayonets: rolled.bayonets, uncontrolled: rolled.uncontrolled, steps };
  for (const m of morale) if (m.by === 'gm') steps.push(say('brigade.charge.gmMorale', { unit: m.unit, result: m.result }));
  return [{ type: 'BrigadeActed', data: { at: s.position, unitId: u.id, ...(target ? { targetId: target.id } : {}), outcome, effects, dice: used } }];
}

/**
 * The refusal for the morale results a charge still needs, all at once: the charger's, and the
 * charged unit's, which tests only if the charger passes (BRG-3.2.3, BRG-3.4.4). How a test is
 * rolled is not in the source, so each result is the GM's.
 */
function moraleNeeded(units: readonly Unit[], rule: string): Text {
  const give = (x: Unit) => `/morale brigade unit:"${x.name}" result:passed|failed`;
  const [first, second] = units;
  if (!second) return say('brigade.charge.moraleNeeded', { unit: first!.name, give: give(first!), rule });
  return say('brigade.charge.moraleNeededBoth', { charger: first!.name, charged: second.name, giveCharger: give(first!), giveCharged: give(second), rule });
}

/** A unit has activated this sub-phase: its token is gone, or it has charged (BRG-3.2.4, BRG-3.4.5). */
function hasActivated(s: BattleState, unitId: string): boolean {
  const t = tokensNow(s);
  if (t?.what === 'unit' && t.activated.includes(unitId)) return true;
  const c = combatNow(s);
  return c?.charges.some((x) => x.unitId === unitId && x.exploitation === (c.exploiting !== undefined)) ?? false;
}

export function evolveAct(d: BattleState, e: ActEvent): void {
  switch (e.type) {
    case 'BrigadeActed': {
      const { at, unitId, targetId, outcome, effects } = e.data;
      const a = brg(d).active;
      if (a && a.id === unitId) setState(d, { active: { ...a, done: true } });
      const idOf = (name: string) => (d.units[unitId]?.name === name ? unitId : targetId && d.units[targetId]?.name === name ? targetId : undefined);
      for (const m of outcome.morale) {
        const id = idOf(m.unit);
        if (id && m.by === 'gm') setUnit(d, id, (st) => ({ ...st, morale: { at, sub: outcome.exploitation ? 'BRG-3.4' : 'BRG-3.2', result: m.result } }));
      }
      const retreated = effects.some((x) => x.effect === 'retreat');
      for (const x of effects) {
        const id = idOf(x.unit);
        if (id && x.effect === 'retreat') setUnit(d, id, (st) => ({ ...st, retreating: { at, rule: x.rule, marker: x.marker === true } }));
      }
      const fire = effects.flatMap((x) => (x.effect === 'may-defensive-fire' && idOf(x.unit) ? [idOf(x.unit)!] : []));
      const moved = outcome.exploitation && outcome.action.action !== 'tap-out';
      setCombat(d, at, (c) => ({
        ...c,
        charges: targetId ? [...c.charges, { unitId, targetId, targetRetreated: retreated, exploitation: outcome.exploitation }] : c.charges,
        defensiveFire: [...c.defensiveFire, ...fire],
        moves: moved ? { ...c.moves, [unitId]: (c.moves[unitId] ?? 0) + 1 } : c.moves,
        exploiting: c.exploiting && outcome.exploitation ? c.exploiting.filter((id) => id !== unitId) : c.exploiting,
      }));
      return;
    }
  }
}

export function describeAct(e: ActEvent, s: BattleState): Text {
  switch (e.type) {
    case 'BrigadeActed': {
      const o = e.data.outcome;
      const rule = o.exploitation ? 'BRG-3.4.3' : 'BRG-3.2.2';
      const head = o.action.action === 'charge' ? say('brigade.charge.headCharges', { unit: o.unit, target: e.data.targetId ? unitName(s, e.data.targetId) : '', rule }) : say('brigade.charge.headActs', { unit: o.unit, action: o.action.action, rule });
      const rest = [...o.action.steps, ...(o.reaction?.steps ?? []), ...o.bayonets.flatMap((b) => b.steps), ...(o.uncontrolled?.steps ?? []), ...o.steps];
      return lines(head, rest);
    }
  }
}
