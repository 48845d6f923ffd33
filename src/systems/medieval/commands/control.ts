import { defineCommand, sub } from '../../../app/slash/commands.ts';
import { labelled, matchingCodes, matchingLastCode, unitNames } from '../../../app/slash/complete.ts';
import { parseModifierList, parseReasonList } from '../battle/parse.ts';
import { controlReasonMisfit, typedUnit } from '../battle/reasons.ts';
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
          description: 'MED-CONTROL.1 to .8 or its number, checked against the unit; none given: .6 or .2 from the log',
          // In a battle with the unit typed, only the reasons that fit it.
          ...labelled((ctx) => {
            const u = typedUnit(ctx.state, ctx.options);
            const fit = medievalPack.control.reasons.filter((r) => !u || !ctx.state || controlReasonMisfit(ctx.state, u, r.id) === null);
            return matchingCodes(fit, ctx.typed);
          }),
        },
        modifiers: {
          kind: 'string',
          description: 'MED-CONTROL-MOD ids, e.g. "14x2 22"; class, losses, disorder: derived (/ref modifiers)',
          ...labelled((ctx) => matchingLastCode(medievalPack.control.modifiers, ctx.typed)),
        },
        rash_commander: { kind: 'boolean', description: 'The Commander Figure present is Rash: .22 and .24 count +0 and +1 (MED-CONTROL-MOD.32)' },
      },
      action: (o) => {
        const [reason, ...more] = o.reason === undefined ? [] : parseReasonList(o.reason, 'MED-CONTROL');
        if (more.length) refuse(`Give one reason for the Control Test (got ${[reason, ...more].join(', ')}).`);
        return {
          type: 'MedievalControlTest',
          unit: o.unit,
          ...(reason ? { reason } : {}),
          ...(o.modifiers ? { modifiers: parseModifierList(o.modifiers, 'MED-CONTROL-MOD') } : {}),
          ...(o.rash_commander !== undefined ? { rashCommander: o.rash_commander } : {}),
        };
      },
    }),
  },
});
