import type * as Roller from '@dice-roller/rpg-dice-roller';
import { describe, expect, it, vi } from 'vitest';
import { diceLoaded, loadDice } from '../../src/dice/notation.ts';
import { startTable } from '../support/table.ts';

/** The dice library's load, held until the test lets it finish. */
let finish: () => void = () => undefined;
const held = new Promise<void>((resolve) => (finish = resolve));
vi.mock('@dice-roller/rpg-dice-roller', async (real) => {
  const library = await real<typeof Roller>();
  await held;
  return library;
});

/** Turns of the event loop (no clock): time enough for a roll that does not wait to be done. */
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((next) => setImmediate(next));
};

/**
 * Issue 38: the first /roll of a process loaded the dice library (it builds mathjs: 4.5 s on a busy
 * machine), synchronously, inside the command. The table begins the load once its prompt is up (the
 * bot as it connects: test/discord/dice-ready.test.ts), and a /roll awaits that same load.
 */
describe('issue 38: a /roll awaits the dice library the table began loading', () => {
  it('made while the load runs, it waits for it rather than loading the library itself, then rolls with it', async () => {
    const t = startTable();
    await t.run('@gm /battle create name:Dice system:medieval');
    const loading = loadDice();
    const rolled = t.run('@gm /roll 2d6');
    let done = false;
    void rolled.then(() => (done = true));
    await turns(200);
    expect(done).toBe(false);
    expect(diceLoaded()).toBe(false);
    finish();
    const [roll] = await rolled;
    expect(roll!.error).toBeUndefined();
    expect(roll!.text).toMatch(/2d6/);
    expect(diceLoaded()).toBe(true);
    expect(loadDice()).toBe(loading);
    t.db.$client.close();
  });
});
