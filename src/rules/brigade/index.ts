import { loadPack, PackBase } from '../system.ts';
import pack from './pack.json' with { type: 'json' };

const parsed = loadPack(PackBase, pack, 'src/rules/brigade/pack.json');
if (parsed.system !== 'brigade') throw new Error(`src/rules/brigade/pack.json declares system "${parsed.system}"`);

/** The shipped brigade pack. */
export const brigadePack: PackBase = parsed;
