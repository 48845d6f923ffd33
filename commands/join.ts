import { defineCommand, sub } from '../src/app/slash/commands.ts';
import { sideNames } from '../src/app/slash/complete.ts';

export default defineCommand({
  name: 'join',
  description: 'Join a side of the battle as a player',
  rank: 30,
  subcommands: {
    '': sub({
      description: 'Join a side of the battle as a player',
      who: 'anyone',
      example: '/join side:French',
      options: { side: { kind: 'string', description: 'The side to play for', required: true, complete: sideNames } },
      action: (o) => ({ type: 'JoinSide', side: o.side }),
    }),
  },
});
