import { composeCommands, installCommands } from './app/slash/registry.ts';
import type { CoreCommand, SystemPlugin } from './app/slash/commands.ts';
import { installSystems } from './battle/registry.ts';
import { installMessages } from './i18n/catalog.ts';
import { ruleMessages } from './rules/reference.ts';
import { systems } from './systems/index.ts';
import ballot from '../commands/ballot.ts';
import battle from '../commands/battle.ts';
import campaign from '../commands/campaign.ts';
import command from '../commands/command.ts';
import fire from '../commands/fire.ts';
import help from '../commands/help.ts';
import house from '../commands/house.ts';
import join from '../commands/join.ts';
import morale from '../commands/morale.ts';
import move from '../commands/move.ts';
import oob from '../commands/oob.ts';
import phase from '../commands/phase.ts';
import ref from '../commands/ref.ts';
import reveal from '../commands/reveal.ts';
import roll from '../commands/roll.ts';
import side from '../commands/side.ts';
import turn from '../commands/turn.ts';
import unit from '../commands/unit.ts';

/** The core's slash commands, one file each in commands/. */
export const coreCommands: readonly CoreCommand[] = [battle, house, side, join, command, unit, oob, phase, turn, ballot, move, fire, morale, roll, reveal, ref, campaign, help];

/**
 * The composition root: the rule systems handed to the battle core, the slash commands (the
 * core's with the systems' merged in) to the app, and the systems' translations to the catalog. Every entry point calls it once before it plays;
 * the tests call it with the systems they play.
 */
export function assemble(plugins: readonly SystemPlugin[] = systems): void {
  installSystems(plugins);
  installCommands(composeCommands(coreCommands, plugins));
  installMessages('the rule systems', ...plugins.map((x) => x.messages ?? {}));
  // Each rule's text in English is its reference's line (src/rules/reference.ts): generated here, never copied.
  installMessages('the rule references', ...plugins.map((x) => ({ en: ruleMessages(x.id, x.reference ?? []) })));
}
