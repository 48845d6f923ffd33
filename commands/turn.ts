import { defineCommand, sub } from '../src/app/slash/commands.ts';
import { matching } from '../src/app/slash/complete.ts';
import { getRuleSystem } from '../src/battle/registry.ts';

export default defineCommand({
  name: 'turn',
  description: 'Game turns',
  rank: 80,
  subcommands: {
    next: sub({
      description: 'Skip to the first phase of the next turn (GM)',
      who: 'gm',
      example: '/turn next',
      options: {
        period: {
          kind: 'string',
          description: 'Where the system has them: the next turn is day, dusk, night or interphase',
          complete: (ctx) => (ctx.state ? matching(getRuleSystem(ctx.state.system).sequence.periods, ctx.typed) : []),
        },
        skip: { kind: 'boolean', description: 'Pass over what the phase still owes (GM; logged)' },
      },
      action: (o) => ({ type: 'AdvanceTurn', period: o.period, ...(o.skip ? { skip: true } : {}) }),
    }),
  },
});
