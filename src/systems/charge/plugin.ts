import { chargeReference } from './reference.ts';
import type { SystemPlugin } from '../../app/slash/commands.ts';
import { applyChargeEvent, CHARGE_ACTION_ROLE, CHARGE_EVENT_TYPES, decideCharge, describeChargeEvent, type ChargeAction, type ChargeEvent } from './battle/index.ts';
import { chargeOwed, grandTacConsequences } from './battle/initiative.ts';
import { chargeReport } from './battle/report.ts';
import { chargeAftermath } from './battle/aftermath.ts';
import { initialCharge, type ChargeState } from './battle/state.ts';
import { chargeStatusLines, chargeUnitLines } from './battle/views.ts';
import { CHARGE_HOUSE } from './house.ts';
import { chargePack } from './index.ts';
import { chargeSequence } from './sequence.ts';
import { charge as chargeCommand } from './commands/charge.ts';
import { initiative } from './commands/initiative.ts';
import { skirmish } from './commands/skirmish.ts';
import { fire } from './commands/fire.ts';
import { morale } from './commands/morale.ts';
import { move } from './commands/move.ts';
import { ref } from './commands/ref.ts';
import en from './i18n/en.json' with { type: 'json' };
import fr from './i18n/fr.json' with { type: 'json' };
import de from './i18n/de.json' with { type: 'json' };
import rulesFr from './i18n/rules.fr.json' with { type: 'json' };
import rulesDe from './i18n/rules.de.json' with { type: 'json' };

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

/** The Napoleonic d10 charge and melee game (docs/rules/charge.md) as the battle plays it. */
export const charge: SystemPlugin<ChargeState> = {
  id: 'charge',
  name: chargePack.name,
  rulesName: 'the Napoleonic d10 charge rules',
  pack: chargePack,
  reference: chargeReference,
  house: CHARGE_HOUSE,
  houseFile: 'examples/house/charge.yaml',
  sequence: chargeSequence,
  owed: chargeOwed,
  initialState: initialCharge,
  actions: CHARGE_ACTION_ROLE,
  decide: (s, a, ctx) => decideCharge(s, a as ChargeAction, ctx),
  events: CHARGE_EVENT_TYPES,
  evolve: applyChargeEvent,
  describe: (e, s) => describeChargeEvent(e as ChargeEvent, s),
  ballotConsequences: grandTacConsequences,
  statusLines: chargeStatusLines,
  unitLines: chargeUnitLines,
  report: chargeReport,
  aftermath: chargeAftermath,
  slash: { commands: [chargeCommand, initiative, skirmish], adds: { fire, morale, move, ref } },
  messages: { en, fr: { ...fr, ...rulesFr }, de: { ...de, ...rulesDe } },
};
