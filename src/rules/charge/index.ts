import { loadPack, PackBase, type RuleSystem } from '../system.ts';
import pack from './pack.json' with { type: 'json' };
import { chargeSequence } from './sequence.ts';

const parsed = loadPack(PackBase, pack, 'src/rules/charge/pack.json');
if (parsed.system !== 'charge') throw new Error(`src/rules/charge/pack.json declares system "${parsed.system}"`);

export const charge: RuleSystem = { id: 'charge', name: parsed.name, pack: parsed, sequence: chargeSequence };

export * from './initiative.ts';
