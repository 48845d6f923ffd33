import { loadPack, PackBase } from '../system.ts';
import pack from './pack.json' with { type: 'json' };

const parsed = loadPack(PackBase, pack, 'src/rules/charge/pack.json');
if (parsed.system !== 'charge') throw new Error(`src/rules/charge/pack.json declares system "${parsed.system}"`);

/** The shipped charge pack. */
export const chargePack: PackBase = parsed;

export * from './initiative.ts';
