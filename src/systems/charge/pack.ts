import { loadPack } from '../../rules/pack.ts';
import pack from './pack.json' with { type: 'json' };
import { ChargeRulesPack } from './pack-schema.ts';

const parsed = loadPack(ChargeRulesPack, pack, 'src/systems/charge/pack.json');
if (parsed.system !== 'charge') throw new Error(`src/systems/charge/pack.json declares system "${parsed.system}"`);

/** The shipped charge pack, every chart of d10-charge.md parsed; a GM's house-ruled copy goes through `ChargeRulesPack`. */
export const chargePack: ChargeRulesPack = parsed;
