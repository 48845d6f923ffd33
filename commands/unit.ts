import { defineCommand, sub } from '../src/app/commands.ts';
import { attributeOptions, commandNames, unitNames } from '../src/app/complete.ts';
import { RuleError } from '../src/rules/errors.ts';
import { findByName } from '../src/battle/state.ts';
import { unitText, unitsText } from '../src/app/views.ts';
import { reply } from '../src/app/replies.ts';
import { LOSS_KINDS, type LossKind } from '../src/rules/percentile/battle.ts';

const attrs = attributeOptions();
const attrNames = Object.keys(attrs);
/** The attribute options the user gave, for the pack to validate. */
const pickAttrs = (o: Record<string, unknown>) => Object.fromEntries(attrNames.filter((n) => o[n] !== undefined).map((n) => [n, o[n]]));

export default defineCommand({
  name: 'unit',
  description: 'Units: battalions, regiments, batteries, squadrons, screens, trains',
  subcommands: {
    add: sub({
      description: "Add a unit to a command (GM); attributes as the battle's rule system needs",
      who: 'gm',
      example: '/unit add name:"1/45th Line" command:"I Corps" arm:infantry class:B figures:24',
      options: {
        name: { kind: 'string', description: 'The unit name', required: true },
        command: { kind: 'string', description: 'Its command', required: true, complete: commandNames },
        ...attrs,
      },
      action: (o) => ({ type: 'AddUnit', name: o.name, command: o.command, attrs: pickAttrs(o) }),
    }),
    set: sub({
      description: "Change a unit's attributes, name or command (GM)",
      who: 'gm',
      example: '/unit set unit:"1/45th Line" figures:20',
      options: {
        unit: { kind: 'string', description: 'The unit', required: true, complete: unitNames },
        rename: { kind: 'string', description: 'A new name' },
        command: { kind: 'string', description: 'Move it to this command', complete: commandNames },
        ...attrs,
      },
      action: (o) => ({ type: 'EditUnit', unit: o.unit, name: o.rename, command: o.command, attrs: pickAttrs(o) }),
    }),
    remove: sub({
      description: 'Remove a unit (GM)',
      who: 'gm',
      example: '/unit remove unit:"1/45th Line"',
      options: { unit: { kind: 'string', description: 'The unit', required: true, complete: unitNames } },
      action: (o) => ({ type: 'RemoveUnit', unit: o.unit }),
    }),
    losses: sub({
      description: 'Losses a GM rules: fire above 200% (PCT-11.71), shock combat; they count for MFP (GM)',
      who: 'gm',
      example: '/unit losses unit:"2e Léger" lost:3 reason:"fire at 210%"',
      systems: ['percentile'],
      options: {
        unit: { kind: 'string', description: 'The unit that loses them', required: true, complete: unitNames },
        lost: { kind: 'integer', description: 'How many', required: true, min: 1, max: 1000 },
        reason: { kind: 'string', description: 'Why, in a few words', required: true },
        kind: { kind: 'string', description: 'figures (default), cannon or train material (PCT-11.74)', choices: LOSS_KINDS },
        check: { kind: 'boolean', description: 'A morale check is due for them (PCT-11.72); default true' },
      },
      action: (o) => ({
        type: 'PercentileRuleLosses',
        unit: o.unit,
        lost: o.lost,
        reason: o.reason,
        ...(o.kind ? { kind: o.kind as LossKind } : {}),
        ...(o.check !== undefined ? { check: o.check } : {}),
      }),
    }),
    charge: sub({
      description: 'A cavalry unit declares a charge: it may not fire this turn (PCT-11.23.3); at night 1D6 direction',
      who: 'player',
      example: '/unit charge unit:"6e Lanciers"',
      systems: ['percentile'],
      options: { unit: { kind: 'string', description: 'The charging cavalry unit', required: true, complete: unitNames } },
      action: (o) => ({ type: 'PercentileDeclareCharge', unit: o.unit }),
    }),
    replace: sub({
      description: 'A unit replaced a friend in a declared Shock Combat zone: no fire on the attackers (PCT-11.86)',
      who: 'player',
      example: '/unit replace unit:"1/79th Highlanders"',
      systems: ['percentile'],
      options: { unit: { kind: 'string', description: 'The replacement unit', required: true, complete: unitNames } },
      action: (o) => ({ type: 'PercentileUnitReplaced', unit: o.unit }),
    }),
    show: sub({
      description: 'Show a unit, or every unit',
      who: 'anyone',
      example: '/unit show unit:"1/45th Line"',
      options: { unit: { kind: 'string', description: 'The unit (all when left out)', complete: unitNames } },
      query: (o, ctx) => {
        const s = ctx.state!;
        if (!o.unit) return [reply(ctx, unitsText(s), 'Units')];
        const u = findByName(s.units, o.unit);
        if (!u) throw new RuleError(`There is no unit "${o.unit}". Use /unit show to list the units.`);
        return [reply(ctx, unitText(s, u), u.name)];
      },
    }),
  },
});
