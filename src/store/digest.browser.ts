import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** digest.ts in the browser, where node:crypto is not: the same SHA-256, from @noble/hashes. */
export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));
