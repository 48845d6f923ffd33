import { defineCommand, sub } from '../../../app/commands.ts';
import { matching, matchingLast, unitNames } from '../../../app/complete.ts';
import { parseModifierList, parseReasonList } from '../battle/parse.ts';
import { refuse } from '../../../rules/errors.ts';
import { medievalPack } from '../index.ts';

export const control = defineCommand({
  name: 'control',
  description: 'Control Test for impetuous troops (MED-CONTROL)',
  rank: 210,
  subcommands: {
    '': sub({
      description: 'Take a Control Test in phase 16; a failed unit is impetuous until a retest passes (MED-CONTROL)',
      who: 'player',
      example: '/control unit:"Tudor Household Knights" reason:5 modifiers:"22"',
      options: {
        unit: { kind: 'string', description: 'The testing unit', required: true, complete: unitNames },
        reason: {
          kind: 'string',
          description: 'MED-CONTROL.1 to .8 (or its number); .6 is the retest of an impetuous unit',
          required: true,
          complete: (ctx) => matching(medievalPack.control.reasons.map((r) => r.id), ctx.typed),
        },
        modifiers: {
          kind: 'string',
          description: 'MED-CONTROL-MOD ids, e.g. "14x2 22"; class, losses, disorder: derived (/ref modifiers)',
          complete: (ctx) => matchingLast(medievalPack.control.modifiers.map((m) => m.id), ctx.typed),
        },
        rash_commander: { kind: 'boolean', description: 'The Commander Figure present is Rash: .22 and .24 count +0 and +1 (MED-CONTROL-MOD.32)' },
      },
      action: (o) => {
        const [reason, ...more] = parseReasonList(o.reason, 'MED-CONTROL');
        if (more.length) refuse(`Give one reason for the Control Test (got ${[reason, ...more].join(', ')}).`);
        return {
          type: 'MedievalControlTest',
          unit: o.unit,
          reason: reason!,
          ...(o.modifiers ? { modifiers: parseModifierList(o.modifiers, 'MED-CONTROL-MOD') } : {}),
          ...(o.rash_commander !== undefined ? { rashCommander: o.rash_commander } : {}),
        };
      },
    }),
  },
});
