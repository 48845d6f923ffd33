import type { Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import { findSide, needDice, playsSide, samePhase, sideName } from '../../../battle/mechanics.ts';
import { isGm, type BattleState } from '../../../battle/state.ts';
import { refuse, ValueNeeded } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { awaiting, brigadePack as pack, declareActiveSide, nextActivation, rollInitiative, tiedRefusal, type InitiativeOutcome, type InitiativeStep, type Tokens } from '../index.ts';
import { initiativeTie } from './house.ts';
import { activeNow, brg, initiativeNow, initiativeStep, lines, phaseId, phaseName, setState, tokensNow } from './state.ts';

/** Initiative rounds (BRG-2.1, BRG-3.2.1, BRG-3.4.2): both sides roll, the winner (or a GM) declares which side activates. */
export type InitiativeAction =
  | { type: 'BrigadeRollInitiative' }
  | { type: 'BrigadeDeclareSide'; side: string };

export type InitiativeEvent =
  | { type: 'BrigadeInitiativeRolled'; data: { at: TurnPosition; sideIds: string[]; winnerSideId: string | null; outcome: InitiativeOutcome; dice: DiceUsed } }
  | { type: 'BrigadeSideDeclared'; data: { at: TurnPosition; rule: string; sideId: string; by: string; gmRuling: boolean; steps: string[] } };

/** Before another side activates, the formation's round (BRG-2.2.1, BRG-2.3) or the unit's Action Round (BRG-3.2.2, BRG-3.4.3) under way ends. */
export function checkRoundClosed(s: BattleState, t: Tokens, before: string): void {
  const act = activeNow(s);
  if (brg(s).volleys && samePhase(brg(s).volleys!.at, s.position)) refuse(`${s.commands[brg(s).volleys!.formationId]?.name}'s March and Volley round is under way: end it with /activate end-round before ${before} (BRG-2.2.1, BRG-2.3).`);
  if (act && act.what === 'unit' && !act.done) refuse(`${s.units[act.id]?.name} has activated and has not acted: its Action Round first (/charge brigade) (${initiativeStep(s, t) === 'BRG-3.4.2' ? 'BRG-3.4.3' : 'BRG-3.2.2'}).`);
}

/** BRG-2.1, BRG-3.2.1, BRG-3.4.2: both roll 1D6 with the battle's dice; the winner declares. With one side alone holding tokens no round is rolled: that side activates. */
export function rollInitiativeRound(s: BattleState, ctx: DecideContext): BattleEvent[] {
  const t = tokensNow(s) ?? refuse(phaseId(s.position) === 'BRG-3' ? 'No activate tokens are down in this Close Combat phase: place them behind the units within 2" (5cm) first with /activate close-combat (BRG-3.1.1).' : `Initiative rounds are rolled while activate tokens are down: in the March and Volley phase (BRG-2.1) and the Close Combat phase (BRG-3.2.1, BRG-3.4.2); now it is ${phaseName(s.position)}.`);
  const step = initiativeStep(s, t);
  checkRoundClosed(s, t, 'the next initiative round');
  const ini = initiativeNow(s);
  if (ini && ini.step === step && !ini.used) {
    if (ini.declaredSideId === undefined) refuse(`This initiative round is rolled${ini.winnerSideId ? `: ${sideName(s, ini.winnerSideId)} won and declares which side activates (/activate declare)` : ': tied, and the source gives no tie rule; a GM declares which side activates (/activate declare)'} (${step}).`);
    refuse(`${sideName(s, ini.declaredSideId)} must activate first: /activate ${t.what} (${step === 'BRG-2.1' ? 'BRG-2.1.1' : 'BRG-3.2.1.1'}).`);
  }
  const next = nextActivation(t);
  if (next.status === 'done') refuse(`${next.steps[0]} Move on with /phase next.`);
  if (next.status === 'one-side') refuse(`${next.steps[0]} Select one: /activate ${t.what}.`);
  const [a, b] = next.sides;
  const tie = initiativeTie(s);
  const { value: outcome, dice } = needDice(ctx.dice).take((d) => rollInitiative({ step, sides: [a, b], dice: d, pack, ...(tie ? { tie } : {}) }));
  const sideIds = [findSide(s, a).id, findSide(s, b).id];
  const winnerSideId = outcome.winner === null ? null : findSide(s, outcome.winner).id;
  return [{ type: 'BrigadeInitiativeRolled', data: { at: s.position, sideIds, winnerSideId, outcome, dice } }];
}

/** The winner declares which side activates; after a tie only a GM rules (BRG-2.1). With one side alone left, naming it is no ruling: it is the only side there is. */
export function declareSide(s: BattleState, ref: string, ctx: DecideContext): BattleEvent[] {
  const t = tokensNow(s) ?? refuse('No activate tokens are down in this phase: there is no side to declare (BRG-2.1, BRG-3.2.1).');
  const step = initiativeStep(s, t);
  const side = findSide(s, ref);
  const ini = initiativeNow(s);
  const pending = ini && ini.step === step && ini.declaredSideId === undefined ? ini : undefined;
  const gm = isGm(s, ctx.actor);
  const tokenRule = step === 'BRG-2.1' ? 'BRG-2.1.1' : 'BRG-3.2.1.1';
  if (!awaiting(t, side.name).length) refuse(`${side.name} has no ${t.what} left to activate (${tokenRule}); the source gives no rule for naming such a side (${step}): name ${[...new Set(awaiting(t).map((h) => h.side))].join(' or ')}.`);
  let gmRuling: boolean;
  let steps: string[];
  if (pending) {
    const outcome = { rule: step, sides: [sideName(s, pending.sideIds[0]!), sideName(s, pending.sideIds[1]!)] as [string, string], rolls: [], winner: pending.winnerSideId ? sideName(s, pending.winnerSideId) : null, tied: pending.tied, rounds: 1, declares: '', dice: [], steps: [] } satisfies InitiativeOutcome;
    const mine = pending.winnerSideId !== null && playsSide(s, ctx.actor, pending.winnerSideId);
    gmRuling = gm && !mine;
    const declaredBy = pending.winnerSideId && (mine || !gm) ? sideName(s, pending.winnerSideId) : 'GM';
    if (!gm && !mine && pending.winnerSideId) refuse(`${sideName(s, pending.winnerSideId)} won the initiative, so its player declares which side activates (${step}).`);
    if (!gm && !mine) throw new ValueNeeded(tiedRefusal(step, initiativeTie(s)), 'a GM to declare the side on a tied initiative');
    steps = declareActiveSide({ initiative: outcome, declaredBy, side: side.name, ...(gmRuling ? { gmRuling: true } : {}) }).steps;
  } else {
    const next = nextActivation(t);
    if (next.status !== 'one-side') refuse(`Roll the initiative round first: /activate roll (${step}).`);
    if (!gm && !playsSide(s, ctx.actor, side.id)) refuse(`${next.steps[0]} Its player selects the ${t.what}: /activate ${t.what}.`);
    checkRoundClosed(s, t, `${side.name} activates`);
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
      return lines(`initiative round (${o.rule}): ${o.winner ? `${o.winner} wins and declares which side activates (/activate declare)` : 'tied; a GM rules which side activates (/activate declare)'}`, o.steps);
    }
    case 'BrigadeSideDeclared':
      return lines(`${sideName(s, e.data.sideId)} activates (${e.data.rule})${e.data.gmRuling ? " — GM's ruling" : ''}`, e.data.steps);
  }
}
