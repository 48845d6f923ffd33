import { createHmac } from 'node:crypto';

/**
 * HMAC-SHA-256 under one key, as the dice stream draws its words (stream.ts, hmacWords): Node's own,
 * three times @noble/hashes' speed on a word. The browser's bundle of the verifier takes
 * mac.browser.ts in its place (src/web/bundle.ts); both give the same bytes.
 */
export function keyedMac(key: Uint8Array): (text: string) => Uint8Array {
  // A copy: the key is read at each word, and a later change to the caller's bytes must not matter.
  const copy = Buffer.from(key);
  return (text) => createHmac('sha256', copy).update(text).digest();
}
