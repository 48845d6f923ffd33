import { defineCommand } from '../src/app/slash/commands.ts';

/** Shared by the rule systems: each adds its own subcommands (src/systems/README.md). */
export default defineCommand({
  name: 'move',
  description: 'Movement rolls, by the battle\'s rule system',
  rank: 150,
  subcommands: {},
});
