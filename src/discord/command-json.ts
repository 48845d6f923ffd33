import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  PermissionFlagsBits,
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandOption,
  type APIApplicationCommandSubcommandOption,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { CommandDef, OptionDef, OptionKind, SubcommandDef } from '../app/slash/commands.ts';
import { commands } from '../app/slash/registry.ts';
import { choiceKey, descriptionKey, isCode } from '../app/slash/catalog.ts';
import { t, type MessageKey } from '../i18n/catalog.ts';
import { TRANSLATED, type Language } from '../i18n/locales.ts';

/**
 * Commands that also work in the bot's DMs (besides guild channels): ballot votes and campaign orders
 * are cast from the DM prompts, dice can be rolled and help read in private. Discord sets contexts per
 * command, not per subcommand; the other /ballot and /campaign subcommands answer in a DM that they
 * belong in the battle's or the campaign's channel.
 */
export const DM_COMMANDS: ReadonlySet<string> = new Set(['ballot', 'roll', 'help', 'campaign']);

/**
 * The default member permission of commands whose every subcommand is GM-only. A GM is a role in a
 * battle, not in the guild, so no guild permission says "GM": Manage Events is what servers usually
 * give to the people who run sessions, and it grants nothing dangerous, so handing it to a GM role
 * does not make them server managers. Server admins can change it per role or user (Server Settings
 * > Integrations); the bot checks the battle's GMs on every use either way.
 */
export const GM_DEFAULT_PERMISSION = PermissionFlagsBits.ManageEvents;

const OPTION_TYPE: Record<OptionKind, APIApplicationCommandBasicOption['type']> = {
  string: ApplicationCommandOptionType.String,
  integer: ApplicationCommandOptionType.Integer,
  boolean: ApplicationCommandOptionType.Boolean,
  user: ApplicationCommandOptionType.User,
  attachment: ApplicationCommandOptionType.Attachment,
};

const MAX = { description: 100, options: 25, choices: 25 };

const clip = (s: string): string => (s.length <= MAX.description ? s : `${s.slice(0, MAX.description - 1)}…`);

/** Discord's locale of each language the payload is translated to (Discord's Locale: `fr`, `de`). */
const DISCORD_LOCALE: Record<(typeof TRANSLATED)[number], string> = { fr: 'fr', de: 'de' };

/** A text in each translated language, by Discord's locale. */
const localised = (text: (l: Language) => string): Record<string, string> => Object.fromEntries(TRANSLATED.map((l) => [DISCORD_LOCALE[l], text(l)]));

/**
 * What a command, subcommand, group or option is called in each language: its own name, the same
 * for every reader (docs/languages.md, Commands). Discord shows each user the name of their locale,
 * so a translated name would have the players of one battle type different commands, and the
 * commands the bot's messages, /help, the docs and the table cite would not be the ones they see.
 */
const names = (name: string) => ({ name, name_localizations: localised(() => name) });

/** A description in English and its translations, from the catalog. */
const described = (key: MessageKey) => ({ description: clip(t('en', key)), description_localizations: localised((l) => clip(t(l, key))) });

/** A choice: its value is sent whatever the reader's language; its name, shown, is translated unless it is a code (a number, a letter, a rule ID). */
const choiceJson = (path: readonly string[], value: string) =>
  isCode(value) ? { ...names(value), value } : { name: t('en', choiceKey(path, value)), name_localizations: localised((l) => t(l, choiceKey(path, value))), value };

function optionJson(at: readonly string[], name: string, o: OptionDef): APIApplicationCommandBasicOption {
  const path = [...at, name];
  const json: Record<string, unknown> = { type: OPTION_TYPE[o.kind], ...names(name), ...described(descriptionKey(path)) };
  if (o.required) json.required = true;
  if (o.choices) {
    if (o.choices.length > MAX.choices) throw new Error(`option ${name} has more than ${MAX.choices} choices`);
    json.choices = o.choices.map((c) => choiceJson(path, c));
  } else if (o.complete && (o.kind === 'string' || o.kind === 'integer')) {
    // Discord refuses autocomplete together with fixed choices.
    json.autocomplete = true;
  }
  if (o.kind === 'integer') {
    if (o.min !== undefined) json.min_value = o.min;
    if (o.max !== undefined) json.max_value = o.max;
  }
  return json as unknown as APIApplicationCommandBasicOption;
}

/** A subcommand's options (at its path: command, group, subcommand), required ones first as Discord demands (their order otherwise kept). */
function optionsJson(at: readonly string[], s: SubcommandDef): APIApplicationCommandBasicOption[] {
  const all = Object.entries(s.options);
  if (all.length > MAX.options) throw new Error(`/${at.join(' ')} has more than ${MAX.options} options`);
  return [...all.filter(([, o]) => o.required), ...all.filter(([, o]) => !o.required)].map(([n, o]) => optionJson(at, n, o));
}

function subcommandJson(at: readonly string[], s: SubcommandDef): APIApplicationCommandSubcommandOption {
  return { type: ApplicationCommandOptionType.Subcommand, ...names(at.at(-1)!), ...described(descriptionKey(at)), options: optionsJson(at, s) };
}

/** One application command: subcommands and groups (`group sub` keys), or the options of a command without subcommands. */
export function commandJson(def: CommandDef): RESTPostAPIChatInputApplicationCommandsJSONBody {
  const subs = Object.entries(def.subcommands);
  let options: APIApplicationCommandOption[];
  if (subs.length === 1 && subs[0]![0] === '') options = optionsJson([def.name], subs[0]![1]);
  else {
    options = [];
    const groups = new Map<string, APIApplicationCommandSubcommandOption[]>();
    for (const [key, s] of subs) {
      const [first, second] = key.split(' ') as [string, string | undefined];
      if (second === undefined) {
        options.push(subcommandJson([def.name, first], s));
        continue;
      }
      let group = groups.get(first);
      if (!group) {
        group = [];
        groups.set(first, group);
        options.push({ type: ApplicationCommandOptionType.SubcommandGroup, ...names(first), description: '', options: group });
      }
      group.push(subcommandJson([def.name, first, second], s));
    }
    // A group has no description of its own in commands/: name what it holds.
    for (const o of options) {
      if (o.type !== ApplicationCommandOptionType.SubcommandGroup) continue;
      const values = { command: def.name, group: o.name, subcommands: (o.options ?? []).map((x) => x.name).join(', ') };
      o.description = clip(t('en', 'slash.group.description', values));
      o.description_localizations = localised((l) => clip(t(l, 'slash.group.description', values)));
    }
  }
  if (options.length > MAX.options) throw new Error(`/${def.name} has more than ${MAX.options} subcommands`);
  const gmOnly = subs.every(([, s]) => s.who === 'gm');
  return {
    type: ApplicationCommandType.ChatInput,
    ...names(def.name),
    ...described(descriptionKey([def.name])),
    options,
    default_member_permissions: gmOnly ? GM_DEFAULT_PERMISSION.toString() : null,
    contexts: DM_COMMANDS.has(def.name) ? [InteractionContextType.Guild, InteractionContextType.BotDM] : [InteractionContextType.Guild],
    integration_types: [ApplicationIntegrationType.GuildInstall],
  };
}

/** Every slash command of `commands/`, as the JSON PUT to Discord's application commands. */
export const applicationCommands = (defs: readonly CommandDef[] = commands()): RESTPostAPIChatInputApplicationCommandsJSONBody[] => defs.map(commandJson);
