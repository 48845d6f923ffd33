import { medievalReference } from './reference.ts';
import type { SystemPlugin } from '../../app/slash/commands.ts';
import { applyMedievalEvent, decideMedieval, describeMedievalEvent, MEDIEVAL_ACTION_ROLE, MEDIEVAL_EVENT_TYPES, type MedievalAction, type MedievalEvent } from './battle/index.ts';
import { initialMedieval, MEDIEVAL_OPTIONS, type MedievalState } from './battle/state.ts';
import { medievalActing, medievalActingSides, medievalAdvance, medievalOwed, medievalOwedAtEnd } from './battle/advance.ts';
import { medievalStatusLines, medievalUnitLines } from './battle/views.ts';
import { medievalPack } from './index.ts';
import { MEDIEVAL_HOUSE } from './house.ts';
import { medievalSequence } from './sequence.ts';
import { medievalReport } from './battle/report.ts';
import { medievalAftermath } from './battle/aftermath.ts';
import { weather } from './commands/weather.ts';
import { melee } from './commands/melee.ts';
import { control } from './commands/control.ts';
import { ref } from './commands/ref.ts';
import { fire } from './commands/fire.ts';
import { morale } from './commands/morale.ts';
import { initiative } from './commands/initiative.ts';
import { create } from './commands/create.ts';
import en from './i18n/en.json' with { type: 'json' };
import fr from './i18n/fr.json' with { type: 'json' };
import de from './i18n/de.json' with { type: 'json' };
import rulesFr from './i18n/rules.fr.json' with { type: 'json' };
import rulesDe from './i18n/rules.de.json' with { type: 'json' };

declare module '../../battle/actions.ts' {
  interface SystemActions {
    medieval: MedievalAction;
  }
}
declare module '../../battle/events.ts' {
  interface SystemEvents {
    medieval: MedievalEvent;
  }
}

/** The medieval d10 game (docs/rules/medieval.md) as the battle plays it. */
export const medieval: SystemPlugin<MedievalState> = {
  id: 'medieval',
  name: medievalPack.name,
  rulesName: 'the medieval d10 rules',
  pack: medievalPack,
  reference: medievalReference,
  sequence: medievalSequence,
  initialState: initialMedieval,
  house: MEDIEVAL_HOUSE,
  options: MEDIEVAL_OPTIONS,
  actions: MEDIEVAL_ACTION_ROLE,
  decide: (s, a, ctx) => decideMedieval(s, a as MedievalAction, ctx),
  events: MEDIEVAL_EVENT_TYPES,
  evolve: applyMedievalEvent,
  describe: (e, s) => describeMedievalEvent(e as MedievalEvent, s),
  advance: medievalAdvance,
  owed: medievalOwed,
  owedAtEnd: medievalOwedAtEnd,
  acting: medievalActing,
  actingSides: medievalActingSides,
  statusLines: medievalStatusLines,
  unitLines: (s, u) => medievalUnitLines(s, u.id),
  report: medievalReport,
  aftermath: medievalAftermath,
  slash: { commands: [weather, melee, control], adds: { fire, morale, initiative, ref }, create },
  messages: { en, fr: { ...fr, ...rulesFr }, de: { ...de, ...rulesDe } },
};
