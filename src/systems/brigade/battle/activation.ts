import { say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import { findCommand, findSide, findUnit, playsSide, sideName, unitSideId } from '../../../battle/mechanics.ts';
import { isGm, type BattleState } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { activate, awaiting, brigadePack as pack, nextActivation, placeCloseCombatTokens, type Measure, type Tokens } from '../index.ts';
import { checkRoundClosed } from './initiative.ts';
import { brg, checkInPlay, checkPhase, initiativeNow, initiativeStep, lines, setState, sideOfUnit, tokensNow } from './state.ts';

/** Activate tokens (BRG-1.5, BRG-3.1.1): placed, removed as the active side selects a formation or unit, or cleared by a GM. */
export type ActivationAction =
  | { type: 'BrigadeActivate'; formation?: string; unit?: string }
  | { type: 'BrigadeClearTokens' }
  | { type: 'BrigadePlaceCloseCombatTokens'; units: { unit: string; distance: number }[]; measure?: 'in' | 'cm' };

export type ActivationEvent =
  | { type: 'BrigadeTokensPlaced'; data: { at: TurnPosition; tokens: Tokens; steps: Text[] } }
  | { type: 'BrigadeActivated'; data: { at: TurnPosition; id: string; name: string; what: 'formation' | 'unit'; sideId: string; steps: Text[] } }
  | { type: 'BrigadeTokensCleared'; data: { at: TurnPosition; ids: string[]; names: string[]; by: string } };

/** BRG-2.1.1 (a formation) and BRG-3.2.1.1 (a unit): the active side removes the token of the one it selects. */
export function activateOne(s: BattleState, a: Extract<ActivationAction, { type: 'BrigadeActivate' }>, ctx: DecideContext): BattleEvent[] {
  const t = tokensNow(s) ?? refuse(say('brigade.activation.noTokens'));
  const rule = t.placed === 'BRG-1.5' ? 'BRG-2.1.1' : 'BRG-3.2.1.1';
  if (t.what === 'formation' && a.formation === undefined) refuse(say('brigade.activation.selectFormation', { rule }));
  if (t.what === 'unit' && a.unit === undefined) refuse(say('brigade.activation.selectUnit', { rule }));
  const ini = initiativeNow(s);
  let declared = ini && ini.declaredSideId !== undefined && !ini.used ? ini.declaredSideId : undefined;
  const alone: Text[] = [];
  if (declared === undefined) {
    // BRG-2.1, BRG-3.2.1: with one side alone holding tokens, it is the only side a winner could declare.
    const next = nextActivation(t);
    if (next.status !== 'one-side') refuse(say('brigade.activation.noSideDeclared', { rule: initiativeStep(s, t) }));
    checkRoundClosed(s, t, say('brigade.initiative.sideActivates', { side: next.side }));
    declared = findSide(s, next.side).id;
    alone.push(...next.steps);
  }
  const holder = t.what === 'formation' ? findCommand(s, a.formation!) : findUnit(s, a.unit!);
  if (!('sideId' in holder)) checkInPlay(s, holder);
  const sideId = 'sideId' in holder ? holder.sideId : unitSideId(s, holder);
  if (!isGm(s, ctx.actor) && !playsSide(s, ctx.actor, declared)) refuse(say('brigade.activation.activeSidesPlayer', { side: sideName(s, declared), what: t.what, rule }));
  const { steps } = activate(t, { side: sideName(s, declared), id: holder.id });
  return [{ type: 'BrigadeActivated', data: { at: s.position, id: holder.id, name: holder.name, what: t.what, sideId, steps: [...alone, ...steps] } }];
}

/** A GM removes the tokens still down (a ruling: the source has the loop run until all have activated, BRG-2.3, BRG-3.2.6). */
export function clearTokens(s: BattleState, ctx: DecideContext): BattleEvent[] {
  const t = tokensNow(s) ?? refuse(say('brigade.activation.noTokensToClear'));
  const rest = awaiting(t);
  if (!rest.length) refuse(say('brigade.activation.nothingToClear'));
  return [{ type: 'BrigadeTokensCleared', data: { at: s.position, ids: rest.map((h) => h.id), names: rest.map((h) => h.name ?? h.id), by: ctx.actor } }];
}

/** BRG-3.1.1: tokens behind every unit within 2" (5cm) of an enemy, as measured on the table. */
export function closeCombatTokens(s: BattleState, a: Extract<ActivationAction, { type: 'BrigadePlaceCloseCombatTokens' }>): BattleEvent[] {
  checkPhase(s, 'BRG-3', say('brigade.activation.tokensWhen'));
  if (tokensNow(s)) refuse(say('brigade.activation.tokensDown', { rule: tokensNow(s)!.placed }));
  if (!a.units.length) refuse(say('brigade.activation.nameUnits'));
  const units = a.units.map((x) => {
    const u = findUnit(s, x.unit);
    checkInPlay(s, u);
    return { id: u.id, name: u.name, side: sideOfUnit(s, u), nearestEnemy: { value: x.distance, unit: a.measure ?? 'in' } as Measure };
  });
  const { tokens, steps } = placeCloseCombatTokens(units, pack);
  return [{ type: 'BrigadeTokensPlaced', data: { at: s.position, tokens, steps } }];
}

export function evolveActivation(d: BattleState, e: ActivationEvent): void {
  switch (e.type) {
    case 'BrigadeTokensPlaced':
      setState(d, { tokens: { ...e.data.tokens, at: e.data.at }, active: undefined, initiative: undefined });
      return;
    case 'BrigadeActivated': {
      const t = brg(d).tokens;
      if (t) setState(d, { tokens: { ...t, activated: [...t.activated, e.data.id] } });
      const ini = brg(d).initiative;
      setState(d, { active: { at: e.data.at, id: e.data.id, what: e.data.what, ...(e.data.what === 'unit' ? { done: false } : {}) }, ...(ini ? { initiative: { ...ini, used: true } } : {}) });
      if (e.data.what === 'formation') setState(d, { volleys: { at: e.data.at, formationId: e.data.id, fired: [] } });
      return;
    }
    case 'BrigadeTokensCleared': {
      const t = brg(d).tokens;
      if (t) setState(d, { tokens: { ...t, activated: [...t.activated, ...e.data.ids.filter((id) => !t.activated.includes(id))] } });
      return;
    }
  }
}

export function describeActivation(e: ActivationEvent, _s: BattleState): Text {
  switch (e.type) {
    case 'BrigadeTokensPlaced':
      return lines(say('brigade.activation.placed', { rule: e.data.tokens.placed, holders: e.data.tokens.holders.map((h) => h.name ?? h.id).join(', ') || say('brigade.activation.none') }), e.data.steps);
    case 'BrigadeActivated':
      return lines(say('brigade.activation.activates', { name: e.data.name, rule: e.data.what === 'formation' ? 'BRG-2.1.1' : 'BRG-3.2.1.1' }), e.data.steps);
    case 'BrigadeTokensCleared':
      return say('brigade.activation.cleared', { names: e.data.names.join(', ') });
  }
}
