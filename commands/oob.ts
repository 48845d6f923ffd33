import { defineCommand, sub } from '../src/app/slash/commands.ts';
import { parseDataFile } from '../src/app/slash/data-file.ts';
import { say } from '../src/i18n/text.ts';

export default defineCommand({
  name: 'oob',
  description: 'Orders of battle',
  rank: 60,
  subcommands: {
    import: sub({
      description: 'Import sides, commands and units from a YAML or JSON file (GM); all or nothing',
      who: 'gm',
      example: '/oob import file:examples/oob/percentile.yaml',
      options: { file: { kind: 'attachment', description: 'The order of battle (YAML or JSON)', required: true } },
      action: async (o, ctx) => {
        const file = await ctx.readFile(o.file);
        return { type: 'ImportOrderOfBattle', source: file.name, oob: await parseDataFile(file.name, file.text, say('app.dataFile.oobHint')) };
      },
    }),
  },
});
