import { defineCommand } from '../src/app/slash/commands.ts';

/** Shared by the rule systems: each adds its own subcommands (src/systems/README.md). */
export default defineCommand({
  name: 'morale',
  description: 'Morale tests, by the battle\'s rule system',
  rank: 220,
  subcommands: {},
});
