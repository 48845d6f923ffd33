import { describe, expect, it } from 'vitest';
import { logLines, statusText } from '../../src/app/reports/views.ts';
import type { BattleEvent, DiceUsed } from '../../src/battle/events.ts';
import { replay } from '../../src/battle/replay.ts';
import { DiceStream, rederive } from '../../src/dice/stream.ts';
import { evaluateRoll } from '../../src/dice/notation.ts';
import { english } from '../../src/i18n/text.ts';
import { given, logged } from '../support/spec.ts';
import { scriptedStream } from '../support/scripted-dice.ts';

const SEED = Buffer.from(Array.from({ length: 32 }, (_, i) => i));
const SEED_HEX = SEED.toString('hex');

const created: BattleEvent = { type: 'BattleCreated', data: { battleId: 'b1', name: 'Ligny', system: 'medieval', channel: 'table', gm: 'gm', seedHash: 'ab'.repeat(32) } };
const french: BattleEvent = { type: 'SideAdded', data: { sideId: 's1', name: 'French' } };
const aliceJoins: BattleEvent = { type: 'SideJoined', data: { sideId: 's1', user: 'alice' } };

/** A DiceRolled as decide writes it, on the real stream of battle b1 from `from`. */
function rolled(number: number, expression: string, from: number, extra: { roller?: string; secret?: boolean; reason?: string } = {}): Extract<BattleEvent, { type: 'DiceRolled' }> {
  const r = evaluateRoll(expression, DiceStream.fromSeed(SEED, 'b1', from));
  const data = { number, roller: extra.roller ?? 'alice', expression: r.expression, secret: extra.secret ?? false, output: r.output, total: r.total, dice: r.dice };
  return { type: 'DiceRolled', data: extra.reason ? { ...data, reason: extra.reason } : data };
}

const streamAt = (cursor: number) => DiceStream.fromSeed(SEED, 'b1', cursor);

describe('RollDice (/roll dice in a battle channel)', () => {
  it('logs the roll as roll #1 with the cursor range and every die, which re-derive from the seed', () => {
    const events = given([created, french, aliceJoins]).when({ type: 'RollDice', expression: '4d6kh3+2', secret: false, reason: 'ambush' }, 'alice', { dice: streamAt(0) }).events();
    expect(events).toEqual([rolled(1, '4d6kh3+2', 0, { reason: 'ambush' })]);
    const dice = (events[0]!.data as { dice: DiceUsed }).dice;
    expect(dice.from).toBe(0);
    expect(dice.rolls.map((r) => r.sides)).toEqual([6, 6, 6, 6]);
    expect(rederive(SEED, 'b1', dice)).toEqual({ ok: true });
  });

  it('numbers rolls across the battle and rolls on from the cursor', () => {
    const first = rolled(1, '2d6', 0);
    const g = given([created, first]);
    expect(g.state.diceCursor).toBe(first.data.dice.to);
    g.when({ type: 'RollDice', expression: 'd%', secret: true }, 'gm', { dice: streamAt(g.state.diceCursor) }).then([rolled(2, 'd%', first.data.dice.to, { roller: 'gm', secret: true })]);
  });

  it('records exactly the dice the stream gave (scripted dice)', () =>
    given([created])
      .when({ type: 'RollDice', expression: '3d6', secret: false }, 'gm', { dice: scriptedStream(6, 1, 3) })
      .then([
        {
          type: 'DiceRolled',
          data: {
            number: 1,
            roller: 'gm',
            expression: '3d6',
            secret: false,
            output: '3d6: [6, 1, 3] = 10',
            total: 10,
            dice: { from: 0, to: 3, rolls: [6, 1, 3].map((result) => ({ sides: 6, result })) },
          },
        },
      ]));

  it('refuses an invalid expression, pointing at the bad part', () =>
    given([created]).when({ type: 'RollDice', expression: '2d6+x', secret: false }, 'gm', { dice: streamAt(0) }).refused(/character 5: found "x"/));

  it('refuses an absurd size, stating the limit', () =>
    given([created]).when({ type: 'RollDice', expression: '10000d10000', secret: false }, 'gm', { dice: streamAt(0) }).refused(/at most 1000 dice/));

  it('is refused once the seed is public: its rolls would be predictable', () =>
    given([created, { type: 'SeedRevealed', data: { seed: SEED_HEX } }])
      .when({ type: 'RollDice', expression: '1d6', secret: false }, 'gm', { dice: streamAt(0) })
      .refused(/seed of this battle has been published/));

  it('is refused after the battle ended', () =>
    given([created, { type: 'BattleEnded', data: { by: 'gm' } }]).when({ type: 'RollDice', expression: '1d6', secret: false }, 'gm', { dice: streamAt(0) }).refused(/has ended/));
});

describe('RevealRoll (/reveal roll:)', () => {
  const secret = rolled(1, '1d20', 0, { roller: 'alice', secret: true });
  const open = rolled(2, '1d6', secret.data.dice.to);

  it('reveals a secret roll for its roller', () => given([created, french, aliceJoins, secret]).when({ type: 'RevealRoll', number: 1 }, 'alice').then([{ type: 'RollRevealed', data: { number: 1 } }]));
  it('reveals a secret roll for a GM', () => given([created, secret]).when({ type: 'RevealRoll', number: 1 }, 'gm').then([{ type: 'RollRevealed', data: { number: 1 } }]));
  it('is refused to another player', () => given([created, secret]).when({ type: 'RevealRoll', number: 1 }, 'bob').refused(/Only <@alice> or a GM may reveal roll #1/));
  it('is refused for a roll that was open', () => given([created, secret, open]).when({ type: 'RevealRoll', number: 2 }, 'alice').refused(/Roll #2 was not secret/));
  it('is refused for a roll that does not exist', () => given([created]).when({ type: 'RevealRoll', number: 7 }, 'gm').refused(/There is no roll #7/));
  it('is refused twice', () => given([created, secret, { type: 'RollRevealed', data: { number: 1 } }]).when({ type: 'RevealRoll', number: 1 }, 'gm').refused(/revealed already/));
});

describe('RevealSeed (/battle reveal-seed) and EndBattle', () => {
  it('publishes the seed it is given', () => given([created]).when({ type: 'RevealSeed' }, 'gm', { seed: SEED_HEX }).then([{ type: 'SeedRevealed', data: { seed: SEED_HEX } }]));
  it('is for a GM only', () => given([created]).when({ type: 'RevealSeed' }, 'alice', { seed: SEED_HEX }).refused(/Only a GM/));
  it('is refused once published', () => given([created, { type: 'SeedRevealed', data: { seed: SEED_HEX } }]).when({ type: 'RevealSeed' }, 'gm', { seed: SEED_HEX }).refused(/published already/));
  it('the state knows the seed once published', () => expect(given([created, { type: 'SeedRevealed', data: { seed: SEED_HEX } }]).state.revealedSeed).toBe(SEED_HEX));

  it('the end publishes the seed after BattleEnded', () =>
    given([created])
      .when({ type: 'EndBattle' }, 'gm', { seed: SEED_HEX })
      .then([
        { type: 'BattleEnded', data: { by: 'gm' } },
        { type: 'SeedRevealed', data: { seed: SEED_HEX } },
      ]));

  it('the end does not publish a seed published before', () =>
    given([created, { type: 'SeedRevealed', data: { seed: SEED_HEX } }])
      .when({ type: 'EndBattle' }, 'gm', { seed: SEED_HEX })
      .then([{ type: 'BattleEnded', data: { by: 'gm' } }]));
});

describe('undo and the dice cursor (docs/architecture.md, Dice)', () => {
  it('a roll is not undone: undo takes back the action before it, and the cursor stays', () => {
    const roll = rolled(1, '4d6', 0);
    const undone = given([created, french, roll]).when({ type: 'Undo' }).events();
    expect(undone).toMatchObject([{ type: 'ActionUndone', data: { voids: [2] } }]);
    const after = replay('b1', logged([created, french, roll, ...undone]));
    expect(after.sides).toEqual({});
    expect(after.diceCursor).toBe(roll.data.dice.to);
  });

  it('replay keeps the cursor past the dice of a voided event', () => {
    const roll = rolled(1, '3d6', 0);
    const events: BattleEvent[] = [created, roll, { type: 'ActionUndone', data: { voids: [2], summary: 'a roll' } }];
    const s = replay('b1', logged(events));
    expect(s.rolls).toEqual({});
    expect(s.diceCursor).toBe(roll.data.dice.to);
  });
});

describe('a secret roll is shown to nobody else until revealed', () => {
  const secret = rolled(1, '1d100', 0, { roller: 'gm', secret: true, reason: 'hidden battery' });
  const result = secret.data.output;

  it('not in /battle status nor in the log lines', () => {
    const events = logged([created, secret]);
    expect(english(statusText(replay('b1', events)))).not.toContain(result);
    const lines = logLines('b1', events).map((l) => english(l));
    expect(lines.join('\n')).not.toContain(result);
    expect(lines[1]).toMatch(/^2\. <@gm> rolled in secret \(roll #1\)/);
  });

  it('the log shows it from its reveal on', () => {
    const lines = logLines('b1', logged([created, secret, { type: 'RollRevealed', data: { number: 1 } }])).map((l) => english(l));
    expect(lines[1]).not.toContain(result);
    expect(lines[2]).toContain(`rolled #1 (hidden battery): ${result}`);
  });
});
