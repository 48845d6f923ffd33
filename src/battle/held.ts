import { say, type Text } from '../i18n/text.ts';
import { DiceStream, type DiceUsed } from '../dice/stream.ts';
import { mention } from '../messages.ts';
import { refuse, RuleError, ValueNeeded } from '../rules/errors.ts';
import type { SystemAction } from './actions.ts';
import type { BattleEvent, CoreEvent } from './events.ts';
import { isGm, type BattleState, type HeldAction } from './state.ts';
import type { DecideContext, RuleSystem } from './system.ts';

/**
 * The core's rule for every system: no die is seen before it counts (issue 37). A system that
 * refuses once it has drawn dice would show a result nobody has to abide by, and the player could
 * choose not to act and try again on other dice. So a RuleError thrown after any die was drawn is
 * not passed on: the dice drawn are logged (ActionHeld: the cursor moves past them and verify
 * re-derives them) and the action waits for a GM. The channel is told what it needs in words that
 * name no die (ValueNeeded.need, else a ruling), never the system's message.
 *
 * While it waits the battle's dice wait too: no other roll, no phase moved on, so the held dice
 * and any the resolution adds stay one run of the stream. A GM gives the value (a house rule, or
 * the same command again with the GM's option; the player who acted may repeat it unchanged) and
 * the action resolves on the logged dice, re-derived from their first word (HeldActionResumed);
 * or /battle undo sets it aside, its dice staying in the log.
 */

const RULING: Text = say('battle.held.ruling');

/** A system's decide under the rule above. */
export function decideSystem(s: BattleState, owner: RuleSystem, action: SystemAction, ctx: DecideContext): BattleEvent[] {
  const held = s.held;
  if (held && resumes(s, held, action, ctx.actor)) return resume(s, owner, held, action, ctx);
  const dice = held && ctx.dice ? waiting(ctx.dice, held) : ctx.dice;
  if (!dice) return owner.decide(s, action, ctx);
  dice.begin();
  try {
    const events = owner.decide(s, action, { ...ctx, dice });
    dice.end();
    return events;
  } catch (err) {
    const used = dice.end();
    if (!(err instanceof RuleError) || used.to === used.from) throw err;
    return [{ type: 'ActionHeld', data: { actor: ctx.actor, action, need: needOf(err), dice: used } }];
  }
}

/** What the battle waits for while an action is held: what refuses a roll or a move to the next phase. */
export const waitText = (h: HeldAction): Text => say('battle.held.wait', { action: h.action.type, actor: mention(h.actor), version: String(h.version), need: h.need });

export function describeHeld(e: Extract<CoreEvent, { type: 'ActionHeld' | 'HeldActionResumed' | 'HeldActionSetAside' }>, s: BattleState): Text {
  const action = s.held?.action.type ?? say('battle.held.action');
  switch (e.type) {
    case 'ActionHeld': {
      const { dice } = e.data;
      const values = { action: e.data.action.type, need: e.data.need, n: dice.rolls.length, from: String(dice.from), to: String(dice.to - 1) };
      return e.data.continues ? say('battle.held.stillWaits', values) : say('battle.held.waits', { ...values, actor: mention(e.data.actor) });
    }
    case 'HeldActionResumed':
      return say('battle.held.resumed', { by: mention(e.data.by), action, held: String(e.data.held) });
    case 'HeldActionSetAside':
      return say('battle.held.setAside', { by: mention(e.data.by), action, held: String(e.data.held) });
  }
}

const needOf = (err: RuleError): Text => (err instanceof ValueNeeded ? err.need : RULING);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The held action given again: by a GM, with everything it had and the values it lacked; by the
 * player who acted, unchanged (after a GM set a house rule). Anything else is another action.
 */
function resumes(s: BattleState, h: HeldAction, action: SystemAction, actor: string): boolean {
  if (action.type !== h.action.type) return false;
  const given = action as unknown as Record<string, unknown>;
  const had = Object.entries(h.action);
  if (isGm(s, actor)) return had.every(([k, v]) => same(given[k], v));
  return actor === h.actor && Object.keys(given).filter((k) => given[k] !== undefined).length === had.length && had.every(([k, v]) => same(given[k], v));
}

/** The context of any other action while one is held: its dice refuse to roll (a /roll, a ballot's consequence). */
export const whileHeld = (ctx: DecideContext, h: HeldAction): DecideContext => (ctx.dice ? { ...ctx, dice: waiting(ctx.dice, h) } : ctx);

/** A stream at the cursor that refuses any die: the battle's dice wait for the held action. */
function waiting(dice: DiceStream, h: HeldAction): DiceStream {
  return new DiceStream({
    get cursor() {
      return dice.cursor;
    },
    next: () => refuse(waitText(h)),
  });
}

/** The rolls of `used` begin with the held ones: the same dice, not others read from the same words. */
const onHeld = (used: DiceUsed, h: HeldAction): boolean => h.dice.rolls.every((r, i) => same(used.rolls[i], r));

function resume(s: BattleState, owner: RuleSystem, h: HeldAction, action: SystemAction, ctx: DecideContext): BattleEvent[] {
  const dice = ctx.diceFrom?.(h.dice.from) ?? refuse(say('battle.held.noDice'));
  const astray = say('battle.held.astray', { action: h.action.type, version: String(h.version) });
  dice.begin();
  let events: BattleEvent[];
  try {
    events = owner.decide(s, action, { ...ctx, dice });
  } catch (err) {
    const used = dice.end();
    if (!(err instanceof RuleError)) throw err;
    if (!onHeld(used, h)) refuse(astray);
    // Only its logged dice were read: they count already, so the system's own words may name them.
    if (used.to <= h.dice.to) throw err;
    const more = { from: h.dice.to, to: used.to, rolls: used.rolls.slice(h.dice.rolls.length) };
    return [{ type: 'ActionHeld', data: { actor: h.actor, action, need: needOf(err), dice: more, continues: true } }];
  }
  const used = dice.end();
  if (!onHeld(used, h) || used.to < h.dice.to) refuse(astray);
  return [{ type: 'HeldActionResumed', data: { by: ctx.actor, held: h.version, from: h.dice.from } }, ...events];
}
