import type { RuleSystem } from '../system.ts';
import { brigadePack } from './index.ts';
import { brigadeSequence } from './sequence.ts';

/** The four-phase brigade game (shared/rules/brigade-phases.md) as the battle plays it: its turn sequence. */
export const brigade: RuleSystem<undefined> = {
  id: 'brigade',
  name: brigadePack.name,
  rulesName: 'the four-phase brigade rules',
  pack: brigadePack,
  sequence: brigadeSequence,
  initialState: () => undefined,
  actions: {},
  decide: () => [],
  events: [],
  evolve: () => {},
  describe: (e) => e.type,
};
