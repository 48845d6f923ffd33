import { describe, expect, it } from 'vitest';
import { keyedMac as browserMac } from '../../src/dice/mac.browser.ts';
import { keyedMac } from '../../src/dice/mac.ts';

describe('the dice stream’s HMAC (mac.ts) and the browser’s (mac.browser.ts)', () => {
  it('give the same bytes for every word, so the page verifies what the bot rolled', () => {
    const key = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) & 0xff);
    const node = keyedMac(key);
    const browser = browserMac(key);
    for (const text of ['b1:0', 'b1:1', 'c1-b2:123456', 'ünïcödé:7', '']) expect(Buffer.from(node(text)).toString('hex')).toBe(Buffer.from(browser(text)).toString('hex'));
  });

  it('keeps the key as it was given: a later change to the caller’s bytes changes no word', () => {
    const key = new Uint8Array(32).fill(7);
    const mac = keyedMac(key);
    const before = Buffer.from(mac('b1:0')).toString('hex');
    key.fill(9);
    expect(Buffer.from(mac('b1:0')).toString('hex')).toBe(before);
  });
});
