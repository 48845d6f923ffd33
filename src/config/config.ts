import { z } from 'zod';
import { localeOf, type Locale } from '../i18n/locales.ts';
import { isPhrase, say, TextError, type Text } from '../i18n/text.ts';
import { issueText, phraseError } from '../rules/issue-text.ts';

/** A variable's error as the host reads it, in the shell's language (issue 43): `cli.config.<name>`. */
const error = (name: string, values?: Record<string, string>) => ({ error: phraseError(say(`cli.config.${name}`, values)) });

/** Every variable Umpire reads; .env.example documents each. */
const Env = z.object({
  DISCORD_TOKEN: z.string().trim().min(50, error('tokenShort')).optional(),
  DISCORD_APP_ID: z.string().regex(/^\d{17,20}$/, error('appId')).optional(),
  /** Discord's REST base URL; only tests against a local fake set it. */
  DISCORD_API_URL: z.url({ protocol: /^https?$/, ...error('apiUrl', { example: 'https://discord.com/api' }) }).optional(),
  /** The battle store past one machine: postgres://user:password@host:5432/db (or pglite:<dir>); unset or file:… means SQLite. */
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|pglite:|file:)/i, error('databaseUrl'))
    .optional(),
  /** The SQLite file, when DATABASE_URL is unset. */
  UMPIRE_DB: z.string().min(1).default('./data/umpire.db'),
  /** Serve the read-only battle pages (issue 30) on this port: the bot and the local table do when it is set; `umpire serve` always does (8080 unless given). */
  WEB_PORT: z.coerce.number(error('webPort')).int(error('webPort')).min(1, error('webPortRange')).max(65535, error('webPortRange')).optional(),
  /** The address the pages are served on: the machine alone (127.0.0.1) unless told otherwise. */
  WEB_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** The pages' address as players reach it, for the links /battle share posts; default http://localhost:<port>. */
  WEB_URL: z.url({ protocol: /^https?$/, ...error('webUrl', { example: 'https://umpire.example.org' }) }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], error('logLevel', { choices: 'fatal, error, warn, info, debug, trace, silent' })).default('info'),
});
export type Config = z.infer<typeof Env>;

/** The configuration cannot be used: `text` says why in the host's language; `message` is its English, for logs and tests. */
export class ConfigError extends TextError {}

/** The language the command line speaks: the shell's (LC_ALL, LC_MESSAGES, LANG), English when it is none we speak (issue 43). */
export const shellLocale = (env: NodeJS.ProcessEnv = process.env): Locale => localeOf(env.LC_ALL || env.LC_MESSAGES || env.LANG);

/**
 * What an error that says itself says, as a text to word for its reader: a ConfigError's, a store's
 * DatabaseError's or a refusal's (each carries `text`); any other error by its message.
 */
export function errorText(err: unknown): Text {
  if (err instanceof Error && 'text' in err) {
    const text = (err as { text: unknown }).text;
    if (typeof text === 'string' || isPhrase(text) || (typeof text === 'object' && text !== null && 'lines' in text)) return text as Text;
  }
  return err instanceof Error ? err.message : String(err);
}

/** One variable's problem: the schema's own phrase, else what zod said, as it always read. */
function problem(issue: z.core.$ZodIssue): Text {
  const text = issueText(issue);
  const said = isPhrase(text) && text.key.startsWith('cli.config.') ? text : issue.message;
  return say('cli.config.problem', { name: issue.path.join('.'), problem: said });
}

/** Reads the configuration from the environment (after dotenv); a wrong value is named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const r = Env.safeParse(blanksRemoved);
  if (!r.success) {
    const problems = r.error.issues.map(problem).reduce((a, b) => say('cli.config.next', { a, b }));
    throw new ConfigError(say('cli.config.error', { problems }));
  }
  return r.data;
}
