import type { MedievalPack } from './pack-schema.ts';
import type { Recorder } from '../../rules/outcome.ts';

/** The d10-to-factor table shared by MED-CONTROL-MOD.1 and MED-MORALE.1: 1-2 +1 ... 9-10 +5. */
export function rollFactor(test: MedievalPack['control'] | MedievalPack['morale'], rec: Recorder): { roll: number; factor: number } {
  const roll = rec.roll(test.die);
  const band = test.factors.find((f) => roll >= f.min && roll <= f.max);
  if (!band) throw new Error(`pack ${test.rule} has no factor for a roll of ${roll}`);
  return { roll, factor: band.factor };
}
