import { loadPack } from '../system.ts';
import pack from './pack.json' with { type: 'json' };
import { BrigadePack } from './pack-schema.ts';

const parsed = loadPack(BrigadePack, pack, 'src/rules/brigade/pack.json');
if (parsed.system !== 'brigade') throw new Error(`src/rules/brigade/pack.json declares system "${parsed.system}"`);

/** The shipped brigade pack, every BRG-x value parsed. */
export const brigadePack: BrigadePack = parsed;
