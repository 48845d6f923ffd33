import { sub } from '../../../app/slash/commands.ts';
import { unitNames } from '../../../app/slash/complete.ts';
import { armyMoraleExample } from '../battle/army-morale.ts';
import { parsePairs } from './parse.ts';
import { refuse } from '../../../rules/errors.ts';
import { say } from '../../../i18n/text.ts';

export const morale = {
  brigade: sub({
    description: "A unit's morale test result, the GM's (how it is rolled is not in the source); once per phase (BRG-2.2.2)",
    who: 'gm',
    example: '/morale brigade unit:"1/15e de Ligne" result:passed',
    options: {
      unit: { kind: 'string', description: 'The unit that tested', required: true, complete: unitNames },
      result: { kind: 'string', description: 'Passed or failed', required: true, choices: ['passed', 'failed'] },
      elephants: { kind: 'boolean', description: 'A second test this phase: affected by stampeding elephants (BRG-2.2.2)' },
    },
    action: (o) => ({ type: 'BrigadeMoraleResult', unit: o.unit, result: o.result as 'passed' | 'failed', ...(o.elephants !== undefined ? { elephants: o.elephants } : {}) }),
  }),
  army: sub({
    description: 'Army morale: d6 against the Army Morale Table number; higher withdraws (GM; BRG-4.1-4.3)',
    who: 'gm',
    example: '/morale army broken:"Anglo-Portuguese=0; French Army of Portugal=1" table:"French Army of Portugal=4"',
    exampleFor: ({ state }) => armyMoraleExample(state),
    options: {
      broken: { kind: 'string', description: 'Each side=its broken brigades (the definition is not in the source)', required: true },
      table: { kind: 'string', description: 'Each side=its Army Morale Table number, or none (house rule army-morale.table)' },
      formed: { kind: 'string', description: 'Each side=formed infantry and cavalry brigades, where not the roster\'s (GM ruling)' },
    },
    action: (o) => {
      const table = new Map(parsePairs(o.table ?? '', 'number').map((p) => [p.name.toLowerCase(), p.value]));
      const formed = new Map(parsePairs(o.formed ?? '', 'number').map((p) => [p.name.toLowerCase(), p.value]));
      const count = (side: string, what: 'broken' | 'table' | 'formed', v: string) => (/^\d+$/.test(v) ? Number(v) : refuse(say('brigade.commands.morale.notWhole', { side, what, got: v })));
      return {
        type: 'BrigadeArmyMorale',
        armies: parsePairs(o.broken, 'number').map((p) => {
          const n = table.get(p.name.toLowerCase());
          const f = formed.get(p.name.toLowerCase());
          return {
            side: p.name,
            broken: count(p.name, 'broken', p.value),
            ...(n !== undefined ? { tableNumber: n === 'none' ? null : count(p.name, 'table', n) } : {}),
            ...(f !== undefined ? { formed: count(p.name, 'formed', f) } : {}),
          };
        }),
      };
    },
  }),
};
