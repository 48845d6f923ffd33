/** The pure rules of the brigade game (docs/rules/brigade.md, BRG-x), for the plug-in to wire. */
export * from './pack-schema.ts';
export * from './shipped-pack.ts';
export * from './house.ts';
export * from '../../rules/outcome.ts';
export * from './measure.ts';
export * from './effects.ts';
export * from './command.ts';
export * from './activation.ts';
export * from './initiative.ts';
export * from './volley.ts';
export * from './charge.ts';
export * from './melee.ts';
export * from './exploitation.ts';
export * from './army-morale.ts';
