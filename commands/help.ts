import { defineCommand, sub } from '../src/app/commands.ts';
import { helpText } from '../src/app/help.ts';
import { reply } from '../src/app/replies.ts';

export default defineCommand({
  name: 'help',
  description: 'The commands you may use here, with an example each',
  rank: 270,
  subcommands: {
    '': sub({
      description: 'The commands you may use here, with an example each',
      who: 'anyone',
      needsBattle: false,
      example: '/help',
      options: {},
      query: (_o, ctx) => [reply(ctx, helpText(ctx), 'Commands you can use now')],
    }),
  },
});
