import { describe, expect, it } from 'vitest';
import { diceLoaded } from '../../src/dice/notation.ts';
import { startHarness } from '../support/bot-harness.ts';

/**
 * Issue 38: the first /roll of a process loaded the dice library (it builds mathjs: 4.5 s on a busy
 * machine). The bot loads it while it connects and says it is ready only once it is loaded. Each test
 * file has its own modules: the library starts unloaded here.
 */
describe('issue 38: the bot is ready with the dice library loaded', () => {
  it('no /roll after ready pays for the load', async () => {
    expect(diceLoaded()).toBe(false);
    const h = await startHarness();
    try {
      expect(diceLoaded()).toBe(true);
      expect(h.logs.some((l) => l.includes('Discord bot ready'))).toBe(true);
    } finally {
      await h.stop();
      await h.fake.stop();
    }
  });
});
