import { timingSafeEqual } from 'node:crypto';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Share links (issue 30): a battle's or a campaign's page is reached by `<base>/b/<battle>/<token>`
 * (`/c/<campaign>/<token>`). The token is derived from the store's share key and the link's id, so
 * the log keeps only the link's id and view (an export or a page never holds a token), while the
 * server can still find, and name in a list, any live link. A link id is never reused, so a revoked
 * link stays dead.
 *
 * A token names its link: `<link>-<mac>`, `l3-` then 22 base64url characters (132 bits) of
 * HMAC-SHA256(key, "<kind>:<stream>:<link>"). The server checks it with one HMAC before it reads
 * anything of the stream (issue 37): a wrong token costs the same, and is answered the same, whether
 * the battle exists, is shared or not. The kind keeps a campaign's token off a battle of the same id.
 * Tokens of the first form (22 characters, no link id, issue 30) are not checked: they no longer open.
 */
export const MAC_LENGTH = 22;

/** A token as a link writes it: its link's id, a dash, its MAC. */
const TOKEN = new RegExp(`^(l[1-9][0-9]{0,8})-([A-Za-z0-9_-]{${MAC_LENGTH}})$`);
/** A token of the first form, which named no link. */
export const OLD_TOKEN = new RegExp(`^[A-Za-z0-9_-]{${MAC_LENGTH}}$`);

export type ShareKind = 'b' | 'c';

function mac(keyHex: string, kind: ShareKind, streamId: string, linkId: string): string {
  const m = hmac(sha256, hexToBytes(keyHex), utf8ToBytes(`${kind}:${streamId}:${linkId}`));
  return Buffer.from(m).toString('base64url').slice(0, MAC_LENGTH);
}

/** The token of a battle's link, or of a campaign's (`kind: 'c'`). */
export function shareToken(keyHex: string, streamId: string, linkId: string, kind: ShareKind = 'b'): string {
  return `${linkId}-${mac(keyHex, kind, streamId, linkId)}`;
}

/** The page of a battle's link, or of a campaign's (`kind: 'c'`). */
export function shareUrl(base: string, keyHex: string, streamId: string, linkId: string, kind: ShareKind = 'b'): string {
  return `${base.replace(/\/+$/, '')}/${kind}/${encodeURIComponent(streamId)}/${shareToken(keyHex, streamId, linkId, kind)}`;
}

/** True when a token has the form of one, whatever its MAC: the server reads the key only for these. */
export const isToken = (token: string): boolean => TOKEN.test(token);

/**
 * The link a token names, when its MAC is that link's for this stream; else undefined. One HMAC and
 * a constant-time comparison, whatever the token: nothing of the stream is read or needed.
 */
export function tokenLink(keyHex: string, streamId: string, token: string, kind: ShareKind = 'b'): string | undefined {
  const m = TOKEN.exec(token);
  if (!m) return undefined;
  const [, linkId, given] = m as unknown as [string, string, string];
  return timingSafeEqual(Buffer.from(mac(keyHex, kind, streamId, linkId)), Buffer.from(given)) ? linkId : undefined;
}
