import { PackBase, type RuleSystem } from '../system.ts';
import pack from './pack.json' with { type: 'json' };
import { percentileSequence } from './sequence.ts';

const parsed = PackBase.parse(pack);
if (parsed.system !== 'percentile') throw new Error(`src/rules/percentile/pack.json declares system "${parsed.system}"`);

export const percentile: RuleSystem = { id: 'percentile', name: parsed.name, pack: parsed, sequence: percentileSequence };
