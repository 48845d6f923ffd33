import { defineCommand, sub } from '../../../app/slash/commands.ts';
import { unitNames } from '../../../app/slash/complete.ts';
import { parseGmModifiers } from '../battle/parse.ts';

export const skirmish = defineCommand({
  name: 'skirmish',
  description: 'Skirmish combat by the d10 charge rules: Class Dice + Screen mods (SKIRMISH)',
  rank: 200,
  subcommands: {
    '': sub({
      description: 'A skirmish screen rolls its Class Dice + Screen mods on its class row (SKIRMISH)',
      who: 'player',
      example: '/skirmish unit:"10e Léger" die:10',
      options: {
        unit: { kind: 'string', description: 'The skirmishing unit', required: true, complete: unitNames },
        die: { kind: 'integer', description: "GM: the class's Class Dice, not defined in the source (house rule class-dice)", min: 2, max: 100 },
        screen_modifiers: { kind: 'string', description: 'GM: Screen mods, not defined in the source: "label=+1"' },
        cell: { kind: 'string', description: 'GM: the result where the class row is illegible, e.g. NE, SH(20)' },
      },
      action: (o) => ({
        type: 'ChargeSkirmish',
        unit: o.unit,
        ...(o.die !== undefined ? { die: o.die } : {}),
        ...(o.screen_modifiers !== undefined ? { screenModifiers: parseGmModifiers(o.screen_modifiers, 'SKIRMISH') } : {}),
        ...(o.cell !== undefined ? { cell: o.cell } : {}),
      }),
    }),
  },
});
