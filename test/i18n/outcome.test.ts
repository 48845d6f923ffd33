import { describe, expect, it } from 'vitest';
import { lines, say, word, wordWithin } from '../../src/i18n/text.ts';
import { wordMessage, type Message } from '../../src/messages.ts';

describe('the texts inside a posted outcome are worded with its message (issue 43)', () => {
  const step = say('battle.names.readsAs', { code: 'B', reads: 'battery' });
  const outcome = { rule: 'MED-MORALE', roll: 7, steps: [step, 'as written'], working: lines(step, step), unit: { key: 'u1', name: 'Guard' } };

  it('given an outcome with phrases among its data, when worded in French, then each phrase reads as its French words and the rest stays as stored', () => {
    const shown = wordWithin(outcome, 'fr') as typeof outcome & { steps: string[]; working: string };
    expect(shown.steps).toEqual([word(step, 'fr'), 'as written']);
    expect(shown.working).toBe(`${word(step, 'fr')}\n${word(step, 'fr')}`);
    expect(shown.rule).toBe('MED-MORALE');
    expect(shown.roll).toBe(7);
    // An object with a `key` beside other fields is data, not a phrase.
    expect(shown.unit).toEqual({ key: 'u1', name: 'Guard' });
  });

  it('given a channel post with an outcome, when wordMessage words it in German, then its outcome holds no phrase left as data', () => {
    const m: Message = { to: { kind: 'channel', channel: 'c' }, text: step, outcome };
    const worded = wordMessage(m, 'de');
    expect(JSON.stringify(worded.outcome)).not.toContain('"key":"battle.names.readsAs"');
    expect((worded.outcome as { steps: string[] }).steps[0]).toBe(word(step, 'de'));
    expect(word(step, 'de')).not.toBe(word(step, 'en'));
  });
});
