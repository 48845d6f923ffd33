import 'dotenv/config';
import { buildProgram } from './cli/program.ts';
import { ConfigError, errorText, loadConfig, shellLocale } from './config/config.ts';
import { say, word } from './i18n/text.ts';

/**
 * `npm start`: the bot when DISCORD_TOKEN is set, otherwise the local table. Only the command line
 * loads here; the rule systems, the store and the table load once it has printed its first line.
 */
try {
  const config = loadConfig();
  if (!config.DISCORD_TOKEN && process.stdin.isTTY) console.error(word(say('cli.start.noToken'), shellLocale()));
  await buildProgram(config).parseAsync([config.DISCORD_TOKEN ? 'bot' : 'table', ...process.argv.slice(2)], { from: 'user' });
} catch (err) {
  // The store's module is loaded by then if it threw (and cheaply if not).
  const { DatabaseError } = await import('./store/db.ts');
  if (!(err instanceof ConfigError || err instanceof DatabaseError)) throw err;
  console.error(word(errorText(err), shellLocale()));
  process.exit(2);
}
