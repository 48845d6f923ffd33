import { defineCommand, sub } from '../src/app/slash/commands.ts';
import { reply } from '../src/app/slash/replies.ts';
import { say } from '../src/i18n/text.ts';
import { RuleError } from '../src/rules/errors.ts';
import { evaluateRollFresh, MAX_DICE, MAX_SIDES, RollError } from '../src/dice/notation.ts';

/**
 * /roll 2d6, as dice bots have it: the expression is the command's first, required option (what
 * Discord asks for as soon as /roll is chosen, and what a bare word fills at the table).
 * A secret roll is posted later with /reveal roll:.
 */
export default defineCommand({
  name: 'roll',
  description: 'Roll dice: /roll 2d6+1 (verifiable in a battle channel, openly or in secret)',
  rank: 250,
  subcommands: {
    '': sub({
      description: `Roll dice notation: 3d6, d%, 4d6kh3+2, 2d20kl1, 3d6!, 4d10>=8, 1d6+1d8+3 (at most ${MAX_DICE} dice, d${MAX_SIDES})`,
      who: 'anyone',
      needsBattle: false,
      example: '/roll 4d6kh3+2 reason:"ambush check" secret:true',
      options: {
        expression: { kind: 'string', description: 'Dice notation, e.g. 2d6+1, d%, 4d6kh3', required: true, default: true },
        secret: { kind: 'boolean', description: 'Only you and the GMs see the result until you reveal it (/reveal roll:)' },
        reason: { kind: 'string', description: 'What the roll is for' },
      },
      action: (o, ctx) => {
        if (ctx.state) return { type: 'RollDice', expression: o.expression, secret: o.secret ?? false, ...(o.reason ? { reason: o.reason } : {}) };
        // No battle here: fresh randomness, answered at once and logged nowhere.
        try {
          const r = evaluateRollFresh(o.expression);
          const rolled = o.reason ? say('slash.roll.freshWhy', { reason: o.reason, output: r.output }) : say('slash.roll.fresh', { output: r.output });
          return [reply(ctx, rolled, say('slash.roll.title'))];
        } catch (err) {
          if (err instanceof RollError) throw new RuleError(err.text);
          throw err;
        }
      },
    }),
  },
});
