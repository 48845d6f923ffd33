import { defineCommand, sub } from '../../../app/slash/commands.ts';
import { quoted } from '../../../app/slash/examples.ts';
import { labelled, matchingLastCode, unitNames } from '../../../app/slash/complete.ts';
import { wordedRows } from '../words.ts';
import { parseModifierList } from '../battle/parse.ts';
import { medievalPack } from '../index.ts';

const modifiers = (whose: string) =>
  ({
    kind: 'string',
    description: `The ${whose}'s MED-MELEE-MOD ids, e.g. "2 13"; the roster's are derived (/ref modifiers)`,
    ...labelled((ctx) => matchingLastCode(wordedRows('modifier', medievalPack.melee.modifiers, ctx.locale), ctx.typed)),
  }) as const;
const score = (whose: string) => ({ kind: 'integer', description: `GM: the ${whose}'s score needed where the Melee Chart has no cell (MED-MELEE source note)`, min: 1, max: 10 }) as const;

export const melee = defineCommand({
  name: 'melee',
  description: 'One round of hand-to-hand combat between two units, both sides striking (MED-MELEE)',
  rank: 180,
  subcommands: {
    '': sub({
      description: 'Resolve one melee round in phase 13: both units roll, kills applied to both (MED-MELEE, MED-SEQ.13)',
      who: 'player',
      example: '/melee attacker:"Tudor Household Knights" defender:"Norfolk\'s Billmen" attacker_charging:true',
      // Which units are in contact only the table knows: a pair the Melee Chart resolves, the attacker
      // charging where its row is a charge's (a lance); a GM's scores only where the chart leaves a gap.
      exampleFor: ({ units, enemies }) => {
        const pairs = units.slice(0, 12).flatMap((u) => enemies(u).slice(0, 12).map((e) => `/melee attacker:${quoted(u.name)} defender:${quoted(e.name)}`));
        const scores = ['defender_score:6', 'attacker_score:6', 'attacker_score:6 defender_score:6'];
        return [...pairs.flatMap((p) => [p, `${p} attacker_charging:true`]), ...pairs.flatMap((p) => scores.map((given) => `${p} ${given}`))];
      },
      options: {
        attacker: { kind: 'string', description: 'One unit in the melee', required: true, complete: unitNames },
        defender: { kind: 'string', description: 'The enemy unit it fights', required: true, complete: unitNames },
        attacker_figures: { kind: 'integer', description: "The attacker's figures fighting (default: all it has)", min: 1 },
        defender_figures: { kind: 'integer', description: "The defender's figures fighting (default: all it has)", min: 1 },
        attacker_modifiers: modifiers('attacker'),
        defender_modifiers: modifiers('defender'),
        attacker_charging: { kind: 'boolean', description: 'The attacker is charging into contact (MED-MELEE-MOD.1, lance rows)' },
        defender_charging: { kind: 'boolean', description: 'The defender is (counter-)charging into contact (MED-MELEE-MOD.1)' },
        attacker_pushed_back: { kind: 'boolean', description: 'The attacker is being pushed back (MED-MELEE-MOD.4)' },
        defender_pushed_back: { kind: 'boolean', description: 'The defender is being pushed back (MED-MELEE-MOD.4)' },
        attacker_score: score('attacker'),
        defender_score: score('defender'),
      },
      action: (o) => {
        const side = (unit: string, figures?: number, mods?: string, charging?: boolean, pushedBack?: boolean, score?: number) => ({
          unit,
          ...(figures !== undefined ? { figures } : {}),
          ...(mods ? { modifiers: parseModifierList(mods, 'MED-MELEE-MOD') } : {}),
          ...(charging !== undefined ? { charging } : {}),
          ...(pushedBack !== undefined ? { pushedBack } : {}),
          ...(score !== undefined ? { score } : {}),
        });
        return {
          type: 'MedievalMelee',
          attacker: side(o.attacker, o.attacker_figures, o.attacker_modifiers, o.attacker_charging, o.attacker_pushed_back, o.attacker_score),
          defender: side(o.defender, o.defender_figures, o.defender_modifiers, o.defender_charging, o.defender_pushed_back, o.defender_score),
        };
      },
    }),
  },
});
