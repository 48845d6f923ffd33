import type { Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import type { BattleState } from '../../../battle/state.ts';
import type { Role } from '../../../battle/system.ts';
import { activateOne, clearTokens, closeCombatTokens, describeActivation, evolveActivation, type ActivationAction, type ActivationEvent } from './activation.ts';
import { armyMoraleCheck, describeArmyMorale, evolveArmyMorale, type ArmyMoraleAction, type ArmyMoraleEvent } from './army-morale.ts';
import { act, describeAct, evolveAct, type ActAction, type ActEvent } from './charge.ts';
import { counterCharge, describeCounterCharge, evolveCounterCharge, type CounterChargeAction, type CounterChargeEvent } from './counter-charge.ts';
import { describeCommandControl, evolveCommandControl, outOfCommand, type CommandControlAction, type CommandControlEvent } from './command.ts';
import { describeExploitation, evolveExploitation, exploit, type ExploitationAction, type ExploitationEvent } from './exploitation.ts';
import { declareSide, describeInitiative, evolveInitiative, rollInitiativeRound, type InitiativeAction, type InitiativeEvent } from './initiative.ts';
import { describeLeaders, evolveLeaders, leaderFell, setLeader, type LeaderAction, type LeaderEvent } from './leaders.ts';
import { describeMelee, evolveMelee, melee, meleeTie, remainderRuling, type MeleeAction, type MeleeEvent } from './melee.ts';
import { describeMorale, evolveMorale, moraleResult, type MoraleAction, type MoraleEvent } from './morale.ts';
import { brg, setState } from './state.ts';
import { describeVolley, endRound, evolveVolley, volley, type VolleyAction, type VolleyEvent } from './volley.ts';

/**
 * The four-phase brigade game (docs/rules/brigade.md, BRG-x) as the battle keeps it: the
 * activate tokens and initiative rounds, volleys, charges and reactions, melees, exploitation and
 * army morale, applied to the units. The rules are pure functions in the folder above; the files
 * here apply them, one per procedure, and this one dispatches to them. Much of the game is not in
 * the source (how a morale test is rolled, the fire table, the Fallen Leader table, the Army Morale
 * Table...): those are the GM's inputs, never invented.
 */

export type BrigadeAction =
  | InitiativeAction
  | ActivationAction
  | VolleyAction
  | MoraleAction
  | ActAction
  | CounterChargeAction
  | MeleeAction
  | ExploitationAction
  | CommandControlAction
  | LeaderAction
  | ArmyMoraleAction;

export type BrigadeEvent =
  | InitiativeEvent
  | ActivationEvent
  | VolleyEvent
  | MoraleEvent
  | ActEvent
  | CounterChargeEvent
  | MeleeEvent
  | ExploitationEvent
  | CommandControlEvent
  | LeaderEvent
  | ArmyMoraleEvent;

export const BRIGADE_ACTION_ROLE: Record<BrigadeAction['type'], Role> = {
  BrigadeRollInitiative: 'anyone',
  BrigadeDeclareSide: 'anyone',
  BrigadeActivate: 'anyone',
  BrigadeClearTokens: 'gm',
  BrigadePlaceCloseCombatTokens: 'anyone',
  BrigadeVolley: 'anyone',
  BrigadeEndRound: 'anyone',
  BrigadeMoraleResult: 'gm',
  BrigadeAct: 'anyone',
  BrigadeCounterCharge: 'anyone',
  BrigadeMelee: 'anyone',
  BrigadeMeleeTie: 'gm',
  BrigadeAssignRemainder: 'gm',
  BrigadeExploit: 'anyone',
  BrigadeOutOfCommand: 'anyone',
  BrigadeSetLeader: 'gm',
  BrigadeLeaderFell: 'gm',
  BrigadeArmyMorale: 'gm',
};

export const BRIGADE_EVENT_TYPES = [
  'BrigadeTokensPlaced',
  'BrigadeInitiativeRolled',
  'BrigadeSideDeclared',
  'BrigadeActivated',
  'BrigadeTokensCleared',
  'BrigadeVolleyFired',
  'BrigadeRoundEnded',
  'BrigadeMoraleRecorded',
  'BrigadeActed',
  'BrigadeCounterCharged',
  'BrigadeMeleeResolved',
  'BrigadeMeleeTieRuled',
  'BrigadeRemainderAssigned',
  'BrigadeExploitationChecked',
  'BrigadeOutOfCommandMarked',
  'BrigadeRallied',
  'BrigadeLeaderSet',
  'BrigadeLeaderFallen',
  'BrigadeLeadersReplaced',
  'BrigadeArmyMoraleChecked',
] as const satisfies readonly BrigadeEvent['type'][];

export function decideBrigade(s: BattleState, action: BrigadeAction, ctx: DecideContext): BattleEvent[] {
  switch (action.type) {
    case 'BrigadeRollInitiative':
      return rollInitiativeRound(s, ctx);
    case 'BrigadeDeclareSide':
      return declareSide(s, action.side, ctx);
    case 'BrigadeActivate':
      return activateOne(s, action, ctx);
    case 'BrigadeClearTokens':
      return clearTokens(s, ctx);
    case 'BrigadePlaceCloseCombatTokens':
      return closeCombatTokens(s, action);
    case 'BrigadeVolley':
      return volley(s, action, ctx);
    case 'BrigadeEndRound':
      return endRound(s, ctx);
    case 'BrigadeMoraleResult':
      return moraleResult(s, action, ctx);
    case 'BrigadeAct':
      return act(s, action, ctx);
    case 'BrigadeCounterCharge':
      return counterCharge(s, action, ctx);
    case 'BrigadeMelee':
      return melee(s, action, ctx);
    case 'BrigadeMeleeTie':
      return meleeTie(s, action.loser, ctx);
    case 'BrigadeAssignRemainder':
      return remainderRuling(s, action.units, ctx);
    case 'BrigadeExploit':
      return exploit(s, action.mutual);
    case 'BrigadeOutOfCommand':
      return outOfCommand(s, action, ctx);
    case 'BrigadeSetLeader':
      return setLeader(s, action);
    case 'BrigadeLeaderFell':
      return leaderFell(s, action, ctx);
    case 'BrigadeArmyMorale':
      return armyMoraleCheck(s, action, ctx);
  }
}

export function applyBrigadeEvent(d: BattleState, e: BattleEvent): void {
  switch (e.type) {
    case 'UnitRemoved': {
      if (!brg(d).units[e.data.unitId]) return;
      const { [e.data.unitId]: _gone, ...units } = brg(d).units;
      setState(d, { units });
      return;
    }
    case 'BrigadeTokensPlaced':
    case 'BrigadeActivated':
    case 'BrigadeTokensCleared':
      return evolveActivation(d, e);
    case 'BrigadeInitiativeRolled':
    case 'BrigadeSideDeclared':
      return evolveInitiative(d, e);
    case 'BrigadeVolleyFired':
    case 'BrigadeRoundEnded':
      return evolveVolley(d, e);
    case 'BrigadeMoraleRecorded':
      return evolveMorale(d, e);
    case 'BrigadeActed':
      return evolveAct(d, e);
    case 'BrigadeCounterCharged':
      return evolveCounterCharge(d, e);
    case 'BrigadeMeleeResolved':
    case 'BrigadeMeleeTieRuled':
    case 'BrigadeRemainderAssigned':
      return evolveMelee(d, e);
    case 'BrigadeExploitationChecked':
      return evolveExploitation(d, e);
    case 'BrigadeOutOfCommandMarked':
    case 'BrigadeRallied':
      return evolveCommandControl(d, e);
    case 'BrigadeLeaderSet':
    case 'BrigadeLeaderFallen':
    case 'BrigadeLeadersReplaced':
      return evolveLeaders(d, e);
    case 'BrigadeArmyMoraleChecked':
      return evolveArmyMorale(d, e);
  }
}

export function describeBrigadeEvent(e: BrigadeEvent, s: BattleState): Text {
  switch (e.type) {
    case 'BrigadeTokensPlaced':
    case 'BrigadeActivated':
    case 'BrigadeTokensCleared':
      return describeActivation(e, s);
    case 'BrigadeInitiativeRolled':
    case 'BrigadeSideDeclared':
      return describeInitiative(e, s);
    case 'BrigadeVolleyFired':
    case 'BrigadeRoundEnded':
      return describeVolley(e, s);
    case 'BrigadeMoraleRecorded':
      return describeMorale(e, s);
    case 'BrigadeActed':
      return describeAct(e, s);
    case 'BrigadeCounterCharged':
      return describeCounterCharge(e, s);
    case 'BrigadeMeleeResolved':
    case 'BrigadeMeleeTieRuled':
    case 'BrigadeRemainderAssigned':
      return describeMelee(e, s);
    case 'BrigadeExploitationChecked':
      return describeExploitation(e, s);
    case 'BrigadeOutOfCommandMarked':
    case 'BrigadeRallied':
      return describeCommandControl(e, s);
    case 'BrigadeLeaderSet':
    case 'BrigadeLeaderFallen':
    case 'BrigadeLeadersReplaced':
      return describeLeaders(e, s);
    case 'BrigadeArmyMoraleChecked':
      return describeArmyMorale(e, s);
  }
}
