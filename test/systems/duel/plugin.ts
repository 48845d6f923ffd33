import type { SystemPlugin } from '../../../src/app/slash/commands.ts';
import { z } from 'zod';
import { refuse } from '../../../src/rules/errors.ts';
import { tableSequence } from '../../../src/rules/sequence.ts';
import { decideDuel, describeDuel, evolveDuel, type DuelAction, type DuelEvent, type DuelState } from './battle.ts';
import { create, duel as duelCommand, fire } from './commands.ts';

declare module '../../../src/battle/actions.ts' {
  interface SystemActions {
    duel: DuelAction;
  }
}
declare module '../../../src/battle/events.ts' {
  interface SystemEvents {
    duel: DuelEvent;
  }
}

/**
 * The smallest whole rule system, used only by the tests (src/systems/README.md shows it): a pack,
 * a turn sequence, pure rules, one action and one event, a command of its own, a subcommand added
 * to /fire and an option added to /battle create.
 */
export const duel: SystemPlugin<DuelState> = {
  id: 'duel',
  name: 'Duel (an example system for the tests)',
  rulesName: 'the duel rules',
  pack: { system: 'duel', name: 'Duel', source: 'test/systems/duel', attributes: [{ name: 'wounds_allowed', description: 'Wounds it can take', type: 'int', required: true, min: 1 }] },
  sequence: tableSequence({ periods: [], phases: () => [{ id: 'DUEL-1', name: 'Strikes', rules: ['DUEL-1'] }] }),
  house: [{ key: 'strike.die', rules: ['DUEL-1'], seed: 'A strike rolls a d6 (the example system is the tests\' own).', expects: 'a die size, 2 to 20', schema: z.number().int().min(2).max(20) }],
  initialState: () => ({ wounds: {} }),
  options: {
    keys: ['needed'],
    check: (o) => (o.needed === undefined || (Number.isInteger(o.needed) && (o.needed as number) >= 2 && (o.needed as number) <= 6) ? o : refuse('needed is a d6 score from 2 to 6.')),
    text: (o) => (o.needed ? `strikes need ${String(o.needed)}+` : ''),
  },
  actions: { DuelStrike: 'anyone' },
  decide: (s, a, ctx) => decideDuel(s, a as DuelAction, ctx),
  events: ['DuelStruck'],
  evolve: evolveDuel,
  describe: (e, s) => describeDuel(e as DuelEvent, s),
  slash: { commands: [duelCommand], adds: { fire }, create },
};
