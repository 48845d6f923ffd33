import { defineCommand, sub } from '../src/app/slash/commands.ts';
import { helpText } from '../src/app/slash/help.ts';
import { reply } from '../src/app/slash/replies.ts';
import { say } from '../src/i18n/text.ts';

export default defineCommand({
  name: 'help',
  description: 'The commands you may use here, with an example each',
  rank: 270,
  subcommands: {
    '': sub({
      description: "What you may do now: the phase's commands with an example each (all:true for every command)",
      who: 'anyone',
      needsBattle: false,
      example: '/help',
      options: { all: { kind: 'boolean', description: 'Every command you may use here, not only those of the phase' } },
      query: async (o, ctx) => {
        // In a campaign's channel (its latest, ended or not), what it waits for, and its commands by the campaign's roles.
        const row = ctx.state ? undefined : await ctx.app.campaigns.latestIn(ctx.channel);
        const campaign = row ? await ctx.app.campaigns.state(row.id) : undefined;
        return [reply(ctx, helpText({ ...ctx, ...(campaign ? { campaign } : {}) }, o.all === true), say('slash.help.title'))];
      },
    }),
  },
});
