/**
 * The brigade game's rules and its one pack: `brigadePack` is the shipped pack parsed once, with the
 * full schema (shipped-pack.ts), so the plug-in, the battle and the rules read the same values.
 */
export * from './rules.ts';
