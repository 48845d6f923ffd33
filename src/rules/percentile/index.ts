import type { z } from 'zod';
import { PackBase, type RuleSystem } from '../system.ts';
import { NightPack } from './night.ts';
import pack from './pack.json' with { type: 'json' };
import { percentileSequence } from './sequence.ts';

/** The percentile pack: setup attributes plus the night-combat data (NIGHT-18.x). */
export const PercentilePack = PackBase.extend({ night: NightPack });
export type PercentilePack = z.infer<typeof PercentilePack>;

const parsed = PercentilePack.parse(pack);
if (parsed.system !== 'percentile') throw new Error(`src/rules/percentile/pack.json declares system "${parsed.system}"`);

export const percentilePack: PercentilePack = parsed;
/** The shipped night data (the same as night.ts's NIGHT_PACK, parsed as part of the whole pack). */
export const nightPack: NightPack = parsed.night;

export const percentile: RuleSystem = { id: 'percentile', name: parsed.name, pack: parsed, sequence: percentileSequence };

export * from './night.ts';
