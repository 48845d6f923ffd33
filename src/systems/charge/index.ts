/** The shipped charge pack, parsed once with the full schema (pack.ts), and INIT-GRANDTAC. */
export { chargePack } from './pack.ts';
export * from './initiative.ts';
