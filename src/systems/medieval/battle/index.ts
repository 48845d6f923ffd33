import type { Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import type { BattleState } from '../../../battle/state.ts';
import type { Role } from '../../../battle/system.ts';
import { decideControlTest, describeControlTested, evolveControlTested, type ControlAction, type ControlEvent } from './control.ts';
import { decideFire, describeFireResolved, evolveFireResolved, type FireAction, type FireEvent } from './fire.ts';
import {
  decideChooseSide,
  decideRollInitiative,
  decideSetCommander,
  describeCommanderSet,
  describeInitiativeRolled,
  describeSideChosen,
  evolveCommanderSet,
  evolveInitiativeRolled,
  evolveSideChosen,
  type InitiativeAction,
  type InitiativeEvent,
} from './initiative.ts';
import { decideMelee, describeMeleeResolved, evolveMeleeResolved, type MeleeAction, type MeleeEvent } from './melee.ts';
import { decideMoraleTest, decideSetStatus, describeMoraleTested, describeStatusSet, evolveMoraleTested, evolveStatusSet, type MoraleAction, type MoraleEvent } from './morale.ts';
import { forgetUnit } from './state.ts';
import { decideRecordWeather, describeWeatherRecorded, evolveWeatherRecorded, type WeatherAction, type WeatherEvent } from './weather.ts';

/**
 * The medieval d10 game (docs/rules/medieval.md, MED-x) as the battle keeps it: initiative and
 * sides A and B, weather, firing, melee, control and morale tests applied to the units. The rules
 * are pure functions in src/systems/medieval/; each procedure's file here applies them to the
 * battle's state, and this module hands every action and event to its procedure.
 */

export type MedievalAction = InitiativeAction | WeatherAction | FireAction | MeleeAction | ControlAction | MoraleAction;

export type MedievalEvent = InitiativeEvent | WeatherEvent | FireEvent | MeleeEvent | ControlEvent | MoraleEvent;

/** Who may take each medieval action; players act for their own side's units (checked in decide). */
export const MEDIEVAL_ACTION_ROLE: Record<MedievalAction['type'], Role> = {
  MedievalSetCommander: 'gm',
  MedievalRollInitiative: 'anyone',
  MedievalChooseSide: 'anyone',
  MedievalRecordWeather: 'gm',
  MedievalFire: 'anyone',
  MedievalMelee: 'anyone',
  MedievalControlTest: 'anyone',
  MedievalMoraleTest: 'anyone',
  MedievalSetStatus: 'gm',
};
export const MEDIEVAL_EVENT_TYPES = [
  'MedievalCommanderSet',
  'MedievalInitiativeRolled',
  'MedievalSideChosen',
  'MedievalWeatherRecorded',
  'MedievalFireResolved',
  'MedievalMeleeResolved',
  'MedievalControlTested',
  'MedievalMoraleTested',
  'MedievalStatusSet',
] as const satisfies readonly MedievalEvent['type'][];

export function decideMedieval(s: BattleState, action: MedievalAction, ctx: DecideContext): BattleEvent[] {
  switch (action.type) {
    case 'MedievalSetCommander':
      return decideSetCommander(s, action);
    case 'MedievalRollInitiative':
      return decideRollInitiative(s, ctx);
    case 'MedievalChooseSide':
      return decideChooseSide(s, action.as, ctx.actor);
    case 'MedievalRecordWeather':
      return decideRecordWeather(s, action);
    case 'MedievalFire':
      return decideFire(s, action, ctx);
    case 'MedievalMelee':
      return decideMelee(s, action, ctx);
    case 'MedievalControlTest':
      return decideControlTest(s, action, ctx);
    case 'MedievalMoraleTest':
      return decideMoraleTest(s, action, ctx);
    case 'MedievalSetStatus':
      return decideSetStatus(s, action);
  }
}

/** Any event's effect on the medieval state (its own events, phase changes, units removed); replaces, never mutates. */
export function applyMedievalEvent(d: BattleState, e: BattleEvent): void {
  switch (e.type) {
    case 'UnitRemoved':
      return forgetUnit(d, e.data.unitId);
    case 'MedievalCommanderSet':
      return evolveCommanderSet(d, e);
    case 'MedievalInitiativeRolled':
      return evolveInitiativeRolled(d, e);
    case 'MedievalSideChosen':
      return evolveSideChosen(d, e);
    case 'MedievalWeatherRecorded':
      return evolveWeatherRecorded(d, e);
    case 'MedievalFireResolved':
      return evolveFireResolved(d, e);
    case 'MedievalMeleeResolved':
      return evolveMeleeResolved(d, e);
    case 'MedievalControlTested':
      return evolveControlTested(d, e);
    case 'MedievalMoraleTested':
      return evolveMoraleTested(d, e);
    case 'MedievalStatusSet':
      return evolveStatusSet(d, e);
  }
}

export function describeMedievalEvent(e: MedievalEvent, s: BattleState): Text {
  switch (e.type) {
    case 'MedievalCommanderSet':
      return describeCommanderSet(e, s);
    case 'MedievalInitiativeRolled':
      return describeInitiativeRolled(e, s);
    case 'MedievalSideChosen':
      return describeSideChosen(e, s);
    case 'MedievalWeatherRecorded':
      return describeWeatherRecorded(e);
    case 'MedievalFireResolved':
      return describeFireResolved(e);
    case 'MedievalMeleeResolved':
      return describeMeleeResolved(e);
    case 'MedievalControlTested':
      return describeControlTested(e);
    case 'MedievalMoraleTested':
      return describeMoraleTested(e);
    case 'MedievalStatusSet':
      return describeStatusSet(e, s);
  }
}
