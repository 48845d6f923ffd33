import { defineCommand, sub } from '../../../app/slash/commands.ts';
import { parseDeadline } from '../../../app/service/deadline.ts';
import { commandNames, unitNames } from '../../../app/slash/complete.ts';
import { quoted } from '../../../app/slash/examples.ts';
import { parseGmModifiers, parseSideModifiers } from '../battle/parse.ts';

export const initiative = defineCommand({
  name: 'initiative',
  description: 'Initiative: the charge rules\' secret Grand-Tac points (INIT-GRANDTAC), the medieval roll (MED-INIT)',
  rank: 120,
  subcommands: {
    open: sub({
      description: "Ask each side's commander for Grand-Tac points in secret; the roll follows the reveal (GM)",
      who: 'gm',
      example: '/initiative open deadline:1h modifiers:"French: army commander=+1"',
      // Modifiers, which the source does not list, only where a GM needs them: they name one of this battle's sides.
      exampleFor: ({ state }) => ['/initiative open deadline:1h', ...Object.values(state.sides).map((x) => `/initiative open deadline:1h modifiers:${quoted(`${x.name}: army commander=+1`)}`)],
      options: {
        deadline: { kind: 'string', description: 'Closes after a delay (45m, 12h, 2d) or at a time' },
        modifiers: { kind: 'string', description: 'Modifiers to the roll, the source lists none: "French: label=+1; Austrian: label=-1"' },
      },
      action: (o, ctx) => ({
        type: 'OpenGrandTac',
        ...(o.deadline ? { deadline: parseDeadline(o.deadline, ctx.app.now()) } : {}),
        ...(o.modifiers !== undefined ? { modifiers: parseSideModifiers(o.modifiers) } : {}),
      }),
    }),
    contest: sub({
      description: 'A Division-or-better commander contests the initiative against the active commander (INIT-GRANDTAC)',
      who: 'player',
      example: '/initiative contest commander:"Saint-Hilaire\'s Division" against:"Brady\'s Division"',
      options: {
        commander: { kind: 'string', description: 'The contesting command, with a Division-or-better leader', required: true, complete: commandNames },
        against: { kind: 'string', description: 'The active enemy command (its division, corps or army commander)', required: true, complete: commandNames },
        commander_modifiers: { kind: 'string', description: 'GM: modifiers, the source lists none: "label=+1"' },
        against_modifiers: { kind: 'string', description: 'GM: modifiers, the source lists none: "label=+1"' },
      },
      action: (o) => ({
        type: 'ContestInitiative',
        commander: o.commander,
        against: o.against,
        ...(o.commander_modifiers !== undefined ? { commanderModifiers: parseGmModifiers(o.commander_modifiers, 'INIT-GRANDTAC') } : {}),
        ...(o.against_modifiers !== undefined ? { againstModifiers: parseGmModifiers(o.against_modifiers, 'INIT-GRANDTAC') } : {}),
      }),
    }),
    local: sub({
      description: 'A unit rolls local initiative, at any time, to move or form square: Class Dice plus mods (INIT-LOCAL)',
      who: 'player',
      example: '/initiative local unit:"IR 57 Josef Colloredo" purpose:"form square" reacting_cavalry:true',
      options: {
        unit: { kind: 'string', description: 'The unit', required: true, complete: unitNames },
        purpose: { kind: 'string', description: 'Movement or forming square, its only uses', required: true, choices: ['movement', 'form square'] },
        flank_endangered: { kind: 'boolean', description: "Enemy action endangers the unit's flank: the roll is mandatory" },
        reacting_cavalry: { kind: 'boolean', description: 'Reacting to a cavalry charge (-1)' },
        die: { kind: 'integer', description: "GM: the class's Class Dice, not defined in the source (house rule class-dice)", min: 2, max: 100 },
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
  },
});
