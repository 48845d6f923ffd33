import { defineCommand, sub } from '../src/app/slash/commands.ts';

/** Posts a secret roll to the channel: /reveal roll:3 (the roller or a GM). */
export default defineCommand({
  name: 'reveal',
  description: 'Post one of your secret rolls to the channel (the roller or a GM)',
  rank: 260,
  subcommands: {
    '': sub({
      description: 'Post one of your secret rolls to the channel (the roller or a GM)',
      who: 'anyone',
      example: '/reveal roll:3',
      options: { roll: { kind: 'integer', description: 'The roll number (#n)', required: true, min: 1, default: true } },
      action: (o) => ({ type: 'RevealRoll', number: o.roll }),
    }),
  },
});
