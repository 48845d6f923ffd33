import { defineCommand } from '../src/app/slash/commands.ts';

/** Shared by the rule systems: each adds its own subcommands (src/systems/README.md). */
export default defineCommand({
  name: 'fire',
  description: 'Fire a unit at an enemy unit, by the battle\'s rule system',
  rank: 170,
  subcommands: {},
});
