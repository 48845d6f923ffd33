import { defineCommand, sub } from '../src/app/commands.ts';
import { parseDeadline } from '../src/app/deadline.ts';

export default defineCommand({
  name: 'initiative',
  description: 'Grand-tactical initiative (INIT-GRANDTAC): secret points, then the roll',
  subcommands: {
    open: sub({
      description: "Ask each side's commander for Grand-Tac points in secret; the roll follows the reveal (GM)",
      who: 'gm',
      example: '/initiative open deadline:1h',
      options: { deadline: { kind: 'string', description: 'Closes after a delay (45m, 12h, 2d) or at a time' } },
      action: (o, ctx) => ({ type: 'OpenGrandTac', ...(o.deadline ? { deadline: parseDeadline(o.deadline, ctx.app.now()) } : {}) }),
    }),
  },
});
