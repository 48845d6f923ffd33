import { sub } from '../../../app/slash/commands.ts';
import { unitNames } from '../../../app/slash/complete.ts';
import { quoted } from '../../../app/slash/examples.ts';
import { MORALE_KINDS, type MoraleKind } from '../battle/morale.ts';
import { MORALE_STATES, status, type MoraleState } from '../battle/state.ts';

export const morale = {
  check: sub({
    description: "A morale check at the percent from your chart: -20% at night to rally or charge (NIGHT-18.61)",
    who: 'player',
    example: '/morale check unit:"1/28th Foot" kind:fire-loss percent:65 on_fail:disordered',
    // A unit that owes its check for fire losses (PCT-11.72, 11.88), else a routing one rallying (NIGHT-18.61).
    exampleFor: ({ state: s, owing, units }) => [
      ...owing.map((u) => `/morale check unit:${quoted(u.name)} kind:fire-loss percent:65 on_fail:disordered`),
      ...units.filter((u) => status(s, u.id).morale === 'routing').map((u) => `/morale check unit:${quoted(u.name)} kind:rally percent:40 on_pass:good`),
    ],
    options: {
      unit: { kind: 'string', description: 'The testing unit', required: true, complete: unitNames },
      kind: { kind: 'string', description: 'fire-loss (PCT-11.72), rally a router, declare or receive a charge, other', required: true, choices: MORALE_KINDS },
      percent: { kind: 'integer', description: "The unit's chance from your morale chart (15.0); pass at or under", required: true, min: 0, max: 100 },
      on_pass: { kind: 'string', description: "The unit's state after a pass, as your chart gives it (default unchanged)", choices: MORALE_STATES },
      on_fail: { kind: 'string', description: "The unit's state after a failure, as your chart gives it (default unchanged)", choices: MORALE_STATES },
    },
    action: (o) => ({
      type: 'PercentileMoraleCheck',
      unit: o.unit,
      kind: o.kind as MoraleKind,
      percent: o.percent,
      ...(o.on_pass ? { onPass: o.on_pass as MoraleState } : {}),
      ...(o.on_fail ? { onFail: o.on_fail as MoraleState } : {}),
    }),
  }),
  state: sub({
    description: "Record a unit's morale state no check here decided: a rally, shock combat, terrain (GM)",
    who: 'gm',
    example: '/morale state unit:"61e de Ligne" state:disordered reason:"shock combat"',
    options: {
      unit: { kind: 'string', description: 'The unit', required: true, complete: unitNames },
      state: { kind: 'string', description: 'good, disordered or routing', required: true, choices: MORALE_STATES },
      reason: { kind: 'string', description: 'Why, in a few words' },
    },
    action: (o) => ({ type: 'PercentileSetMorale', unit: o.unit, state: o.state as MoraleState, ...(o.reason ? { reason: o.reason } : {}) }),
  }),
};
