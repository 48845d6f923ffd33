import { installMessages } from '../../i18n/catalog.ts';
import { commandMessages } from './catalog.ts';
import { defineCommand, type CommandDef, type CoreCommand, type OptionDef, type SubcommandDef, type SystemPlugin } from './commands.ts';

/**
 * The slash commands: the core's (commands/) with each installed system's merged in, handed to the
 * app where the program is assembled (src/assemble.ts). Discord's payload, /help, the table and the
 * interaction handler all read this one list.
 */
let installed: readonly CommandDef[] | undefined;

/**
 * The core's commands with the systems' merged in: a system's own commands, and the subcommands it
 * adds to a command defined by the core or another system, each kept to that system's battles.
 * Commands stand in rank order, and so do a command's subcommands (the sort is stable: ties keep
 * the order added, the core's first, then the systems' in the registry's order); a
 * command left with no subcommand is dropped. A name claimed twice stops the assembly.
 */
export function composeCommands(core: readonly CoreCommand[], systems: readonly SystemPlugin[]): CommandDef[] {
  const byName = new Map<string, CommandDef>();
  const define = (c: CommandDef, by: string) => {
    if (byName.has(c.name)) throw new Error(`/${c.name} is defined twice (again by ${by})`);
    byName.set(c.name, { ...c, subcommands: { ...c.subcommands } });
  };
  for (const c of core) define(typeof c === 'function' ? c(systems) : c, 'the core');
  for (const x of systems) for (const c of x.slash?.commands ?? []) define({ ...c, subcommands: own(x, c.subcommands) }, x.id);
  for (const x of systems) {
    for (const [name, subs] of Object.entries(x.slash?.adds ?? {})) {
      const c = byName.get(name);
      if (!c) throw new Error(`${x.id} adds to /${name}, which neither the core nor an installed system defines`);
      for (const [k, s] of Object.entries(own(x, subs))) {
        const had = Object.hasOwn(c.subcommands, k) ? c.subcommands[k]! : undefined;
        if (had && !had.systems) throw new Error(`/${name} ${k} is defined twice (again by ${x.id})`);
        c.subcommands[k] = had ? variant(had, s, x.id, `/${name} ${k}`) : s;
      }
    }
  }
  return [...byName.values()]
    .filter((c) => Object.keys(c.subcommands).length > 0)
    .map((c) => defineCommand({ ...c, subcommands: Object.fromEntries(Object.entries(c.subcommands).sort(([, a], [, b]) => (a.rank ?? 0) - (b.rank ?? 0))) }))
    .sort((a, b) => a.rank - b.rank);
}

/**
 * One subcommand several systems answer, each its own way (src/systems/README.md): Discord gets one
 * set of options, so an option both declare must be of one kind (its choices joined), and one only
 * some declare is optional; the battle's system picks the variant that checks and answers.
 */
function variant(had: SubcommandDef, s: SubcommandDef, id: string, where: string): SubcommandDef {
  if (!had.action !== !s.action) throw new Error(`${where}: one system answers it with an action, another with a query`);
  const options: Record<string, OptionDef> = {};
  for (const name of new Set([...Object.keys(had.options), ...Object.keys(s.options)])) {
    const [a, b] = [had.options[name], s.options[name]];
    if (a && b && a.kind !== b.kind) throw new Error(`${where}: option ${name} is ${a.kind} for one system and ${b.kind} for ${id}`);
    const choices = a?.choices || b?.choices ? [...new Set([...(a?.choices ?? []), ...(b?.choices ?? [])])] : undefined;
    const { required: _, ...first } = (a ?? b)!;
    options[name] = { ...first, ...(choices ? { choices } : {}), ...(a?.required && b?.required ? { required: true } : {}) };
  }
  const variants = had.variants ?? Object.fromEntries(had.systems!.map((x) => [x, had]));
  return { ...had, options, systems: [...had.systems!, id], variants: { ...variants, [id]: s } };
}

/** A system's subcommands, kept to its battles. */
const own = (x: SystemPlugin, subs: Readonly<Record<string, SubcommandDef>>): Record<string, SubcommandDef> =>
  Object.fromEntries(Object.entries(subs).map(([k, s]) => [k, { ...s, systems: [x.id] }]));

/** Installs the commands, and their English in the message catalog. */
export function installCommands(defs: readonly CommandDef[]): void {
  installed = defs;
  installMessages('the slash commands', { en: commandMessages(defs) });
}

/** Every slash command, in Discord's and /help's order. */
export function commands(): readonly CommandDef[] {
  if (!installed) throw new Error('no slash commands installed: the program calls assemble() (src/assemble.ts) first');
  return installed;
}

export const findCommand = (name: string): CommandDef | undefined => commands().find((c) => c.name === name);
