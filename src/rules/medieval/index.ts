import { PackBase, type RuleSystem } from '../system.ts';
import pack from './pack.json' with { type: 'json' };
import { medievalSequence } from './sequence.ts';

const parsed = PackBase.parse(pack);
if (parsed.system !== 'medieval') throw new Error(`src/rules/medieval/pack.json declares system "${parsed.system}"`);

export const medieval: RuleSystem = { id: 'medieval', name: parsed.name, pack: parsed, sequence: medievalSequence };
