import { MAX_TEXT } from '../app/slash/commands.ts';
import { say, type Text } from '../i18n/text.ts';
import { ECHO_MAX, quoteInput } from '../messages.ts';

/**
 * One line typed at the local table:
 *   [#channel] @user /command [sub] name:value name:"quoted value"
 *   @user !press LABEL
 *   # a comment
 */
export type TableLine =
  | { kind: 'blank' }
  | { kind: 'slash'; channel?: string; user?: string; command: string; words: string[]; options: Record<string, string> }
  | { kind: 'press'; channel?: string; user?: string; label: string }
  | { kind: 'error'; message: Text };

/** The longest user or channel typed as @user or #channel (a Discord id has 20 digits, a name at the table a few letters). */
const MAX_HANDLE = 100;
/**
 * The longest words before the options: a subcommand group and a subcommand (32 characters each) and
 * the value of a default option (/roll 2d6, at most MAX_TEXT). Longer is refused and not repeated.
 */
const MAX_WORDS = MAX_TEXT + 100;

const TOKEN = /(?:[^\s"']+:)?"(?:[^"\\]|\\.)*"|(?:[^\s"']+:)?'[^']*'|\S+/g;

const unquote = (v: string): string =>
  (v.startsWith('"') && v.endsWith('"') && v.length >= 2) ? v.slice(1, -1).replace(/\\(.)/g, '$1') : (v.startsWith("'") && v.endsWith("'") && v.length >= 2) ? v.slice(1, -1) : v;

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

export function parseLine(raw: string): TableLine {
  const text = raw.trim();
  if (!text || /^#(\s|$)/.test(text) || (text.startsWith('#') && !/^#\S+\s+[@/!]/.test(text))) return { kind: 'blank' };
  if ((text.replace(/\\"/g, '').match(/"/g)?.length ?? 0) % 2 === 1) return { kind: 'error', message: say('table.line.quoteOpen') };
  const tokens = tokenize(text);
  let channel: string | undefined;
  let user: string | undefined;
  while (tokens.length && /^[#@]/.test(tokens[0]!)) {
    const t = tokens.shift()!;
    if (t.length - 1 > MAX_HANDLE) return { kind: 'error', message: say(t.startsWith('#') ? 'table.line.channelTooLong' : 'table.line.userTooLong', { typed: quoteInput(t), max: String(MAX_HANDLE) }) };
    if (t.startsWith('#')) channel = t.slice(1);
    else user = t.slice(1);
  }
  const head = tokens.shift();
  if (head === undefined) return { kind: 'error', message: say('table.line.noCommand') };
  if (head === '!press') {
    const label = tokens.map(unquote).join(' ');
    if (!label) return { kind: 'error', message: say('table.line.whichButton') };
    if (label.length > MAX_TEXT) return { kind: 'error', message: say('table.line.labelTooLong', { typed: quoteInput(label), max: String(MAX_TEXT) }) };
    return { kind: 'press', channel, user, label };
  }
  if (!head.startsWith('/') || head.length < 2) return { kind: 'error', message: say('table.line.notCommand', { typed: quoteInput(head) }) };
  const words: string[] = [];
  // No prototype: an option named __proto__ or constructor is just an unknown option.
  const options: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const t of tokens) {
    const m = /^([A-Za-z][\w-]*):(.*)$/s.exec(t);
    if (m) {
      if (Object.hasOwn(options, m[1]!)) return { kind: 'error', message: say('table.line.optionTwice', { option: m[1]!.length > ECHO_MAX ? quoteInput(m[1]!) : m[1]! }) };
      options[m[1]!] = unquote(m[2]!);
    } else if (Object.keys(options).length) return { kind: 'error', message: say('table.line.notOption', { typed: quoteInput(t) }) };
    else words.push(unquote(t));
  }
  const said = words.join(' ');
  if (said.length > MAX_WORDS) return { kind: 'error', message: say('table.line.tooLong', { command: `/${head.length > ECHO_MAX ? quoteInput(head.slice(1)) : head.slice(1)}`, typed: quoteInput(said), max: String(MAX_TEXT) }) };
  return { kind: 'slash', channel, user, command: head.slice(1), words, options };
}
