import { defineCommand, sub } from '../src/app/slash/commands.ts';

export default defineCommand({
  name: 'side',
  description: 'The opposing sides of the battle',
  rank: 20,
  subcommands: {
    add: sub({
      description: 'Add a side (GM)',
      who: 'gm',
      example: '/side add name:French',
      options: { name: { kind: 'string', description: 'The side name', required: true } },
      action: (o) => ({ type: 'AddSide', name: o.name }),
    }),
    admit: sub({
      description: 'Let a player who asked to join the running battle in, or not (GM)',
      who: 'gm',
      example: '/side admit user:@alice',
      options: {
        user: { kind: 'user', description: 'The player who asked with /join', required: true },
        admit: { kind: 'boolean', description: 'false to refuse them (default: admit)' },
      },
      action: (o) => ({ type: 'AdmitPlayer', user: o.user, admit: o.admit ?? true }),
    }),
  },
});
