import { defineCommand, sub } from '../../../app/slash/commands.ts';
import { commandNames, sideNames, unitNames } from '../../../app/slash/complete.ts';
import { quoted } from '../../../app/slash/examples.ts';
import { parseNumber, parsePairs } from './parse.ts';

/** The brigade game's activate tokens and initiative rounds (BRG-1.5, BRG-2.1-2.3, BRG-3.1.1, BRG-3.2.1, BRG-3.4.2). */
export const activate = defineCommand({
  name: 'activate',
  description: 'Activate tokens and initiative rounds of the brigade game (BRG-2.1, BRG-3.2.1)',
  rank: 130,
  subcommands: {
    roll: sub({
      description: 'Initiative round: both sides roll 1D6 on the battle dice; the winner declares (BRG-2.1, BRG-3.2.1)',
      who: 'player',
      example: '/activate roll',
      options: {},
      action: () => ({ type: 'BrigadeRollInitiative' }),
    }),
    declare: sub({
      description: 'The initiative winner names the side that activates; a GM after a tie (BRG-2.1)',
      who: 'player',
      example: '/activate declare side:"French Army of Portugal"',
      options: { side: { kind: 'string', description: 'The side that must activate', required: true, complete: sideNames } },
      action: (o) => ({ type: 'BrigadeDeclareSide', side: o.side }),
    }),
    formation: sub({
      description: 'The active side selects a formation whose token is down: its March and Volley round (BRG-2.1.1)',
      who: 'player',
      example: '/activate formation formation:"Wallace\'s Brigade"',
      options: { formation: { kind: 'string', description: 'The formation (command) that activates', required: true, complete: commandNames } },
      action: (o) => ({ type: 'BrigadeActivate', formation: o.formation }),
    }),
    unit: sub({
      description: 'The active side selects a unit whose token is down: its Action Round (BRG-3.2.1.1, BRG-3.4.2)',
      who: 'player',
      example: '/activate unit unit:"3rd Dragoons"',
      options: { unit: { kind: 'string', description: 'The unit that activates', required: true, complete: unitNames } },
      action: (o) => ({ type: 'BrigadeActivate', unit: o.unit }),
    }),
    'end-round': sub({
      description: "End the formation's round: morale tests due once per phase, Fallen Leader rolls (BRG-2.2.1-2.2.3)",
      who: 'player',
      example: '/activate end-round',
      options: {},
      action: () => ({ type: 'BrigadeEndRound' }),
    }),
    'close-combat': sub({
      description: 'Tokens behind the units within 2" (5cm) of an enemy, as measured (BRG-3.1.1)',
      who: 'player',
      example: '/activate close-combat units:"3rd Dragoons=1.5; 1/15e de Ligne=1.5; 1/45th Foot=3"',
      // One of the reader's units and an enemy within 2" of it, as measured (BRG-3.1.1).
      exampleFor: ({ units, enemies }) => units.flatMap((u) => enemies(u).slice(0, 1).map((e) => `/activate close-combat units:${quoted(`${u.name}=1.5; ${e.name}=1.5`)}`)),
      options: {
        units: { kind: 'string', description: 'Each unit=its measured distance to the nearest enemy, separated by ;', required: true },
        measure: { kind: 'string', description: 'Distances in inches (default) or cm', choices: ['in', 'cm'] },
      },
      action: (o) => ({
        type: 'BrigadePlaceCloseCombatTokens',
        units: parsePairs(o.units, 'distance').map((p) => ({ unit: p.name, distance: parseNumber(p.name, p.value) })),
        ...(o.measure ? { measure: o.measure as 'in' | 'cm' } : {}),
      }),
    }),
    clear: sub({
      description: 'GM ruling: remove the tokens still down without activating them (BRG-2.3, BRG-3.2.6)',
      who: 'gm',
      example: '/activate clear',
      options: {},
      action: () => ({ type: 'BrigadeClearTokens' }),
    }),
  },
});
