import type { Text } from '../../i18n/text.ts';
import type { Message } from '../../messages.ts';
import type { InvokeContext } from './commands.ts';

/** An answer to the invoking user only. */
export function reply(ctx: Pick<InvokeContext, 'actor' | 'channel'>, text: Text, title?: Text): Message {
  const m: Message = { to: { kind: 'reply', user: ctx.actor, channel: ctx.channel }, text };
  if (title) m.title = title;
  return m;
}

export function errorReply(ctx: Pick<InvokeContext, 'actor' | 'channel'>, text: Text): Message {
  return { ...reply(ctx, text), error: true };
}
