import { literal, type Messages } from '../../i18n/catalog.ts';
import type { CommandDef, OptionDef } from './commands.ts';

/**
 * The slash commands in the message catalog (docs/languages.md): a key for each command,
 * subcommand and option's description and each choice's name, by its path, and the English of each
 * from its definition, installed with the commands. A translation is a line in a language's
 * catalog: `"command.fire.medieval.firer.description": "…"`.
 */

/** The key of a command's, subcommand's or option's description: `command.fire.medieval.firer.description`. */
export const descriptionKey = (path: readonly string[]) => `command.${path.join('.')}.description` as const;

/** The key of a rule system's variant of a subcommand's description, as /help shows it: `command.ref.modifiers.@medieval.description`. */
export const variantKey = (path: readonly string[], system: string) => descriptionKey([...path, `@${system}`]);

/** The key of a choice's name, shown for its value (which is what is sent, and typed at the table): `command.weather.set.rain.choice.light`. */
export const choiceKey = (path: readonly string[], value: string) => `command.${path.join('.')}.choice.${value}` as const;

/**
 * A choice read the same in every language, so it has no key: a number, a letter, a rule ID
 * (`BRG-2.2.3`). Rule IDs and what players type are never translated.
 */
export const isCode = (value: string): boolean => /^(\d+|[A-Za-z]|[A-Z]+-[\d.]+)$/.test(value);

/**
 * Each option of a command, with its path: `['roll', 'expression']`
 * (a command without subcommands), `['campaign', 'battle', 'start', 'system']` (in a group).
 */
export function* commandOptions(def: CommandDef): Generator<[path: string[], option: OptionDef]> {
  for (const [key, s] of Object.entries(def.subcommands)) {
    const at = key === '' ? [def.name] : [def.name, ...key.split(' ')];
    for (const [name, o] of Object.entries(s.options)) yield [[...at, name], o];
  }
}

/** The English of every command's descriptions and choices, from their definitions, as catalog messages. */
export function commandMessages(defs: readonly CommandDef[]): Messages {
  const out: Record<string, string> = {};
  for (const def of defs) {
    out[descriptionKey([def.name])] = literal(def.description);
    for (const [key, s] of Object.entries(def.subcommands)) {
      // A command's lone subcommand ('') and a rule system's variant may say more than Discord shows: /help shows it.
      const at = key === '' ? [def.name, ''] : [def.name, ...key.split(' ')];
      if (key !== '' || s.description !== def.description) out[descriptionKey(at)] = literal(s.description);
      for (const [system, v] of Object.entries(s.variants ?? {})) if (v.description !== s.description) out[variantKey(at, system)] = literal(v.description);
    }
    for (const [path, o] of commandOptions(def)) {
      out[descriptionKey(path)] = literal(o.description);
      for (const c of o.choices ?? []) if (!isCode(c)) out[choiceKey(path, c)] = literal(c);
    }
  }
  return out;
}
