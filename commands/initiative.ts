import { defineCommand, sub } from '../src/app/commands.ts';
import { sideNames } from '../src/app/complete.ts';
import { parseDeadline } from '../src/app/deadline.ts';
import { COMMANDERS, type Commander } from '../src/rules/medieval/index.ts';
import { parseGmModifiers } from '../src/rules/charge/battle.ts';
import { unitNames } from '../src/app/complete.ts';

export default defineCommand({
  name: 'initiative',
  description: 'Initiative: the charge rules\' secret Grand-Tac points (INIT-GRANDTAC), the medieval roll (MED-INIT)',
  subcommands: {
    open: sub({
      description: "Ask each side's commander for Grand-Tac points in secret; the roll follows the reveal (GM)",
      who: 'gm',
      example: '/initiative open deadline:1h',
      systems: ['charge'],
      options: { deadline: { kind: 'string', description: 'Closes after a delay (45m, 12h, 2d) or at a time' } },
      action: (o, ctx) => ({ type: 'OpenGrandTac', ...(o.deadline ? { deadline: parseDeadline(o.deadline, ctx.app.now()) } : {}) }),
    }),
    local: sub({
      description: 'A unit rolls local initiative, at any time, to move or form square: Class Dice plus mods (INIT-LOCAL)',
      who: 'player',
      example: '/initiative local unit:"IR 57 Josef Colloredo" purpose:"form square" reacting_cavalry:true',
      systems: ['charge'],
      options: {
        unit: { kind: 'string', description: 'The unit', required: true, complete: unitNames },
        purpose: { kind: 'string', description: 'Movement or forming square, its only uses', required: true, choices: ['movement', 'form square'] },
        flank_endangered: { kind: 'boolean', description: "Enemy action endangers the unit's flank: the roll is mandatory" },
        reacting_cavalry: { kind: 'boolean', description: 'Reacting to a cavalry charge (-1)' },
        die: { kind: 'integer', description: "GM: the class's Class Dice, not defined in the source", min: 2, max: 100 },
        modifiers: { kind: 'string', description: 'GM: other modifiers: "label=+1"' },
      },
      action: (o) => ({
        type: 'ChargeLocalInitiative',
        unit: o.unit,
        purpose: o.purpose as 'movement' | 'form square',
        ...(o.flank_endangered !== undefined ? { flankEndangered: o.flank_endangered } : {}),
        ...(o.reacting_cavalry !== undefined ? { reactingToCavalryCharge: o.reacting_cavalry } : {}),
        ...(o.die !== undefined ? { die: o.die } : {}),
        ...(o.modifiers !== undefined ? { modifiers: parseGmModifiers(o.modifiers, 'INIT-LOCAL') } : {}),
      }),
    }),
    roll: sub({
      description: "Roll this turn's initiative in phase 1: a die each plus the army commander's modifier (MED-INIT)",
      who: 'player',
      example: '/initiative roll',
      systems: ['medieval'],
      options: {},
      action: () => ({ type: 'MedievalRollInitiative' }),
    }),
    choose: sub({
      description: 'The initiative winner chooses to be side A or B this turn (MED-SEQ.1)',
      who: 'player',
      example: '/initiative choose as:A',
      systems: ['medieval'],
      options: { as: { kind: 'string', description: 'Side A or B', required: true, choices: ['A', 'B'] } },
      action: (o) => ({ type: 'MedievalChooseSide', as: o.as as 'A' | 'B' }),
    }),
    commander: sub({
      description: "A side's army commander, whose modifier the initiative adds (GM; MED-INIT.2, MED-CMDR.2)",
      who: 'gm',
      example: '/initiative commander side:Tudor type:Bold',
      systems: ['medieval'],
      options: {
        side: { kind: 'string', description: 'The side', required: true, complete: sideNames },
        type: { kind: 'string', description: 'Cautious +2, Bold +4, Rash +4, Exceptional +6, or none', required: true, choices: [...COMMANDERS, 'none'] },
      },
      action: (o) => ({ type: 'MedievalSetCommander', side: o.side, commander: o.type === 'none' ? null : (o.type as Commander) }),
    }),
  },
});
