import type { AsyncCompleter, CompleterResult } from 'node:readline';
import type { CompleteContext, SubcommandDef } from '../app/slash/commands.ts';
import type { CampaignState } from '../campaign/state.ts';
import { optionApplies } from '../app/slash/complete.ts';
import { commands, findCommand } from '../app/slash/registry.ts';
import { tokenize } from './line.ts';
import type { Table } from './table.ts';

/** Tab completion for readline. */
export const completer =
  (table: Table): AsyncCompleter =>
  (line, callback) => {
    complete(table, line).then(
      (r) => callback(null, r),
      (err: unknown) => callback(err as Error, [[], line]),
    );
  };

/** Tab completion of commands, subcommands, option names and values (names from the battle). */
/** A campaign subcommand's options complete from its campaign's armies, units and battles. */
async function campaignOf(table: Table, s: SubcommandDef): Promise<{ campaign?: CampaignState }> {
  const campaign = s.scope === 'campaign' ? await table.app.campaigns.forCompletion(table.channel, table.user) : undefined;
  return campaign ? { campaign } : {};
}

export async function complete(table: Table, line: string): Promise<CompleterResult> {
  const tokens = tokenize(line);
  const endsWithSpace = /\s$/.test(line) || line === '';
  const current = endsWithSpace ? '' : (tokens.pop() ?? '');
  const cmdToken = tokens.find((t) => t.startsWith('/'));
  const offer = (items: string[]): [string[], string] => [items.filter((i) => i.toLowerCase().startsWith(current.toLowerCase())), current];
  if (!cmdToken) {
    if (current.startsWith('/') || current === '') return offer(commands().map((c) => `/${c.name}`));
    return [[], current];
  }
  const def = findCommand(cmdToken.slice(1));
  if (!def) return [[], current];
  const words = tokens.slice(tokens.indexOf(cmdToken) + 1).filter((t) => !t.includes(':'));
  const subName = Object.keys(def.subcommands).find((k) => k === words.join(' '));
  if (subName === undefined) {
    const next = Object.keys(def.subcommands)
      .filter((k) => k.startsWith(words.join(' ')) && k !== '')
      .map((k) => k.split(' ')[words.length]!)
      .filter(Boolean);
    return offer([...new Set(next)]);
  }
  const s = def.subcommands[subName]!;
  // A value being typed with spaces and no opening quote (unit:1/95th Ri) is still that option's.
  const open = /(?:^|\s)([\w-]+):((?:(?!\s[\w-]+:)[^"])*)$/.exec(line);
  if (open && /\s/.test(open[2]!) && open[1]! in s.options) {
    const o = s.options[open[1]!]!;
    const running = await table.app.battleIn(table.channel);
    const ctx: CompleteContext = { app: table.app, state: running ? await table.app.state(running.id) : undefined, actor: table.user, typed: open[2]!, locale: table.locale, ...(await campaignOf(table, s)) };
    const values = o.choices ? [...o.choices].filter((v) => v.toLowerCase().startsWith(open[2]!.toLowerCase())) : (o.complete?.(ctx) ?? []);
    const typed = line.slice(line.length - open[1]!.length - 1 - open[2]!.length);
    return [values.map((v) => `${open[1]}:${/\s/.test(v) ? `"${v}"` : v}`), typed];
  }
  const m = /^([\w-]+):(.*)$/.exec(current);
  if (!m) {
    // In a battle, /unit add and /unit set offer only the attributes of its rule system.
    const running = await table.app.battleIn(table.channel);
    const state = running ? await table.app.state(running.id) : undefined;
    return offer(Object.entries(s.options).flatMap(([name, o]) => (optionApplies(o, state) ? [`${name}:`] : [])));
  }
  const o = Object.hasOwn(s.options, m[1]!) ? s.options[m[1]!] : undefined;
  if (!o) return [[], current];
  const running = await table.app.battleIn(table.channel);
  const ctx: CompleteContext = {
    app: table.app,
    state: running ? await table.app.state(running.id) : undefined,
    actor: table.user,
    locale: table.locale,
    typed: m[2]!.replace(/^"/, ''),
    options: typedOptions(tokens),
    ...(await campaignOf(table, s)),
  };
  const choices = o.choices ? o.choices.map((v) => ({ value: v, label: v })) : (o.completeLabelled?.(ctx) ?? (o.complete?.(ctx) ?? []).map((v) => ({ value: v, label: v })));
  // A value with spaces is offered quoted, whether or not its opening quote was typed (phase:Normal, phase:"Normal).
  const bare = (x: string) => x.replace(/"/g, '').toLowerCase();
  const offered = choices.map((c) => ({ ...c, text: `${m[1]}:${/\s/.test(c.value) ? `"${c.value}"` : c.value}` })).filter((c) => bare(c.text).startsWith(bare(current)));
  // Several to choose from: each shown with its words (a code and what it means), which readline lists and
  // never types in, as it types only what they share; one: the value alone, which it types in.
  if (offered.length > 1 && offered.some((c) => c.label !== c.value)) return [offered.map((c) => (c.label === c.value ? c.text : `${c.text} — ${c.label.replace(/^.*? — /, '')}`)), current];
  return [offered.map((c) => c.text), current];
}

/** The options already typed on the line, by name (unquoted): what a completion may depend on (the unit a code must fit). */
function typedOptions(tokens: readonly string[]): Record<string, string> {
  return Object.fromEntries(tokens.flatMap((t) => {
    const o = /^([\w-]+):(.*)$/.exec(t);
    return o ? [[o[1]!, o[2]!.replace(/^"(.*)"$/, '$1')]] : [];
  }));
}

/** Runs a script, one line at a time, from any line source (a file or piped stdin). */
export async function script(table: Table, lines: AsyncIterable<string>): Promise<void> {
  // The iterator first: readline drops the lines it reads before one exists, and the first tick
  // waits on the store (a round trip to a PostgreSQL server) while the input is being read.
  const reading = lines[Symbol.asyncIterator]();
  await table.tick();
  let at = 0;
  for (let next = await reading.next(); !next.done; next = await reading.next()) await table.run(next.value, ++at);
}
