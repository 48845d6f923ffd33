import { list, say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import { findSide, needDice, playsSide, samePhase, sideName } from '../../../battle/mechanics.ts';
import { isGm, type BattleState } from '../../../battle/state.ts';
import { refuse, ValueNeeded } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { awaiting, brigadePack as pack, declareActiveSide, nextActivation, rollInitiative, tiedRefusal, type InitiativeOutcome, type InitiativeStep, type Tokens } from '../index.ts';
import { initiativeTie } from './house.ts';
import { activeNow, brg, initiativeNow, initiativeStep, lines, phaseId, phaseText, setState, tokensNow } from './state.ts';

/** Initiative rounds (BRG-2.1, BRG-3.2.1, BRG-3.4.2): both sides roll, the winner (or a GM) declares which side activates. */
export type InitiativeAction =
  | { type: 'BrigadeRollInitiative' }
  | { type: 'BrigadeDeclareSide'; side: string };

export type InitiativeEvent =
  | { type: 'BrigadeInitiativeRolled'; data: { at: TurnPosition; sideIds: string[]; winnerSideId: string | null; outcome: InitiativeOutcome; dice: DiceUsed } }
  | { type: 'BrigadeSideDeclared'; data: { at: TurnPosition; rule: string; sideId: string; by: string; gmRuling: boolean; steps: Text[] } };

/** Before another side activates, the formation's round (BRG-2.2.1, BRG-2.3) or the unit's Action Round (BRG-3.2.2, BRG-3.4.3) under way ends. */
export function checkRoundClosed(s: BattleState, t: Tokens, before: Text): void {
  const act = activeNow(s);
  if (brg(s).volleys && samePhase(brg(s).volleys!.at, s.position)) refuse(say('brigade.initiative.roundUnderWay', { formation: String(s.commands[brg(s).volleys!.formationId]?.name), before }));
  if (act && act.what === 'unit' && !act.done) refuse(say('brigade.initiative.actionRoundFirst', { unit: String(s.units[act.id]?.name), rule: initiativeStep(s, t) === 'BRG-3.4.2' ? 'BRG-3.4.3' : 'BRG-3.2.2' }));
}

/** BRG-2.1, BRG-3.2.1, BRG-3.4.2: both roll 1D6 with the battle's dice; the winner declares. With one side alone holding tokens no round is rolled: that side activates. */
export function rollInitiativeRound(s: BattleState, ctx: DecideContext): BattleEvent[] {
  const t = tokensNow(s) ?? refuse(phaseId(s.position) === 'BRG-3' ? say('brigade.initiative.noCloseCombatTokens') : say('brigade.initiative.whenRolled', { now: phaseText(s.position.phase) }));
  const step = initiativeStep(s, t);
  checkRoundClosed(s, t, say('brigade.initiative.nextRound'));
  const ini = initiativeNow(s);
  if (ini && ini.step === step && !ini.used) {
    if (ini.declaredSideId === undefined) refuse(ini.winnerSideId ? say('brigade.initiative.rolledWon', { side: sideName(s, ini.winnerSideId), rule: step }) : say('brigade.initiative.rolledTied', { rule: step }));
    refuse(say('brigade.initiative.activateFirst', { side: sideName(s, ini.declaredSideId), what: t.what, rule: step === 'BRG-2.1' ? 'BRG-2.1.1' : 'BRG-3.2.1.1' }));
  }
  const next = nextActivation(t);
  if (next.status === 'done') refuse(say('brigade.initiative.loopDone', { step: next.steps[0]! }));
  if (next.status === 'one-side') refuse(say('brigade.initiative.selectOne', { step: next.steps[0]!, what: t.what }));
  const [a, b] = next.sides;
  const tie = initiativeTie(s);
  const { value: outcome, dice } = needDice(ctx.dice).take((d) => rollInitiative({ step, sides: [a, b], dice: d, pack, ...(tie ? { tie } : {}) }));
  const sideIds = [findSide(s, a).id, findSide(s, b).id];
  const winnerSideId = outcome.winner === null ? null : findSide(s, outcome.winner).id;
  return [{ type: 'BrigadeInitiativeRolled', data: { at: s.position, sideIds, winnerSideId, outcome, dice } }];
}

/** The winner declares which side activates; after a tie only a GM rules (BRG-2.1). With one side alone left, naming it is no ruling: it is the only side there is. */
export function declareSide(s: BattleState, ref: string, ctx: DecideContext): BattleEvent[] {
  const t = tokensNow(s) ?? refuse(say('brigade.initiative.noSideToDeclare'));
  const step = initiativeStep(s, t);
  const side = findSide(s, ref);
  const ini = initiativeNow(s);
  const pending = ini && ini.step === step && ini.declaredSideId === undefined ? ini : undefined;
  const gm = isGm(s, ctx.actor);
  const tokenRule = step === 'BRG-2.1' ? 'BRG-2.1.1' : 'BRG-3.2.1.1';
  if (!awaiting(t, side.name).length) refuse(say('brigade.initiative.noneLeft', { side: side.name, what: t.what, tokenRule, rule: step, sides: list([...new Set(awaiting(t).map((h) => h.side))], 'or') }));
  let gmRuling: boolean;
  let steps: Text[];
  if (pending) {
    const outcome: InitiativeOutcome = { rule: step, sides: [sideName(s, pending.sideIds[0]!), sideName(s, pending.sideIds[1]!)], rolls: [], winner: pending.winnerSideId ? sideName(s, pending.winnerSideId) : null, tied: pending.tied, rounds: 1, declares: '', dice: [], steps: [] };
    const mine = pending.winnerSideId !== null && playsSide(s, ctx.actor, pending.winnerSideId);
    gmRuling = gm && !mine;
    const declaredBy = pending.winnerSideId && (mine || !gm) ? sideName(s, pending.winnerSideId) : 'GM';
    if (!gm && !mine && pending.winnerSideId) refuse(say('brigade.initiative.winnersPlayer', { side: sideName(s, pending.winnerSideId), rule: step }));
    if (!gm && !mine) throw new ValueNeeded(tiedRefusal(step, initiativeTie(s)), say('brigade.initiative.needTie'));
    steps = declareActiveSide({ initiative: outcome, declaredBy, side: side.name, ...(gmRuling ? { gmRuling: true } : {}) }).steps;
  } else {
    const next = nextActivation(t);
    if (next.status !== 'one-side') refuse(say('brigade.initiative.rollFirst', { rule: step }));
    if (!gm && !playsSide(s, ctx.actor, side.id)) refuse(say('brigade.initiative.itsPlayerSelects', { step: next.steps[0]!, what: t.what }));
    checkRoundClosed(s, t, say('brigade.initiative.sideActivates', { side: side.name }));
    gmRuling = false;
    steps = next.steps;
  }
  return [{ type: 'BrigadeSideDeclared', data: { at: s.position, rule: step, sideId: side.id, by: ctx.actor, gmRuling, steps } }];
}

export function evolveInitiative(d: BattleState, e: InitiativeEvent): void {
  switch (e.type) {
    case 'BrigadeInitiativeRolled':
      setState(d, { initiative: { at: e.data.at, step: e.data.outcome.rule, sideIds: e.data.sideIds, winnerSideId: e.data.winnerSideId, tied: e.data.outcome.tied } });
      return;
    case 'BrigadeSideDeclared': {
      const ini = brg(d).initiative;
      const base = ini && samePhase(ini.at, e.data.at) && ini.declaredSideId === undefined ? ini : { at: e.data.at, step: e.data.rule as InitiativeStep, sideIds: [e.data.sideId], winnerSideId: null, tied: false };
      setState(d, { initiative: { ...base, declaredSideId: e.data.sideId } });
      return;
    }
  }
}

export function describeInitiative(e: InitiativeEvent, s: BattleState): Text {
  switch (e.type) {
    case 'BrigadeInitiativeRolled': {
      const o = e.data.outcome;
      return lines(o.winner ? say('brigade.initiative.headWon', { rule: o.rule, winner: o.winner }) : say('brigade.initiative.headTied', { rule: o.rule }), o.steps);
    }
    case 'BrigadeSideDeclared':
      return lines(e.data.gmRuling ? say('brigade.initiative.headDeclaredGm', { side: sideName(s, e.data.sideId), rule: e.data.rule }) : say('brigade.initiative.headDeclared', { side: sideName(s, e.data.sideId), rule: e.data.rule }), e.data.steps);
  }
}
