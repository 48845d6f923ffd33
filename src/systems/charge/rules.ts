/**
 * The pure rules of the Napoleonic d10 charge game (docs/rules/charge.md), for the battle to
 * wire in. initiative.ts (INIT-GRANDTAC) is exported by index.ts itself, so nothing here re-exports
 * its names (Dice, Modifier...).
 */
export * from './pack-schema.ts';
export * from './pack.ts';
export * from '../../rules/outcome.ts';
export * from './sourced.ts';
export * from './bands.ts';
export * from './unit.ts';
export * from './modifiers.ts';
export * from './house.ts';
export * from './mass.ts';
export * from './surrender.ts';
export * from './charge-modifiers.ts';
export * from './charge.ts';
export * from './follow-up.ts';
export * from './melee.ts';
export * from './fire-row.ts';
export * from './fire-effect.ts';
export * from './fire.ts';
export * from './fire-discipline.ts';
export * from './movement.ts';
export * from './class-dice.ts';
export * from './local-initiative.ts';
export * from './skirmish.ts';
export * from './morale.ts';
