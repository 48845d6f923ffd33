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
    if (t.startsWith('#')) channel = t.slice(1);
    else user = t.slice(1);
  }
  const head = tokens.shift();
  if (head === undefined) return { kind: 'error', message: 'Type a command after the user, e.g. @alice /help.' };
  if (head === '!press') {
    const label = tokens.map(unquote).join(' ');
    if (!label) return { kind: 'error', message: 'Say which button: @alice !press ACTIVE' };
    return { kind: 'press', channel, user, label };
  }
  if (!head.startsWith('/') || head.length < 2) return { kind: 'error', message: `Commands start with /, e.g. /help (got "${head}").` };
  const words: string[] = [];
  // No prototype: an option named __proto__ or constructor is just an unknown option.
  const options: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const t of tokens) {
    const m = /^([A-Za-z][\w-]*):(.*)$/s.exec(t);
    if (m) {
      if (Object.hasOwn(options, m[1]!)) return { kind: 'error', message: `Option ${m[1]} is given twice.` };
      options[m[1]!] = unquote(m[2]!);
    } else if (Object.keys(options).length) return { kind: 'error', message: `"${t}" is not an option; write options as name:value (quote values with spaces: name:"two words").` };
    else words.push(unquote(t));
  }
  return { kind: 'slash', channel, user, command: head.slice(1), words, options };
}
