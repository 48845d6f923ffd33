import { MAX_FILE_BYTES } from '../app/slash/commands.ts';
import { say } from '../i18n/text.ts';
import { RuleError } from '../rules/errors.ts';

/** Orders of battle are small; anything much larger is not one. */
export const MAX_ATTACHMENT_BYTES = MAX_FILE_BYTES;

export interface AttachmentRef {
  url: string;
  name: string;
  /** As Discord reports it, checked before anything is downloaded. */
  size: number;
}

const kb = (n: number) => String(Math.ceil(n / 1000));

/**
 * Downloads an attachment of the interaction as UTF-8 text, refusing one over `limit` bytes (by
 * Discord's size, and again while reading) and giving up after `timeoutMs`. Every failure is a
 * RuleError the user can act on.
 */
export async function fetchAttachment(a: AttachmentRef, limit = MAX_ATTACHMENT_BYTES, timeoutMs = 10_000): Promise<{ name: string; text: string }> {
  const tooLarge = () => new RuleError(say('discord.attachment.tooLarge', { name: a.name, kb: kb(limit) }));
  if (a.size > limit) throw tooLarge();
  let res: Response;
  try {
    res = await fetch(a.url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new RuleError(say('discord.attachment.failed', { name: a.name }));
  }
  if (!res.ok || !res.body) throw new RuleError(say('discord.attachment.failedHttp', { name: a.name, status: String(res.status) }));
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
    throw new RuleError(say('discord.attachment.failed', { name: a.name }));
  }
  try {
    return { name: a.name, text: new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)) };
  } catch {
    throw new RuleError(say('discord.attachment.notText', { name: a.name }));
  }
}
