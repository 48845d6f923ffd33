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

function optionJson(name: string, o: OptionDef): APIApplicationCommandBasicOption {
  const json: Record<string, unknown> = { type: OPTION_TYPE[o.kind], name, description: clip(o.description) };
  if (o.required) json.required = true;
  if (o.choices) {
    if (o.choices.length > MAX.choices) throw new Error(`option ${name} has more than ${MAX.choices} choices`);
    json.choices = o.choices.map((c) => ({ name: c, value: c }));
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

/** A subcommand's options, required ones first as Discord demands (their order otherwise kept). */
function optionsJson(where: string, s: SubcommandDef): APIApplicationCommandBasicOption[] {
  const all = Object.entries(s.options);
  if (all.length > MAX.options) throw new Error(`${where} has more than ${MAX.options} options`);
  return [...all.filter(([, o]) => o.required), ...all.filter(([, o]) => !o.required)].map(([n, o]) => optionJson(n, o));
}

function subcommandJson(name: string, where: string, s: SubcommandDef): APIApplicationCommandSubcommandOption {
  return { type: ApplicationCommandOptionType.Subcommand, name, description: clip(s.description), options: optionsJson(where, s) };
}

/** One application command: subcommands and groups (`group sub` keys), or the options of a command without subcommands. */
export function commandJson(def: CommandDef): RESTPostAPIChatInputApplicationCommandsJSONBody {
  const subs = Object.entries(def.subcommands);
  let options: APIApplicationCommandOption[];
  if (subs.length === 1 && subs[0]![0] === '') options = optionsJson(`/${def.name}`, subs[0]![1]);
  else {
    options = [];
    const groups = new Map<string, APIApplicationCommandSubcommandOption[]>();
    for (const [key, s] of subs) {
      const [first, second] = key.split(' ') as [string, string | undefined];
      if (second === undefined) {
        options.push(subcommandJson(first, `/${def.name} ${key}`, s));
        continue;
      }
      let group = groups.get(first);
      if (!group) {
        group = [];
        groups.set(first, group);
        options.push({ type: ApplicationCommandOptionType.SubcommandGroup, name: first, description: '', options: group });
      }
      group.push(subcommandJson(second, `/${def.name} ${key}`, s));
    }
    // A group has no description of its own in commands/: name what it holds.
    for (const o of options) if (o.type === ApplicationCommandOptionType.SubcommandGroup) o.description = clip(`/${def.name} ${o.name}: ${(o.options ?? []).map((x) => x.name).join(', ')}`);
  }
  if (options.length > MAX.options) throw new Error(`/${def.name} has more than ${MAX.options} subcommands`);
  const gmOnly = subs.every(([, s]) => s.who === 'gm');
  return {
    type: ApplicationCommandType.ChatInput,
    name: def.name,
    description: clip(def.description),
    options,
    default_member_permissions: gmOnly ? GM_DEFAULT_PERMISSION.toString() : null,
    contexts: DM_COMMANDS.has(def.name) ? [InteractionContextType.Guild, InteractionContextType.BotDM] : [InteractionContextType.Guild],
    integration_types: [ApplicationIntegrationType.GuildInstall],
  };
}

/** Every slash command of `commands/`, as the JSON PUT to Discord's application commands. */
export const applicationCommands = (defs: readonly CommandDef[] = commands()): RESTPostAPIChatInputApplicationCommandsJSONBody[] => defs.map(commandJson);
