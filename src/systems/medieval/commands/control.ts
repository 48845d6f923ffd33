import { defineCommand, sub, type ExampleContext } from '../../../app/slash/commands.ts';
import { quoted } from '../../../app/slash/examples.ts';
import { figuresNow, testingUnit } from '../battle/state.ts';
import { labelled, matchingCodes, matchingLastCode, unitNames } from '../../../app/slash/complete.ts';
import { wordedRows } from '../words.ts';
import { parseModifierList, parseReasonList } from '../battle/parse.ts';
import { controlReasonFromLog, controlReasonMisfit, typedUnit } from '../battle/reasons.ts';
import { say } from '../../../i18n/text.ts';
import { refuse } from '../../../rules/errors.ts';
import { controlExemption, medievalPack } from '../index.ts';

/** The reasons the table gives (MED-CONTROL), in the order an example tries them: .6 and .2 come from the log, and .8 is a campaign's feud. */
const TABLE_REASONS = [1, 3, 5, 7, 4];

/**
 * A Control Test for a unit with a reason to take it: the one the log gives (the retest of an
 * impetuous unit, a won melee against a unit now routing), else the first reason that fits its
 * class and the log (MED-CONTROL.1-7); none for a unit exempt from the test or with no reason.
 */
function controlExample({ state: s, units }: ExampleContext): string[] {
  return units.flatMap((u) => {
    if (figuresNow(s, u) === 0 || controlExemption(testingUnit(s, u), medievalPack)) return [];
    if (controlReasonFromLog(s, u)) return [`/control unit:${quoted(u.name)}`];
    const fit = TABLE_REASONS.find((n) => controlReasonMisfit(s, u, `MED-CONTROL.${n}`) === null);
    return fit ? [`/control unit:${quoted(u.name)} reason:${fit}`] : [];
  });
}

export const control = defineCommand({
  name: 'control',
  description: 'Control Test for impetuous troops (MED-CONTROL)',
  rank: 210,
  subcommands: {
    '': sub({
      description: 'Take a Control Test in phase 16; a failed unit is impetuous until a retest passes (MED-CONTROL)',
      who: 'player',
      example: '/control unit:"Tudor Household Knights" reason:5 modifiers:"22"',
      exampleFor: controlExample,
      options: {
        unit: { kind: 'string', description: 'The testing unit', required: true, complete: unitNames },
        reason: {
          kind: 'string',
          description: 'MED-CONTROL.1 to .8 or its number, checked against the unit; none given: .6 or .2 from the log',
          // In a battle with the unit typed, only the reasons that fit it.
          ...labelled((ctx) => {
            const u = typedUnit(ctx.state, ctx.options);
            const fit = medievalPack.control.reasons.filter((r) => !u || !ctx.state || controlReasonMisfit(ctx.state, u, r.id) === null);
            return matchingCodes(wordedRows('reason', fit, ctx.locale), ctx.typed);
          }),
        },
        modifiers: {
          kind: 'string',
          description: 'MED-CONTROL-MOD ids, e.g. "14x2 22"; class, losses, disorder: derived (/ref modifiers)',
          ...labelled((ctx) => matchingLastCode(wordedRows('modifier', medievalPack.control.modifiers, ctx.locale), ctx.typed)),
        },
        rash_commander: { kind: 'boolean', description: 'The Commander Figure present is Rash: .22 and .24 count +0 and +1 (MED-CONTROL-MOD.32)' },
      },
      action: (o) => {
        const [reason, ...more] = o.reason === undefined ? [] : parseReasonList(o.reason, 'MED-CONTROL');
        if (more.length) refuse(say('medieval.commands.oneReason', { got: [reason, ...more].join(', ') }));
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
