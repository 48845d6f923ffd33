import type { Message } from '../messages.ts';

/** Mentions as people read them at the table: `<@alice>` -> `@alice`, `<#table>` -> `#table`. */
export const plain = (text: string): string => text.replace(/<@!?([^>]+)>/g, '@$1').replace(/<#([^>]+)>/g, '#$1');

/** The JSON line of one message (`--json`); `files` are the paths its files were written to. */
export function jsonLine(m: Message, files: string[] = []): string {
  const to = m.to.kind;
  const o: Record<string, unknown> = { to };
  if (m.to.kind !== 'dm') o.channel = m.to.channel;
  if (m.to.kind !== 'channel') o.user = m.to.user;
  if (m.title) o.title = m.title;
  o.text = m.text;
  if (m.outcome !== undefined) o.outcome = m.outcome;
  if (m.event !== undefined) o.event = m.event;
  if (m.buttons?.length) o.buttons = m.buttons.map((b) => b.label);
  if (files.length) o.files = files;
  if (m.error) o.error = m.text;
  return JSON.stringify(o);
}

/** The human form: destination, then the title and text indented under it, and where its files were written. */
export function textLines(m: Message, files: string[] = []): string {
  const where = m.to.kind === 'channel' ? `#${m.to.channel}` : m.to.kind === 'dm' ? `@${m.to.user} (DM)` : `@${m.to.user} (only you)`;
  const body = [m.title ? `**${plain(m.title)}**` : '', plain(m.text)].filter(Boolean).join('\n');
  const buttons = m.buttons?.length ? `\n${m.buttons.map((b) => `[${b.label}]`).join(' ')}` : '';
  const written = files.map((f) => `\nwritten to ${f}`).join('');
  const mark = m.error ? '✗ ' : '';
  return `${where} › ${mark}${(body + buttons + written).replace(/\n/g, `\n${' '.repeat(where.length + 3)}`)}`;
}
