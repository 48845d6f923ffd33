import type { RuleSystem } from '../system.ts';
import { CHARGE_ACTION_ROLE, CHARGE_EVENT_TYPES, decideGrandTac, describeChargeEvent, grandTacConsequences, type ChargeAction, type ChargeEvent } from './battle.ts';
import { chargePack } from './index.ts';
import { chargeSequence } from './sequence.ts';

declare module '../../battle/actions.ts' {
  interface SystemActions {
    charge: ChargeAction;
  }
}
declare module '../../battle/events.ts' {
  interface SystemEvents {
    charge: ChargeEvent;
  }
}

/** The Napoleonic d10 charge and melee game (shared/rules/d10-charge.md) as the battle plays it. */
export const charge: RuleSystem<undefined> = {
  id: 'charge',
  name: chargePack.name,
  rulesName: 'the Napoleonic d10 charge rules',
  pack: chargePack,
  sequence: chargeSequence,
  initialState: () => undefined,
  actions: CHARGE_ACTION_ROLE,
  decide: (s, a, ctx) => decideGrandTac(s, a as ChargeAction, ctx),
  events: CHARGE_EVENT_TYPES,
  evolve: () => {},
  describe: (e) => describeChargeEvent(e as ChargeEvent),
  ballotConsequences: grandTacConsequences,
};
