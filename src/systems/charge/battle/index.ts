import type { Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import type { BattleState } from '../../../battle/state.ts';
import type { Role } from '../../../battle/system.ts';
import { decideChargeRoll, describeChargeResolved, evolveChargeResolved, type ChargeResolved, type ChargeRoll } from './charge.ts';
import { decideDiscipline, describeDiscipline, type ChargeFireDiscipline, type ChargeFireDisciplineRolled } from './fire-discipline.ts';
import { decideFire, describeFire, evolveFire, type ChargeFire, type ChargeFireResolved } from './fire.ts';
import { decideMorale, describeMorale, evolveMorale, type ChargeMoraleTest, type ChargeMoraleTested } from './morale.ts';
import {
  decideContinue,
  decideRideDown,
  describeContinued,
  describeRideDown,
  evolveContinued,
  evolveRideDown,
  type ChargeContinue,
  type ChargeContinued,
  type ChargeRideDown,
  type ChargeRideDownResolved,
} from './follow-up.ts';
import { decideContest, describeContest, type ContestInitiative, type InitiativeContested } from './contest.ts';
import { decideGrandTac, describeGrandTac, describeGrandTacModifiers, evolveGrandTacModifiers, type GrandTacModifiersSet, type GrandTacRolled, type OpenGrandTac } from './initiative.ts';
import { decideLocalInitiative, describeLocalInitiative, type ChargeLocalInitiative, type ChargeLocalInitiativeRolled } from './local-initiative.ts';
import { decideMelee, describeMelee, evolveMelee, type ChargeMelee, type ChargeMeleeResolved } from './melee.ts';
import { decideMovement, describeMovement, type ChargeMovementRoll, type ChargeMovementRolled } from './movement.ts';
import { decideSkirmish, describeSkirmish, type ChargeSkirmish, type ChargeSkirmishResolved } from './skirmish.ts';
import { forgetUnit } from './state.ts';
import { decideSetStatus, describeStatusSet, evolveStatusSet, type ChargeSetStatus, type ChargeStatusSet } from './status.ts';

/**
 * The Napoleonic d10 charge game (docs/rules/charge.md) as the battle keeps it: the secret
 * Grand-Tac points and their roll (INIT-GRANDTAC); charges applied to both units, what may follow
 * them (CHG-CONTINUE, CHG-RIDEDOWN), melee rounds (MEL-D10), fire (FIRE-TABLE, FIRE-DISCIPLINE),
 * movement rolls (MOVE-ROLL), local initiative (INIT-LOCAL), skirmish combat (SKIRMISH) and the
 * morale tests the source calls for but does not give (house rules morale.*). The
 * rules are pure functions in the folder above; each module here gives one procedure what the
 * roster and the log know, and applies its results. A value the OCR lost comes from the battle's
 * house rule (house.ts) or a GM's option, and the outcome says which.
 */

export type ChargeAction =
  | OpenGrandTac
  | ContestInitiative
  | ChargeRoll
  | ChargeContinue
  | ChargeRideDown
  | ChargeMelee
  | ChargeFire
  | ChargeFireDiscipline
  | ChargeMovementRoll
  | ChargeLocalInitiative
  | ChargeSkirmish
  | ChargeMoraleTest
  | ChargeSetStatus;

export type ChargeEvent =
  | GrandTacRolled
  | GrandTacModifiersSet
  | InitiativeContested
  | ChargeResolved
  | ChargeContinued
  | ChargeRideDownResolved
  | ChargeMeleeResolved
  | ChargeFireResolved
  | ChargeFireDisciplineRolled
  | ChargeMovementRolled
  | ChargeLocalInitiativeRolled
  | ChargeSkirmishResolved
  | ChargeMoraleTested
  | ChargeStatusSet;

/** Who may take each action: players act for their own side's units (checked in decide). */
export const CHARGE_ACTION_ROLE: Record<ChargeAction['type'], Role> = {
  OpenGrandTac: 'gm',
  ContestInitiative: 'anyone',
  ChargeRoll: 'anyone',
  ChargeContinue: 'anyone',
  ChargeRideDown: 'anyone',
  ChargeMelee: 'anyone',
  ChargeFire: 'anyone',
  ChargeFireDiscipline: 'anyone',
  ChargeMovementRoll: 'anyone',
  ChargeLocalInitiative: 'anyone',
  ChargeSkirmish: 'anyone',
  ChargeMoraleTest: 'anyone',
  ChargeSetStatus: 'gm',
};
export const CHARGE_EVENT_TYPES = [
  'GrandTacRolled',
  'GrandTacModifiersSet',
  'InitiativeContested',
  'ChargeResolved',
  'ChargeContinued',
  'ChargeRideDownResolved',
  'ChargeMeleeResolved',
  'ChargeFireResolved',
  'ChargeFireDisciplineRolled',
  'ChargeMovementRolled',
  'ChargeLocalInitiativeRolled',
  'ChargeSkirmishResolved',
  'ChargeMoraleTested',
  'ChargeStatusSet',
] as const satisfies readonly ChargeEvent['type'][];

export function decideCharge(s: BattleState, action: ChargeAction, ctx: DecideContext): BattleEvent[] {
  switch (action.type) {
    case 'OpenGrandTac':
      return decideGrandTac(s, action, ctx);
    case 'ContestInitiative':
      return decideContest(s, action, ctx);
    case 'ChargeRoll':
      return decideChargeRoll(s, action, ctx);
    case 'ChargeContinue':
      return decideContinue(s, action, ctx);
    case 'ChargeRideDown':
      return decideRideDown(s, action, ctx);
    case 'ChargeMelee':
      return decideMelee(s, action, ctx);
    case 'ChargeFire':
      return decideFire(s, action, ctx);
    case 'ChargeFireDiscipline':
      return decideDiscipline(s, action, ctx);
    case 'ChargeMovementRoll':
      return decideMovement(s, action, ctx);
    case 'ChargeLocalInitiative':
      return decideLocalInitiative(s, action, ctx);
    case 'ChargeSkirmish':
      return decideSkirmish(s, action, ctx);
    case 'ChargeMoraleTest':
      return decideMorale(s, action, ctx);
    case 'ChargeSetStatus':
      return decideSetStatus(s, action);
  }
}

/** Any event's effect on the charge state (its own events, units removed); replaces, never mutates. */
export function applyChargeEvent(d: BattleState, e: BattleEvent): void {
  switch (e.type) {
    case 'UnitRemoved':
      return forgetUnit(d, e.data.unitId);
    case 'GrandTacModifiersSet':
      return evolveGrandTacModifiers(d, e);
    case 'ChargeResolved':
      return evolveChargeResolved(d, e);
    case 'ChargeContinued':
      return evolveContinued(d, e);
    case 'ChargeRideDownResolved':
      return evolveRideDown(d, e);
    case 'ChargeMeleeResolved':
      return evolveMelee(d, e);
    case 'ChargeFireResolved':
      return evolveFire(d, e);
    case 'ChargeMoraleTested':
      return evolveMorale(d, e);
    case 'ChargeStatusSet':
      return evolveStatusSet(d, e);
  }
}

export function describeChargeEvent(e: ChargeEvent, s: BattleState): Text {
  switch (e.type) {
    case 'GrandTacRolled':
      return describeGrandTac(e);
    case 'GrandTacModifiersSet':
      return describeGrandTacModifiers(e);
    case 'InitiativeContested':
      return describeContest(e);
    case 'ChargeResolved':
      return describeChargeResolved(e);
    case 'ChargeContinued':
      return describeContinued(e);
    case 'ChargeRideDownResolved':
      return describeRideDown(e, s);
    case 'ChargeMeleeResolved':
      return describeMelee(e, s);
    case 'ChargeFireResolved':
      return describeFire(e);
    case 'ChargeFireDisciplineRolled':
      return describeDiscipline(e);
    case 'ChargeMovementRolled':
      return describeMovement(e, s);
    case 'ChargeLocalInitiativeRolled':
      return describeLocalInitiative(e);
    case 'ChargeSkirmishResolved':
      return describeSkirmish(e);
    case 'ChargeMoraleTested':
      return describeMorale(e);
    case 'ChargeStatusSet':
      return describeStatusSet(e, s);
  }
}
