import { MAX_TEXT } from '../app/slash/commands.ts';
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
  | { kind: 'error'; message: string };

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
  if ((text.replace(/\\"/g, '').match(/"/g)?.length ?? 0) % 2 === 1) return { kind: 'error', message: 'A quote is not closed.' };
  const tokens = tokenize(text);
  let channel: string | undefined;
  let user: string | undefined;
  while (tokens.length && /^[#@]/.test(tokens[0]!)) {
    const t = tokens.shift()!;
    if (t.length - 1 > MAX_HANDLE) return { kind: 'error', message: `The ${t.startsWith('#') ? 'channel' : 'user'} ${quoteInput(t)} is too long (at most ${MAX_HANDLE} characters).` };
    if (t.startsWith('#')) channel = t.slice(1);
    else user = t.slice(1);
  }
  const head = tokens.shift();
  if (head === undefined) return { kind: 'error', message: 'Type a command after the user, e.g. @alice /help.' };
  if (head === '!press') {
    const label = tokens.map(unquote).join(' ');
    if (!label) return { kind: 'error', message: 'Say which button: @alice !press ACTIVE' };
    if (label.length > MAX_TEXT) return { kind: 'error', message: `No button is called ${quoteInput(label)}: a label has at most ${MAX_TEXT} characters.` };
    return { kind: 'press', channel, user, label };
  }
  if (!head.startsWith('/') || head.length < 2) return { kind: 'error', message: `Commands start with /, e.g. /help (got ${quoteInput(head)}).` };
  const words: string[] = [];
  // No prototype: an option named __proto__ or constructor is just an unknown option.
  const options: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const t of tokens) {
    const m = /^([A-Za-z][\w-]*):(.*)$/s.exec(t);
    if (m) {
      if (Object.hasOwn(options, m[1]!)) return { kind: 'error', message: `Option ${m[1]!.length > ECHO_MAX ? quoteInput(m[1]!) : m[1]} is given twice.` };
      options[m[1]!] = unquote(m[2]!);
    } else if (Object.keys(options).length) return { kind: 'error', message: `${quoteInput(t)} is not an option; write options as name:value (quote values with spaces: name:"two words").` };
    else words.push(unquote(t));
  }
  const said = words.join(' ');
  if (said.length > MAX_WORDS) return { kind: 'error', message: `/${head.length > ECHO_MAX ? quoteInput(head.slice(1)) : head.slice(1)} ${quoteInput(said)} is longer than any command and value (at most ${MAX_TEXT} characters); write options as name:value.` };
  return { kind: 'slash', channel, user, command: head.slice(1), words, options };
}
