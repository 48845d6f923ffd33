import type { Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { Consequences } from '../../../battle/decide-ballots.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import type { BattleState } from '../../../battle/state.ts';
import type { Role } from '../../../battle/system.ts';
import { applyPhaseEnd } from './advance.ts';
import { applyChargeDeclared, applyChargeRolled, decideChargeDirection, decideDeclareCharge, describeChargeDeclared, describeChargeRolled, type ChargeAction, type ChargeEvent } from './charge.ts';
import { applyCounterbatteryCleared, decideCounterbatteryMet, describeCounterbatteryCleared, type CounterbatteryAction, type CounterbatteryEvent } from './counterbattery.ts';
import { applyFireResolved, decideFire, describeFireResolved, type FireEvent, type PercentileFireAction } from './fire.ts';
import { applyLossesRuled, decideRuleLosses, describeLossesRuled, type LossesAction, type LossesEvent } from './losses.ts';
import { applyMfpSet, decideSetMfp, describeMfpSet, type MfpAction, type MfpEvent } from './mfp.ts';
import { applyMoraleChecked, applyMoraleSet, decideMoraleCheck, decideSetMorale, describeMoraleChecked, describeMoraleSet, type MoraleAction, type MoraleEvent } from './morale.ts';
import {
  applyArmyDemoralizationSet,
  applyCommandTriggered,
  applyDawnAttacksAnnounced,
  applyDawnNotes,
  applyMfpCriticalReached,
  applyNewBattleday,
  applyNightCmrRecorded,
  applyNightConditionsSet,
  applyNightBegins,
  applyNightDecided,
  decideOpenDawnBallot,
  decideOpenNightVote,
  decideReachMfpCritical,
  decideSetDemoralization,
  decideSetNightConditions,
  decideTriggerCommand,
  describeArmyDemoralizationSet,
  describeCommandTriggered,
  describeDawnAttacksAnnounced,
  describeMfpCriticalReached,
  describeNightCmrRecorded,
  describeNightConditionsSet,
  describeNightDecided,
  nightConsequences,
  type NightAction,
  type NightEvent,
} from './night.ts';
import { applyOrderChangeDue, applyOrderChanged, decideOpenOrders, decideSetOrder, describeOrderChangeDue, describeOrderChanged, ordersConsequences, type OrdersAction, type OrdersEvent } from './orders.ts';
import { applyUnitReplaced, decideUnitReplaced, describeUnitReplaced, type ReplacementAction, type ReplacementEvent } from './replacement.ts';
import { applyUnitRemoved } from './state.ts';

/**
 * Percentage-dice fire combat (docs/rules/percentile.md, PCT-11.x) and night combat
 * (night-combat.md, NIGHT-18.x) as the battle plays them, composed from one module per procedure:
 * the actions and events of all of them, who may take each action, and which module decides,
 * applies and words each. The rules are pure functions in src/systems/percentile/.
 */

export type PercentileAction = NightAction | OrdersAction | PercentileFireAction | CounterbatteryAction | MfpAction | ChargeAction | ReplacementAction | MoraleAction | LossesAction;

export type PercentileEvent = NightEvent | OrdersEvent | FireEvent | CounterbatteryEvent | MfpEvent | ChargeEvent | ReplacementEvent | MoraleEvent | LossesEvent;

/** Who may take each percentile action; players act for their own side's units (checked in decide). */
export const PERCENTILE_ACTION_ROLE: Record<PercentileAction['type'], Role> = {
  OpenNightVote: 'gm',
  OpenDawnBallot: 'gm',
  OpenOrders: 'gm',
  SetOrder: 'anyone',
  TriggerCommand: 'anyone',
  SetNightConditions: 'gm',
  SetDemoralization: 'gm',
  ReachMfpCritical: 'gm',
  PercentileFire: 'anyone',
  PercentileCounterbatteryMet: 'gm',
  PercentileSetMfp: 'gm',
  PercentileChargeDirection: 'anyone',
  PercentileDeclareCharge: 'anyone',
  PercentileUnitReplaced: 'anyone',
  PercentileMoraleCheck: 'anyone',
  PercentileRuleLosses: 'gm',
  PercentileSetMorale: 'gm',
};

export const PERCENTILE_EVENT_TYPES = [
  'NightDecided',
  'OrderChangeDue',
  'OrderChanged',
  'CommandTriggered',
  'NightConditionsSet',
  'ArmyDemoralizationSet',
  'MfpCriticalReached',
  'NightCmrRecorded',
  'DawnAttacksAnnounced',
  'PercentileFireResolved',
  'PercentileCounterbatteryCleared',
  'PercentileMfpSet',
  'PercentileChargeRolled',
  'PercentileChargeDeclared',
  'PercentileUnitReplaced',
  'PercentileMoraleChecked',
  'PercentileLossesRuled',
  'PercentileMoraleSet',
] as const satisfies readonly PercentileEvent['type'][];

export function decidePercentile(s: BattleState, action: PercentileAction, ctx: DecideContext): BattleEvent[] {
  switch (action.type) {
    case 'OpenNightVote':
      return decideOpenNightVote(s, action, ctx);
    case 'OpenDawnBallot':
      return decideOpenDawnBallot(s, action, ctx);
    case 'OpenOrders':
      return decideOpenOrders(s, action, ctx);
    case 'SetOrder':
      return decideSetOrder(s, action, ctx.actor);
    case 'TriggerCommand':
      return decideTriggerCommand(s, action, ctx.actor);
    case 'SetNightConditions':
      return decideSetNightConditions(s, action);
    case 'SetDemoralization':
      return decideSetDemoralization(s, action);
    case 'ReachMfpCritical':
      return decideReachMfpCritical(s, action);
    case 'PercentileFire':
      return decideFire(s, action, ctx);
    case 'PercentileCounterbatteryMet':
      return decideCounterbatteryMet(s, action);
    case 'PercentileSetMfp':
      return decideSetMfp(s, action);
    case 'PercentileChargeDirection':
      return decideChargeDirection(s, action, ctx);
    case 'PercentileDeclareCharge':
      return decideDeclareCharge(s, action, ctx);
    case 'PercentileUnitReplaced':
      return decideUnitReplaced(s, action, ctx);
    case 'PercentileMoraleCheck':
      return decideMoraleCheck(s, action, ctx);
    case 'PercentileRuleLosses':
      return decideRuleLosses(s, action);
    case 'PercentileSetMorale':
      return decideSetMorale(s, action);
  }
}

/** Any event's effect on the percentile state (its own events, ballots, phase changes, units removed); replaces, never mutates. */
export function applyPercentileEvent(d: BattleState, e: BattleEvent): void {
  switch (e.type) {
    case 'UnitRemoved':
      return applyUnitRemoved(d, e);
    case 'BallotRevealed':
      return applyDawnNotes(d, e);
    case 'PhaseAdvanced':
      applyNewBattleday(d, e);
      applyNightBegins(d, e);
      return applyPhaseEnd(d, e);
    case 'NightDecided':
      return applyNightDecided(d, e);
    case 'OrderChangeDue':
      return applyOrderChangeDue(d, e);
    case 'OrderChanged':
      return applyOrderChanged(d, e);
    case 'CommandTriggered':
      return applyCommandTriggered(d, e);
    case 'NightConditionsSet':
      return applyNightConditionsSet(d, e);
    case 'ArmyDemoralizationSet':
      return applyArmyDemoralizationSet(d, e);
    case 'MfpCriticalReached':
      return applyMfpCriticalReached(d, e);
    case 'NightCmrRecorded':
      return applyNightCmrRecorded(d, e);
    case 'DawnAttacksAnnounced':
      return applyDawnAttacksAnnounced(d, e);
    case 'PercentileFireResolved':
      return applyFireResolved(d, e);
    case 'PercentileCounterbatteryCleared':
      return applyCounterbatteryCleared(d, e);
    case 'PercentileMfpSet':
      return applyMfpSet(d, e);
    case 'PercentileChargeRolled':
      return applyChargeRolled(d, e);
    case 'PercentileChargeDeclared':
      return applyChargeDeclared(d, e);
    case 'PercentileUnitReplaced':
      return applyUnitReplaced(d, e);
    case 'PercentileMoraleChecked':
      return applyMoraleChecked(d, e);
    case 'PercentileLossesRuled':
      return applyLossesRuled(d, e);
    case 'PercentileMoraleSet':
      return applyMoraleSet(d, e);
  }
}

/** One line a reader of the log understands; `s` is the state before the event, for names. */
export function describePercentileEvent(e: PercentileEvent, s: BattleState): Text {
  switch (e.type) {
    case 'NightDecided':
      return describeNightDecided(e, s);
    case 'OrderChangeDue':
      return describeOrderChangeDue(e, s);
    case 'OrderChanged':
      return describeOrderChanged(e, s);
    case 'CommandTriggered':
      return describeCommandTriggered(e, s);
    case 'NightConditionsSet':
      return describeNightConditionsSet(e);
    case 'ArmyDemoralizationSet':
      return describeArmyDemoralizationSet(e, s);
    case 'MfpCriticalReached':
      return describeMfpCriticalReached(e, s);
    case 'NightCmrRecorded':
      return describeNightCmrRecorded(e, s);
    case 'DawnAttacksAnnounced':
      return describeDawnAttacksAnnounced(e, s);
    case 'PercentileFireResolved':
      return describeFireResolved(e, s);
    case 'PercentileCounterbatteryCleared':
      return describeCounterbatteryCleared(e, s);
    case 'PercentileMfpSet':
      return describeMfpSet(e, s);
    case 'PercentileChargeRolled':
      return describeChargeRolled(e);
    case 'PercentileChargeDeclared':
      return describeChargeDeclared(e, s);
    case 'PercentileUnitReplaced':
      return describeUnitReplaced(e, s);
    case 'PercentileMoraleChecked':
      return describeMoraleChecked(e);
    case 'PercentileLossesRuled':
      return describeLossesRuled(e, s);
    case 'PercentileMoraleSet':
      return describeMoraleSet(e, s);
  }
}

/** What the night, dawn and orders ballots set off when revealed. */
export const percentileConsequences: Consequences = (s, b, revealed) => (b.kind === 'orders' ? ordersConsequences(s, b, revealed) : nightConsequences(s, b, revealed));
