import { defineCommand, sub, type CreateOption } from '../../../src/app/slash/commands.ts';
import { unitNames } from '../../../src/app/slash/complete.ts';

const strike = sub({
  description: 'Strike an enemy unit: a d6 against the score needed (DUEL-1)',
  who: 'player',
  example: '/duel strike attacker:Red target:Blue',
  options: {
    attacker: { kind: 'string', description: 'The striking unit', required: true, complete: unitNames },
    target: { kind: 'string', description: 'The unit struck', required: true, complete: unitNames },
  },
  action: (o) => ({ type: 'DuelStrike', attacker: o.attacker, target: o.target }),
});

/** A command of its own. */
export const duel = defineCommand({ name: 'duel', description: 'The example duel game (tests only)', rank: 175, subcommands: { strike } });

/** A subcommand added to the core's shared /fire: the same strike, by another name. */
export const fire = { duel: strike };

/** An option added to /battle create, recorded as the battle's `needed`. */
export const create: Record<string, CreateOption> = { needed: { kind: 'integer', description: 'Duel: the d6 score a strike needs (default 4)', min: 2, max: 6, key: 'needed' } };
