import type { Language, Locale } from '../../i18n/locales.ts';
import { z } from 'zod';
import type { Action } from '../../battle/actions.ts';
import type { LoggedEvent } from '../../battle/events.ts';
import type { CampaignAction } from '../../campaign/decide.ts';
import type { LoggedCampaignEvent } from '../../campaign/events.ts';
import type { CampaignBattle, CampaignState } from '../../campaign/state.ts';
import type { SystemId } from '../../rules/pack.ts';
import type { RuleSystem } from '../../battle/system.ts';
import type { BattleState, Unit } from '../../battle/state.ts';
import type { Owed } from '../../battle/system.ts';
import { quoteInput, type Message } from '../../messages.ts';
import type { CampaignRow, EventStore } from '../../store/types.ts';
import type { Catalog } from '../../i18n/catalog.ts';
import { say, type Text } from '../../i18n/text.ts';
import { didYouMean, semicolons, sentences } from './words.ts';

/**
 * Slash command definitions: the one description of every command, read by the Discord adapter
 * (registration, parsing), the local table (parsing, completion) and /help.
 */
export type OptionKind = 'string' | 'integer' | 'boolean' | 'user' | 'attachment';

/**
 * The app as a command sees it: what an action, a query or a completion may call. The Umpire is one;
 * it is named here by what commands use rather than imported, as the Umpire's announcements read
 * these definitions (the phase guide, help.ts) and an import back would close a circle. A command
 * that needs more of the app adds it here.
 */
export interface CommandApp {
  readonly now: () => Date;
  readonly store: EventStore;
  log(battleId: string): Promise<LoggedEvent[]>;
  readonly campaigns: {
    in(channel: string): Promise<CampaignRow | undefined>;
    latestIn(channel: string): Promise<CampaignRow | undefined>;
    state(id: string): Promise<CampaignState>;
    log(id: string): Promise<LoggedCampaignEvent[]>;
    proposal(s: CampaignState, b: CampaignBattle): Promise<CampaignAction>;
  };
}

export interface CompleteContext {
  app: CommandApp;
  state?: BattleState;
  actor: string;
  /** What the user has typed so far. */
  typed: string;
  /** The other options typed so far, where the adapter knows them (Discord's autocomplete does), by name. */
  options?: Readonly<Record<string, unknown>>;
  /** For a campaign subcommand, the campaign it would act on (Campaigns.forCompletion). */
  campaign?: CampaignState;
  /** The reader's locale, which the words offered are in (a phase's name); English where the adapter does not say. */
  locale?: Locale;
}

/** A value offered as the user types, with the words shown for it (Discord shows up to 100 characters). */
export interface Choice {
  value: string;
  label: string;
}

export interface OptionDef {
  kind: OptionKind;
  description: string;
  required?: boolean;
  choices?: readonly string[];
  min?: number;
  max?: number;
  /**
   * The subcommand's default option: at the table, words after the command that are not written
   * name:value give its value (/roll 2d6). Declared first and required, Discord asks for it at once.
   */
  default?: boolean;
  /** Names to offer as the user types. */
  complete?: (ctx: CompleteContext) => string[];
  /**
   * The same values with words to show for each (a code and what it means), where an adapter can
   * show a label apart from the value it puts in (Discord's autocomplete); `complete` gives the
   * values alone. `labelled` in complete.ts sets both.
   */
  completeLabelled?: (ctx: CompleteContext) => Choice[];
}

/** Who may use a subcommand: a GM of the channel's battle, a player of it (or a GM), or anyone. */
export type Who = 'gm' | 'player' | 'anyone';

type ValueOf<D extends OptionDef> = D['kind'] extends 'integer' ? number : D['kind'] extends 'boolean' ? boolean : string;
export type OptionValues<O extends Record<string, OptionDef>> = {
  [K in keyof O]: O[K]['required'] extends true ? ValueOf<O[K]> : ValueOf<O[K]> | undefined;
};

/**
 * The largest file a command reads (an order of battle: 10,000 units are about 1.1 MB of JSON),
 * checked before reading, at the table and in Discord alike.
 */
export const MAX_FILE_BYTES = 2_000_000;

/** The longest text option a command takes (a poll's question, a list of modifiers): longer is refused, never repeated. */
export const MAX_TEXT = 1000;

export interface InvokeContext {
  app: CommandApp;
  actor: string;
  channel: string;
  /** The battle of the channel, when there is one. */
  state?: BattleState;
  /** A campaign subcommand's campaign (the channel's, the one named, or a DM user's one), when there is one. */
  campaign?: CampaignState;
  /** Reads an attachment (a path at the table, a URL in Discord) as text. */
  readFile: (ref: string) => Promise<{ name: string; text: string }>;
  /** The language of the place the command comes from: a Discord server's preferred one, the table's; a new battle's by default. */
  language?: Language;
}

/**
 * What an example is built for (examples.ts): the battle as it stands, who reads it, and the units
 * that reader may name. /help, a phase's banner and a refusal's "Example:" show the first candidate
 * the rules accept now, as the reader would type it.
 */
export interface ExampleContext {
  state: BattleState;
  /** The reader: a player or GM (/help, a refusal); undefined for the channel (a banner) and a spectator. */
  reader: string | undefined;
  /** The units the reader acts for (a GM and the channel: any), those of the sides acting in the phase first where the system tells which. */
  units: readonly Unit[];
  /** The units of every side but `u`'s. */
  enemies(u: Unit): readonly Unit[];
  /** What the phase still owes, and of it the units named that the reader acts for. */
  owed: readonly Owed[];
  owing: readonly Unit[];
  /** The candidates a template gives, its unit, command and side options filled with the reader's and their enemies' (`example` by default). */
  filled(template?: string): string[];
}

export interface SubcommandDef<O extends Record<string, OptionDef> = Record<string, OptionDef>> {
  description: string;
  options: O;
  who: Who;
  /** One example line for /help, without the leading @user: the template `exampleFor` and the generic filling start from. */
  example: string;
  /**
   * The example for this reader now, where filling `example` with their units can be wrong (a unit of
   * the wrong kind, a value the rules refuse, a unit that owes nothing): candidates, most fitting
   * first, of which the first the rules accept is shown (of the first 40 at most: keep them few in
   * a battle of thousands of units); none, or none accepted: no example now.
   */
  exampleFor?: (ctx: ExampleContext) => string | readonly string[] | undefined;
  /** False for subcommands that work without a battle in the channel (create, help). */
  needsBattle?: boolean;
  /** Also acts on the channel's latest battle once it has ended, where none is running: its page's links and bookmarks. (A campaign's channel always finds its latest campaign, ended or not.) */
  ended?: boolean;
  /** The rule systems whose battles use this subcommand (all when left out); set for a system's own at assembly. */
  systems?: readonly SystemId[];
  /** Its place among the command's subcommands in Discord's list and /help: lower first (default 0), ties in the order they were added. */
  rank?: number;
  /**
   * Set at assembly where several systems answer one subcommand (/ref modifiers): each system's own,
   * by id. The battle's system picks one, which checks the options, answers and shows in /help.
   */
  variants?: Readonly<Record<SystemId, SubcommandDef>>;
  /**
   * A campaign's subcommand (/campaign ...): its roles are the campaign's, its action a CampaignAction
   * handled by the campaign, found by the channel, a `campaign:` option, or the one a DM user plays.
   */
  scope?: 'campaign';
  /** False for a campaign subcommand that works without a campaign (create). */
  needsCampaign?: boolean;
  /** A campaign subcommand used outside the campaign's channel by design (orders from a DM, a battle started in its own channel). */
  elsewhere?: boolean;
  /** Either an action for the battle or campaign (or, where there is none to log it in, a plain answer)... */
  action?: (opts: OptionValues<O>, ctx: InvokeContext) => Action | CampaignAction | Message[] | Promise<Action | CampaignAction | Message[]>;
  /** ...or a read-only answer. */
  query?: (opts: OptionValues<O>, ctx: InvokeContext) => Message[] | Promise<Message[]>;
}

export interface CommandDef {
  name: string;
  description: string;
  /** Its place among all the commands in Discord's list and /help: lower first; the core's stand at 10, 20, 30... */
  rank: number;
  /** Keyed by subcommand name (`group sub` for a subcommand group); a command without subcommands uses the key ''. */
  subcommands: Record<string, SubcommandDef>;
}

/** A creation option a rule system adds to /battle create, naming the key of the battle's `options` it sets. */
export type CreateOption = OptionDef & { key: string };

/**
 * A rule system as the program plugs it in (src/systems/README.md): its battle rules, and the slash
 * commands it adds, merged with the core's where the program is assembled (src/assemble.ts).
 */
export interface SystemPlugin<S = unknown> extends RuleSystem<S> {
  slash?: {
    /** Commands of its own, e.g. /weather. */
    commands?: readonly CommandDef[];
    /** Subcommands it adds to a command the core or another system defines, by command name: `{ fire: { medieval: sub(...) } }`. */
    adds?: Readonly<Record<string, Readonly<Record<string, SubcommandDef>>>>;
    /** Options it adds to /battle create. */
    create?: Readonly<Record<string, CreateOption>>;
  };
  /**
   * Its messages in the languages it is translated to (its `i18n/<language>.json`): its commands'
   * descriptions and choices (docs/languages.md). What it leaves out reads in English.
   */
  messages?: Catalog;
}

/** A core command: fixed, or built from the systems installed (their ids, attributes, creation options). */
export type CoreCommand = CommandDef | ((systems: readonly SystemPlugin[]) => CommandDef);

/** Keeps the option types of each subcommand while erasing them for the registry. */
export const sub = <O extends Record<string, OptionDef>>(def: SubcommandDef<O>): SubcommandDef => def as unknown as SubcommandDef;

const NAME = /^[a-z][a-z0-9_-]{0,31}$/;

export function defineCommand(def: CommandDef): CommandDef {
  if (!NAME.test(def.name)) throw new Error(`bad command name ${def.name}`);
  for (const [name, s] of Object.entries(def.subcommands)) {
    if (name !== '' && !name.split(' ').every((w) => NAME.test(w))) throw new Error(`bad subcommand name /${def.name} ${name}`);
    if (!s.action === !s.query) throw new Error(`/${def.name} ${name} needs exactly one of action or query`);
    for (const o of Object.keys(s.options)) if (!NAME.test(o)) throw new Error(`bad option name ${o} in /${def.name} ${name}`);
  }
  return def;
}

/** Each option's schema, built once: building zod schemas was most of what validating a command allocated. */
const schemas = new WeakMap<OptionDef, Map<string, z.ZodType>>();

function optionSchema(name: string, o: OptionDef): z.ZodType {
  let byName = schemas.get(o);
  if (!byName) schemas.set(o, (byName = new Map()));
  let schema = byName.get(name);
  if (!schema) byName.set(name, (schema = buildSchema(name, o)));
  return schema;
}

/**
 * What was wrong with an option's value: zod's issue carries one of these words as its message,
 * which parseOptions turns into the catalog's sentence for the option.
 */
type Wrong = 'wholeNumber' | 'atLeast' | 'atMost' | 'trueOrFalse' | 'text' | 'empty' | 'tooLong' | 'oneOf';

const wrong = (w: Wrong) => ({ error: w });

/** The sentence for what was wrong with option `name`'s value. */
function wrongValue(name: string, o: OptionDef, w: string): Text {
  switch (w as Wrong) {
    case 'wholeNumber':
      return say('slash.option.wholeNumber', { name });
    case 'atLeast':
      return say('slash.option.atLeast', { name, min: String(o.min) });
    case 'atMost':
      return say('slash.option.atMost', { name, max: String(o.max) });
    case 'trueOrFalse':
      return say('slash.option.trueOrFalse', { name });
    case 'text':
      return say('slash.option.text', { name });
    case 'empty':
      return say('slash.option.empty', { name });
    case 'tooLong':
      return say('slash.option.tooLong', { name, max: String(MAX_TEXT) });
    case 'oneOf':
      return say('slash.option.oneOf', { name, choices: (o.choices ?? []).join(', ') });
    default:
      return say('slash.option.notValid', { name });
  }
}

/** The zod schema of one option's value, as typed at the table or sent by Discord. */
function buildSchema(_name: string, o: OptionDef): z.ZodType {
  switch (o.kind) {
    case 'integer': {
      let n = z.coerce.number(wrong('wholeNumber')).int(wrong('wholeNumber'));
      if (o.min !== undefined) n = n.min(o.min, wrong('atLeast'));
      if (o.max !== undefined) n = n.max(o.max, wrong('atMost'));
      return n;
    }
    case 'boolean':
      return z.union([z.boolean(), z.enum(['true', 'false', 'yes', 'no']).transform((v) => v === 'true' || v === 'yes')], wrong('trueOrFalse'));
    default: {
      const s = z.string(wrong('text')).trim().min(1, wrong('empty')).max(MAX_TEXT, wrong('tooLong'));
      if (!o.choices) return s;
      const choices = o.choices;
      return s.refine((v) => choices.includes(v), wrong('oneOf'));
    }
  }
}

/** The most unknown options a refusal names: the rest are counted (110,000 unknown options are not named). */
const NAMED = 5;

export type ParsedOptions = { ok: true; values: OptionValues<Record<string, OptionDef>> } | { ok: false; error: Text };

/** Validates raw options against a subcommand's definitions; the error names what was wrong, and shows `example` (built for the user where a battle is at hand, examples.ts). */
export function parseOptions(path: string, s: SubcommandDef, raw: Record<string, unknown>, example = s.example): ParsedOptions {
  const unknown = Object.keys(raw).filter((k) => !Object.hasOwn(s.options, k));
  if (unknown.length) {
    const known = Object.keys(s.options);
    const named = unknown.slice(0, NAMED).map(quoteInput).join(', ');
    const inputs = unknown.length > NAMED ? say('slash.option.andMore', { named, more: unknown.length - NAMED }) : named;
    // One option mistyped is answered with its nearest; several, with the list to choose from.
    const meant = unknown.length === 1 ? didYouMean(known, unknown[0]!) : undefined;
    const its = known.length ? say('slash.option.its', { options: known.join(', ') }) : say('slash.option.none');
    return { ok: false, error: sentences(say('slash.option.unknown', { path, inputs }), meant, its) };
  }
  const values: Record<string, unknown> = {};
  const errors: Text[] = [];
  for (const [name, o] of Object.entries(s.options)) {
    const v = raw[name];
    if (v === undefined || v === null || v === '') {
      if (o.required) errors.push(say('slash.option.required', { name }));
      continue;
    }
    const r = optionSchema(name, o).safeParse(v);
    if (r.success) values[name] = r.data;
    else errors.push(wrongValue(name, o, r.error.issues[0]?.message ?? ''));
  }
  return errors.length ? { ok: false, error: say('slash.option.refused', { path, errors: semicolons(errors), example }) } : { ok: true, values: values as OptionValues<Record<string, OptionDef>> };
}
