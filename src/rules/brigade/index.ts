import { loadPack, PackBase, type RuleSystem } from '../system.ts';
import pack from './pack.json' with { type: 'json' };
import { brigadeSequence } from './sequence.ts';

const parsed = loadPack(PackBase, pack, 'src/rules/brigade/pack.json');
if (parsed.system !== 'brigade') throw new Error(`src/rules/brigade/pack.json declares system "${parsed.system}"`);

export const brigade: RuleSystem = { id: 'brigade', name: parsed.name, pack: parsed, sequence: brigadeSequence };
