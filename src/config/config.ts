import { z } from 'zod';

/** Every variable Umpire reads; .env.example documents each. */
const Env = z.object({
  DISCORD_TOKEN: z.string().trim().min(50, { error: 'DISCORD_TOKEN looks too short to be a bot token' }).optional(),
  DISCORD_APP_ID: z.string().regex(/^\d{17,20}$/, { error: 'DISCORD_APP_ID must be the application id (17 to 20 digits)' }).optional(),
  /** Discord's REST base URL; only tests against a local fake set it. */
  DISCORD_API_URL: z.url({ protocol: /^https?$/, error: 'DISCORD_API_URL must be an http(s) URL such as https://discord.com/api' }).optional(),
  /** The battle store past one machine: postgres://user:password@host:5432/db (or pglite:<dir>); unset or file:… means SQLite. */
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|pglite:|file:)/i, { error: 'DATABASE_URL must start with postgres://, postgresql://, pglite: or file:' })
    .optional(),
  /** The SQLite file, when DATABASE_URL is unset. */
  UMPIRE_DB: z.string().min(1).default('./data/umpire.db'),
  /** Serve the read-only battle pages (issue 30) on this port: the bot and the local table do when it is set; `umpire serve` always does (8080 unless given). */
  WEB_PORT: z.coerce.number({ error: 'WEB_PORT must be a port number' }).int({ error: 'WEB_PORT must be a port number' }).min(1, { error: 'WEB_PORT must be from 1 to 65535' }).max(65535, { error: 'WEB_PORT must be from 1 to 65535' }).optional(),
  /** The address the pages are served on: the machine alone (127.0.0.1) unless told otherwise. */
  WEB_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** The pages' address as players reach it, for the links /battle share posts; default http://localhost:<port>. */
  WEB_URL: z.url({ protocol: /^https?$/, error: 'WEB_URL must be an http(s) URL such as https://umpire.example.org' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent' }).default('info'),
});
export type Config = z.infer<typeof Env>;

export class ConfigError extends Error {}

/** Reads the configuration from the environment (after dotenv); a wrong value is named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const r = Env.safeParse(blanksRemoved);
  if (!r.success) {
    throw new ConfigError(`Configuration error: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}. See .env.example.`);
  }
  return r.data;
}
