import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { FALLBACK, intlLocale, LANGUAGES, PSEUDO, type Language, type Locale } from './locales.ts';
import { pseudo } from './pseudo.ts';
import enApp from './en/app.json' with { type: 'json' };
import frApp from './fr/app.json' with { type: 'json' };
import deApp from './de/app.json' with { type: 'json' };
import enCore from './en/core.json' with { type: 'json' };
import frCore from './fr/core.json' with { type: 'json' };
import deCore from './de/core.json' with { type: 'json' };
import enBattle from './en/battle.json' with { type: 'json' };
import frBattle from './fr/battle.json' with { type: 'json' };
import deBattle from './de/battle.json' with { type: 'json' };
import enService from './en/service.json' with { type: 'json' };
import frService from './fr/service.json' with { type: 'json' };
import deService from './de/service.json' with { type: 'json' };
import enMessages from './en/messages.json' with { type: 'json' };
import frMessages from './fr/messages.json' with { type: 'json' };
import deMessages from './de/messages.json' with { type: 'json' };
import enReports from './en/reports.json' with { type: 'json' };
import frReports from './fr/reports.json' with { type: 'json' };
import deReports from './de/reports.json' with { type: 'json' };
import enCampaign from './en/campaign.json' with { type: 'json' };
import frCampaign from './fr/campaign.json' with { type: 'json' };
import deCampaign from './de/campaign.json' with { type: 'json' };
import enWeb from './en/web.json' with { type: 'json' };
import frWeb from './fr/web.json' with { type: 'json' };
import deWeb from './de/web.json' with { type: 'json' };
import enTable from './en/table.json' with { type: 'json' };
import frTable from './fr/table.json' with { type: 'json' };
import deTable from './de/table.json' with { type: 'json' };
import enDiscord from './en/discord.json' with { type: 'json' };
import frDiscord from './fr/discord.json' with { type: 'json' };
import deDiscord from './de/discord.json' with { type: 'json' };
import enCli from './en/cli.json' with { type: 'json' };
import frCli from './fr/cli.json' with { type: 'json' };
import deCli from './de/cli.json' with { type: 'json' };
import enRules from './en/rules.json' with { type: 'json' };
import frRules from './fr/rules.json' with { type: 'json' };
import deRules from './de/rules.json' with { type: 'json' };
import enSlash from './en/slash.json' with { type: 'json' };
import frSlash from './fr/slash.json' with { type: 'json' };
import deSlash from './de/slash.json' with { type: 'json' };
import frCommand from './fr/command.json' with { type: 'json' };
import deCommand from './de/command.json' with { type: 'json' };
import enDice from './en/dice.json' with { type: 'json' };
import frDice from './fr/dice.json' with { type: 'json' };
import deDice from './de/dice.json' with { type: 'json' };
import enStore from './en/store.json' with { type: 'json' };
import frStore from './fr/store.json' with { type: 'json' };
import deStore from './de/store.json' with { type: 'json' };

/**
 * The message catalog (docs/languages.md): every message by key, in ICU MessageFormat, per
 * language; `t` formats one for a reader's locale, by that language's Intl rules. A key a language
 * lacks reads in English; a key English lacks is a bug, and throws. No import of discord.js or of
 * any other layer: everything may import this.
 */

/** One area's messages of one language: key -> ICU MessageFormat text. */
export type Messages = Readonly<Record<string, string>>;

/** Messages of each language, as one source (the catalogs here, the commands, a rule system) gives them. */
export type Catalog = Readonly<Partial<Record<Language, Messages>>>;

/**
 * The catalogs kept here, one JSON file per language and area (`<language>/<area>.json`). A new area
 * is a file in each language's folder and its line here. The core's commands have no English file:
 * their English is their definitions' (commands/), installed with them (src/app/slash/catalog.ts).
 */
const BUILT_IN: Record<Language, readonly Messages[]> = {
  en: [enCore, enApp, enSlash, enBattle, enService, enMessages, enReports, enCampaign, enWeb, enTable, enDiscord, enCli, enRules, enDice, enStore],
  fr: [frCore, frApp, frSlash, frCommand, frBattle, frService, frMessages, frReports, frCampaign, frWeb, frTable, frDiscord, frCli, frRules, frDice, frStore],
  de: [deCore, deApp, deSlash, deCommand, deBattle, deService, deMessages, deReports, deCampaign, deWeb, deTable, deDiscord, deCli, deRules, deDice, deStore],
};

/** Every key of the catalogs kept here, and those the commands are installed with (`command.…`). */
/** A key of the catalogs: each area's, a rule system's (installed with it), a command's. */
export type MessageKey = string;

/** The values a message's placeholders take. */
export type MessageValues = Readonly<Record<string, PrimitiveType>>;

/** Braces, apostrophes and `#` mean something in ICU MessageFormat; `<` does not (tags are off). */
const OPTIONS = { ignoreTag: true } as const;

const installed = new Map<string, readonly Catalog[]>();
let merged: Record<Language, Map<string, string>> | undefined;
const formatters = new Map<Locale, Map<string, IntlMessageFormat>>();

/**
 * Adds (or replaces) the messages one source gives: the slash commands their English from their
 * definitions, the rule systems their translations, at assembly (src/assemble.ts). A key two
 * catalogs give different texts for stops the assembly when it is first read.
 */
export function installMessages(source: string, ...catalogs: readonly Catalog[]): void {
  installed.set(source, catalogs);
  merged = undefined;
  formatters.clear();
}

function catalogs(): Record<Language, Map<string, string>> {
  if (merged) return merged;
  const out = Object.fromEntries(LANGUAGES.map((l) => [l, new Map<string, string>()])) as Record<Language, Map<string, string>>;
  const sources: [string, Catalog][] = [
    ...LANGUAGES.flatMap((l) => BUILT_IN[l].map((m): [string, Catalog] => [`src/i18n/${l}`, { [l]: m }])),
    ...[...installed].flatMap(([source, catalogs]) => catalogs.map((c): [string, Catalog] => [source, c])),
  ];
  for (const [source, catalog] of sources) {
    for (const l of LANGUAGES) {
      for (const [key, text] of Object.entries(catalog[l] ?? {})) {
        const had = out[l].get(key);
        if (had !== undefined && had !== text) throw new Error(`message ${key} (${l}) is given twice, again by ${source}`);
        out[l].set(key, text);
      }
    }
  }
  return (merged = out);
}

/** A language's messages, by key: what the key and placeholder tests read. */
export const messages = (language: Language): ReadonlyMap<string, string> => catalogs()[language];

/** Parses a message as `t` does; throws on a message that is not ICU MessageFormat. */
export const parseMessage = (text: string): MessageFormatElement[] => parse(text, OPTIONS);

function formatter(locale: Locale, key: string): IntlMessageFormat {
  let byKey = formatters.get(locale);
  if (!byKey) formatters.set(locale, (byKey = new Map()));
  let f = byKey.get(key);
  if (f) return f;
  const all = catalogs();
  const own = locale === PSEUDO ? undefined : all[locale].get(key);
  const english = all[FALLBACK].get(key);
  if (own === undefined && english === undefined) throw new Error(`no message ${key} in the English catalog`);
  // A message English alone has reads as English, by English rules.
  const text = own ?? english!;
  const ast = locale === PSEUDO ? pseudo(parseMessage(text)) : parseMessage(text);
  f = new IntlMessageFormat(ast, own === undefined ? intlLocale(FALLBACK) : intlLocale(locale), undefined, OPTIONS);
  byKey.set(key, f);
  return f;
}

/** The message `key` in `locale`, its placeholders filled with `values`. */
export const t = (locale: Locale, key: MessageKey, values?: MessageValues): string => formatter(locale, key).format<string>(values) as string;

/** ICU MessageFormat text that reads as `s` exactly: what a plain English text is installed as. */
export const literal = (s: string): string => s.replace(/'/g, "''").replace(/[{}]+/g, (m) => `'${m}'`);
