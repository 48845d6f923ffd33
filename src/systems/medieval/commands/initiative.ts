import { sub } from '../../../app/slash/commands.ts';
import { sideNames } from '../../../app/slash/complete.ts';
import { COMMANDERS, type Commander } from '../index.ts';

export const initiative = {
  roll: sub({
    description: "Roll this turn's initiative in phase 1: a die each plus the army commander's modifier (MED-INIT)",
    who: 'player',
    example: '/initiative roll',
    options: {},
    action: () => ({ type: 'MedievalRollInitiative' }),
  }),
  choose: sub({
    description: 'The initiative winner chooses to be side A or B this turn (MED-SEQ.1)',
    who: 'player',
    example: '/initiative choose as:A',
    options: { as: { kind: 'string', description: 'Side A or B', required: true, choices: ['A', 'B'] } },
    action: (o) => ({ type: 'MedievalChooseSide', as: o.as as 'A' | 'B' }),
  }),
  commander: sub({
    description: "A side's army commander, whose modifier the initiative adds (GM; MED-INIT.2, MED-CMDR.2)",
    who: 'gm',
    example: '/initiative commander side:Tudor type:Bold',
    options: {
      side: { kind: 'string', description: 'The side', required: true, complete: sideNames },
      type: { kind: 'string', description: 'Cautious +2, Bold +4, Rash +4, Exceptional +6, or none', required: true, choices: [...COMMANDERS, 'none'] },
    },
    action: (o) => ({ type: 'MedievalSetCommander', side: o.side, commander: o.type === 'none' ? null : (o.type as Commander) }),
  }),
};
