import { sub } from '../../../app/slash/commands.ts';
import { unitNames } from '../../../app/slash/complete.ts';

export const morale = {
  charge: sub({
    description: "A morale test by the house rules morale.*; losses, disorder, this turn's fights from the log",
    who: 'player',
    example: '/morale charge unit:"Chevauleger-Regiment Rosenberg"',
    options: {
      unit: { kind: 'string', description: 'The testing unit', required: true, complete: unitNames },
    },
    action: (o) => ({ type: 'ChargeMoraleTest', unit: o.unit }),
  }),
};
