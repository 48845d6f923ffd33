import type { z } from 'zod';
import { loadPack, PackBase } from '../../rules/pack.ts';
import { FirePack } from './fire-pack.ts';
import { fraction } from './fraction.ts';
import { NightPack } from './night.ts';
import pack from './pack.json' with { type: 'json' };

/** The percentile pack: setup attributes, the night-combat data (NIGHT-18.x) and the fire data (PCT-11.x). */
export const PercentilePack = PackBase.extend({ night: NightPack, fire: FirePack }).refine(
  (p) => {
    // The fire routine's night modifier is the night rules' fire factor (NIGHT-18.51): one number, said once each.
    const night = p.fire.modifiers.find((m) => m.id === 'night');
    if (!night || night.kind !== 'multiplier' || night.value === null) return false;
    const a = fraction(night.value);
    const b = fraction(p.night.fireFactor);
    return a.n * b.d === b.n * a.d;
  },
  { error: 'fire.modifiers must hold a "night" multiplier equal to night.fireFactor (NIGHT-18.51)' },
);
export type PercentilePack = z.infer<typeof PercentilePack>;

const parsed = loadPack(PercentilePack, pack, 'src/systems/percentile/pack.json');
if (parsed.system !== 'percentile') throw new Error(`src/systems/percentile/pack.json declares system "${parsed.system}"`);

export const percentilePack: PercentilePack = parsed;
/** The shipped night data (the same as night.ts's NIGHT_PACK, parsed as part of the whole pack). */
export const nightPack: NightPack = parsed.night;
/** The shipped fire data (the same as fire-pack.ts's FIRE_PACK). */
export const firePack: FirePack = parsed.fire;

export * from './night.ts';
export * from './fire-pack.ts';
export * from './fire-input.ts';
export * from './fire-outcome.ts';
export * from './fire-refusal.ts';
export * from './fire-chart.ts';
export * from './fire.ts';
export * from './counterbattery.ts';
export * from './mfp.ts';
export * from './zones.ts';
export * from './night-morale.ts';
