import { brigadeReference } from './reference.ts';
import type { SystemPlugin } from '../../app/slash/commands.ts';
import { brigadeAdvance, brigadeOwed } from './battle/advance.ts';
import { applyBrigadeEvent, BRIGADE_ACTION_ROLE, BRIGADE_EVENT_TYPES, decideBrigade, describeBrigadeEvent, type BrigadeAction, type BrigadeEvent } from './battle/index.ts';
import { initialBrigade, type BrigadeState } from './battle/state.ts';
import { brigadeStatusLines, brigadeUnitLines } from './battle/views.ts';
import { brigadeHouse } from './house.ts';
import { brigadePack } from './index.ts';
import { brigadeSequence } from './sequence.ts';
import { brigadeReport } from './battle/report.ts';
import { BRIGADE_STATUSES, brigadeAftermath, brigadeSideAftermath } from './battle/aftermath.ts';
import { activate } from './commands/activate.ts';
import { brigade as brigadeCommand } from './commands/brigade.ts';
import { fire } from './commands/fire.ts';
import { morale } from './commands/morale.ts';
import { charge } from './commands/charge.ts';
import en from './i18n/en.json' with { type: 'json' };
import fr from './i18n/fr.json' with { type: 'json' };
import de from './i18n/de.json' with { type: 'json' };
import rulesFr from './i18n/rules.fr.json' with { type: 'json' };
import rulesDe from './i18n/rules.de.json' with { type: 'json' };

declare module '../../battle/actions.ts' {
  interface SystemActions {
    brigade: BrigadeAction;
  }
}
declare module '../../battle/events.ts' {
  interface SystemEvents {
    brigade: BrigadeEvent;
  }
}

/** The four-phase brigade game (docs/rules/brigade.md) as the battle plays it. */
export const brigade: SystemPlugin<BrigadeState> = {
  id: 'brigade',
  name: brigadePack.name,
  rulesName: 'the four-phase brigade rules',
  pack: brigadePack,
  reference: brigadeReference,
  house: brigadeHouse,
  sequence: brigadeSequence,
  initialState: initialBrigade,
  actions: BRIGADE_ACTION_ROLE,
  decide: (s, a, ctx) => decideBrigade(s, a as BrigadeAction, ctx),
  events: BRIGADE_EVENT_TYPES,
  evolve: applyBrigadeEvent,
  describe: (e, s) => describeBrigadeEvent(e as BrigadeEvent, s),
  advance: brigadeAdvance,
  owed: brigadeOwed,
  statusLines: brigadeStatusLines,
  unitLines: brigadeUnitLines,
  report: brigadeReport,
  aftermath: brigadeAftermath,
  sideAftermath: brigadeSideAftermath,
  carriedStatuses: BRIGADE_STATUSES,
  slash: { commands: [activate, brigadeCommand], adds: { fire, morale, charge } },
  messages: { en, fr: { ...fr, ...rulesFr }, de: { ...de, ...rulesDe } },
};
