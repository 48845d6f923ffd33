import { sub } from '../../../app/slash/commands.ts';
import { unitNames } from '../../../app/slash/complete.ts';
import { quoted } from '../../../app/slash/examples.ts';
import { LOSS_KINDS, type LossKind } from '../battle/losses.ts';

export const unit = {
  losses: sub({
    description: 'Losses a GM rules: fire above 200% (PCT-11.71), shock combat; they count for MFP (GM)',
    who: 'gm',
    example: '/unit losses unit:"2e Léger" lost:3 reason:"fire at 210%"',
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
    // Only cavalry declares a charge (PCT-11.23.3).
    exampleFor: ({ units }) => units.filter((u) => u.attrs.arm === 'cavalry').map((u) => `/unit charge unit:${quoted(u.name)}`),
    options: { unit: { kind: 'string', description: 'The charging cavalry unit', required: true, complete: unitNames } },
    action: (o) => ({ type: 'PercentileDeclareCharge', unit: o.unit }),
  }),
  replace: sub({
    description: 'A unit replaced a friend in a declared Shock Combat zone: no fire on the attackers (PCT-11.86)',
    who: 'player',
    example: '/unit replace unit:"1/79th Highlanders"',
    options: { unit: { kind: 'string', description: 'The replacement unit', required: true, complete: unitNames } },
    action: (o) => ({ type: 'PercentileUnitReplaced', unit: o.unit }),
  }),
};
