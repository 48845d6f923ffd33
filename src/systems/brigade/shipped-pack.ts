import { loadPack } from '../../rules/pack.ts';
import pack from './pack.json' with { type: 'json' };
import { BrigadePack } from './pack-schema.ts';

const parsed = loadPack(BrigadePack, pack, 'src/systems/brigade/pack.json');
if (parsed.system !== 'brigade') throw new Error(`src/systems/brigade/pack.json declares system "${parsed.system}"`);

/** The shipped brigade pack, every BRG-x value parsed. */
export const brigadePack: BrigadePack = parsed;
