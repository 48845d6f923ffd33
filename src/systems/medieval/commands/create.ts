import type { CreateOption } from '../../../app/slash/commands.ts';

/** The options of MEDIEVAL_OPTIONS the players agree on at /battle create, for the whole battle. */
export const create: Record<string, CreateOption> = {
  autokill: { kind: 'boolean', description: 'Medieval: automatic kills in melee, agreed by the players (MED-AUTOKILL)', key: 'autokill' },
  partdice: { kind: 'boolean', description: 'Medieval: part dice for figures short of five, agreed by the players (MED-PARTDICE)', key: 'partDice' },
  initiative_die: { kind: 'integer', description: 'Medieval: initiative on a d6 (MED-INIT.1) or d10 (MED-SEQ.1); or later /house set initiative.die', min: 6, max: 10, key: 'initiativeDie' },
};
