import { defineCommand, sub } from '../../../app/slash/commands.ts';
import { sideNames } from '../../../app/slash/complete.ts';
import { reply } from '../../../app/slash/replies.ts';
import { say } from '../../../i18n/text.ts';
import { mfpText } from '../battle/mfp.ts';

export const mfp = defineCommand({
  name: 'mfp',
  description: "The sides' MFP levels (PCT-11.73) and critical levels (NIGHT-18.63)",
  rank: 230,
  subcommands: {
    show: sub({
      description: "Each side's MFP level and critical level, and how losses move them",
      who: 'anyone',
      example: '/mfp show',
      options: {},
      query: (_o, ctx) => [reply(ctx, mfpText(ctx.state!), say('percentile.mfp.title'))],
    }),
    set: sub({
      description: "Set a side's MFP level, and its critical level from your 15.85 (GM)",
      who: 'gm',
      example: '/mfp set side:French level:12 critical:20',
      options: {
        side: { kind: 'string', description: 'The side', required: true, complete: sideNames },
        level: { kind: 'integer', description: 'The MFP level now', required: true, min: -100000, max: 100000 },
        critical: { kind: 'integer', description: 'The critical level (NIGHT-18.63; not in the sources)', min: -100000, max: 100000 },
      },
      action: (o) => ({ type: 'PercentileSetMfp', side: o.side, level: o.level, ...(o.critical !== undefined ? { critical: o.critical } : {}) }),
    }),
  },
});
