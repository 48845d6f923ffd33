import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Share links (issue 30): a battle's or a campaign's page is reached by `<base>/b/<battle>/<token>`
 * (`/c/<campaign>/<token>`). The token is derived from the store's share key and the link's id, so
 * the log keeps only the link's id and view (an export or a page never holds a token), while the
 * server can still find, and name in a list, any live link. A link id is never reused, so a revoked
 * link stays dead.
 */
export const TOKEN_LENGTH = 22;

/** 22 base64url characters: 132 bits of HMAC-SHA256(key, "<stream>:<link>"). */
export function shareToken(keyHex: string, streamId: string, linkId: string): string {
  const mac = hmac(sha256, hexToBytes(keyHex), utf8ToBytes(`${streamId}:${linkId}`));
  return Buffer.from(mac).toString('base64url').slice(0, TOKEN_LENGTH);
}

/** The page of a battle's link, or of a campaign's (`kind: 'c'`). */
export function shareUrl(base: string, keyHex: string, streamId: string, linkId: string, kind: 'b' | 'c' = 'b'): string {
  return `${base.replace(/\/+$/, '')}/${kind}/${encodeURIComponent(streamId)}/${shareToken(keyHex, streamId, linkId)}`;
}
