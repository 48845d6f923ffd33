import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/** mac.ts in the browser, where node:crypto is not: the same HMAC-SHA-256, from @noble/hashes, keyed once. */
export function keyedMac(key: Uint8Array): (text: string) => Uint8Array {
  const keyed = hmac.create(sha256, key);
  const scratch = keyed.clone();
  const mac = new Uint8Array(sha256.outputLen);
  return (text) => {
    keyed._cloneInto(scratch).update(utf8ToBytes(text)).digestInto(mac);
    return mac;
  };
}
