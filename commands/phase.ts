import { defineCommand, sub } from '../src/app/commands.ts';

export default defineCommand({
  name: 'phase',
  description: "The turn sequence of the battle's rule system",
  rank: 70,
  subcommands: {
    next: sub({
      description: 'Advance to the next phase and say what is due (GM)',
      who: 'gm',
      example: '/phase next',
      options: {},
      action: () => ({ type: 'AdvancePhase' }),
    }),
  },
});
