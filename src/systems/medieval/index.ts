import { loadPack } from '../../rules/pack.ts';
import pack from './pack.json' with { type: 'json' };
import { MedievalPack } from './pack-schema.ts';

const parsed = loadPack(MedievalPack, pack, 'src/systems/medieval/pack.json');
if (parsed.system !== 'medieval') throw new Error(`src/systems/medieval/pack.json declares system "${parsed.system}"`);

/** The shipped medieval pack, every MED-x chart parsed. */
export const medievalPack: MedievalPack = parsed;

export * from './pack-schema.ts';
export * from '../../rules/outcome.ts';
export * from './modifiers.ts';
export * from './range.ts';
export * from './fire.ts';
export * from './melee.ts';
export * from './unit.ts';
export * from './control.ts';
export * from './morale.ts';
export * from './initiative.ts';
