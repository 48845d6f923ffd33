import { defineCommand, sub } from '../src/app/commands.ts';

export default defineCommand({
  name: 'side',
  description: 'The opposing sides of the battle',
  subcommands: {
    add: sub({
      description: 'Add a side (GM)',
      who: 'gm',
      example: '/side add name:French',
      options: { name: { kind: 'string', description: 'The side name', required: true } },
      action: (o) => ({ type: 'AddSide', name: o.name }),
    }),
  },
});
