import { sub } from '../../../app/slash/commands.ts';
import { unitNames } from '../../../app/slash/complete.ts';
import { ARTILLERY_RATES, FOOT_HORSE_RATES, type RateColumn } from '../rules.ts';

export const move = {
  roll: sub({
    description: 'A unit rolls to move: class and roll scale its MOVE-RATES distance; a natural 2 is no move (MOVE-ROLL)',
    who: 'player',
    example: '/move roll unit:"10e Léger" rate:column',
    options: {
      unit: { kind: 'string', description: 'The unit', required: true, complete: unitNames },
      rate: { kind: 'string', description: 'The MOVE-RATES column it moves in, for the distance', choices: [...new Set([...FOOT_HORSE_RATES, ...ARTILLERY_RATES])] },
      die: { kind: 'integer', description: 'GM: the movement die, not named in the source (house rule move.die)', min: 2, max: 100 },
    },
    action: (o) => ({ type: 'ChargeMovementRoll', unit: o.unit, ...(o.rate !== undefined ? { rate: o.rate as RateColumn } : {}), ...(o.die !== undefined ? { die: o.die } : {}) }),
  }),
};
