import { defineCommand, sub } from '../src/app/commands.ts';
import { sideNames } from '../src/app/complete.ts';
import { parseDeadline } from '../src/app/deadline.ts';
import { COMMANDERS, type Commander } from '../src/rules/medieval/index.ts';

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
