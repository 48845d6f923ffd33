import { MAX_FILE_BYTES } from '../app/slash/commands.ts';
import { RuleError } from '../rules/errors.ts';

/** Orders of battle are small; anything much larger is not one. */
export const MAX_ATTACHMENT_BYTES = MAX_FILE_BYTES;

export interface AttachmentRef {
  url: string;
  name: string;
  /** As Discord reports it, checked before anything is downloaded. */
  size: number;
}

const kb = (n: number) => `${Math.ceil(n / 1000)} KB`;

/**
 * Downloads an attachment of the interaction as UTF-8 text, refusing one over `limit` bytes (by
 * Discord's size, and again while reading) and giving up after `timeoutMs`. Every failure is a
 * RuleError the user can act on.
 */
export async function fetchAttachment(a: AttachmentRef, limit = MAX_ATTACHMENT_BYTES, timeoutMs = 10_000): Promise<{ name: string; text: string }> {
  const tooLarge = () => new RuleError(`${a.name} is too large (over ${kb(limit)}); an order of battle is a small YAML or JSON file.`);
  if (a.size > limit) throw tooLarge();
  let res: Response;
  try {
    res = await fetch(a.url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new RuleError(`${a.name} could not be downloaded from Discord; try again in a moment.`);
  }
  if (!res.ok || !res.body) throw new RuleError(`${a.name} could not be downloaded from Discord (HTTP ${res.status}); try again in a moment.`);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of res.body) {
      total += chunk.byteLength;
      if (total > limit) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (err) {
    await res.body.cancel().catch(() => undefined);
    if (err instanceof RuleError) throw err;
    throw new RuleError(`${a.name} could not be downloaded from Discord; try again in a moment.`);
  }
  try {
    return { name: a.name, text: new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)) };
  } catch {
    throw new RuleError(`${a.name} is not a text file; attach the order of battle as YAML or JSON.`);
  }
}
