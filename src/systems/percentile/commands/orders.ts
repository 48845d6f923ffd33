import { defineCommand, sub } from '../../../app/slash/commands.ts';
import { commandNames, matching } from '../../../app/slash/complete.ts';
import { parseDeadline } from '../../../app/service/deadline.ts';
import { ORDERS } from '../index.ts';

export const orders = defineCommand({
  name: 'orders',
  description: "Each command's orders: given in secret, revealed together; an open vote holds the phase",
  rank: 110,
  subcommands: {
    open: sub({
      description: 'Ask every command for its orders in secret, by DM; /phase next waits for them (GM)',
      who: 'gm',
      example: '/orders open deadline:12h',
      options: { deadline: { kind: 'string', description: 'Closes after a delay (45m, 12h, 2d) or at a time' } },
      action: (o, ctx) => ({ type: 'OpenOrders', ...(o.deadline ? { deadline: parseDeadline(o.deadline, ctx.app.now()) } : {}) }),
    }),
    set: sub({
      description: "A PASSIVE command's order at night, by its player (NIGHT-18.22); any order, by a GM",
      who: 'player',
      example: '/orders set command:"I Corps" order:RESERVE',
      options: {
        command: { kind: 'string', description: 'The command', required: true, complete: commandNames },
        order: { kind: 'string', description: 'The order', required: true, choices: ORDERS, complete: (ctx) => matching(ORDERS, ctx.typed) },
      },
      action: (o) => ({ type: 'SetOrder', command: o.command, order: o.order }),
    }),
  },
});
