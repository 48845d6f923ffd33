import { evaluateRoll, RollError } from '../dice/notation.ts';
import type { DiceStream } from '../dice/stream.ts';
import { say, type Text } from '../i18n/text.ts';
import { mention } from '../messages.ts';
import { own } from './draft.ts';
import { needDice } from './mechanics.ts';
import { refuse } from '../rules/errors.ts';
import type { RollEvent, RollRecord } from './roll-data.ts';
import type { BattleState } from './state.ts';

/**
 * GM and player rolls in chat (`/roll`), on the battle's verifiable dice stream (docs/architecture.md, Dice),
 * and the seed's publication. A secret roll's result is in the log from the start but shown only
 * to the roller and the GMs until `/reveal roll:`.
 */
export type { RollRecord, RollEvent } from './roll-data.ts';

export function decideRoll(s: BattleState, a: { expression: string; secret: boolean; reason?: string }, actor: string, dice: DiceStream | undefined): RollEvent[] {
  if (s.revealedSeed) refuse(say('battle.rolls.seedPublished'));
  let result;
  try {
    result = evaluateRoll(a.expression, needDice(dice));
  } catch (err) {
    if (err instanceof RollError) refuse(err.text);
    throw err;
  }
  const number = s.nextId.roll;
  const data = { number, roller: actor, expression: result.expression, secret: a.secret, output: result.output, total: result.total, dice: result.dice };
  return [{ type: 'DiceRolled', data: a.reason ? { ...data, reason: a.reason } : data }];
}

export function decideRevealRoll(s: BattleState, number: number, actor: string): RollEvent[] {
  // Rolls are numbered from 1 in order; the state keeps only the secret ones.
  if (!Number.isInteger(number) || number < 1 || number >= s.nextId.roll) refuse(say('battle.rolls.noRoll', { number: String(number) }));
  const r = (Object.hasOwn(s.rolls, number) ? s.rolls[number] : undefined) ?? refuse(say('battle.rolls.notSecret', { number: String(number) }));
  if (r.revealed) refuse(say('battle.rolls.revealedAlready', { number: String(number) }));
  if (r.roller !== actor && !s.gms.includes(actor)) refuse(say('battle.rolls.revealWho', { roller: mention(r.roller), number: String(number) }));
  return [{ type: 'RollRevealed', data: { number } }];
}

export function decideRevealSeed(s: BattleState, seed: string | undefined): RollEvent[] {
  if (s.revealedSeed) refuse(say('battle.rolls.seedPublishedAlready'));
  if (!seed) refuse(say('battle.rolls.noSeed'));
  return [{ type: 'SeedRevealed', data: { seed } }];
}

/** A roll as the log tells it: "@roller rolled #3 (reason): 2d6 [4, 2] = 6"; its output, dice notation, as it was kept. */
export const rollPhrase = (r: Pick<RollRecord, 'roller' | 'number' | 'output' | 'reason'>): Text => {
  const values = { roller: mention(r.roller), number: String(r.number), output: r.output };
  return r.reason ? say('battle.rolls.rolledWhy', { ...values, reason: r.reason }) : say('battle.rolls.rolled', values);
};

export function applyRollEvent(d: BattleState, e: RollEvent): void {
  switch (e.type) {
    case 'DiceRolled': {
      if (e.data.secret) {
        const { dice: _dice, ...rest } = e.data;
        own(d, 'rolls')[e.data.number] = { ...rest, revealed: false };
      }
      own(d, 'nextId').roll = Math.max(d.nextId.roll, e.data.number + 1);
      return;
    }
    case 'RollRevealed': {
      const r = d.rolls[e.data.number];
      if (r) own(d, 'rolls')[r.number] = { ...r, revealed: true };
      return;
    }
    case 'SeedRevealed':
      d.revealedSeed = e.data.seed;
      return;
  }
}
