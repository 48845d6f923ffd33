import 'dotenv/config';
import { assemble } from './assemble.ts';
import { buildProgram } from './cli/program.ts';
import { ConfigError, loadConfig } from './config/config.ts';
import { DatabaseError } from './store/db.ts';

/** `npm start`: the bot when DISCORD_TOKEN is set, otherwise the local table. */
try {
  assemble();
  const config = loadConfig();
  if (!config.DISCORD_TOKEN && process.stdin.isTTY) console.error('No DISCORD_TOKEN: opening the local table (set DISCORD_TOKEN in .env to start the bot).');
  await buildProgram(config).parseAsync([config.DISCORD_TOKEN ? 'bot' : 'table', ...process.argv.slice(2)], { from: 'user' });
} catch (err) {
  if (!(err instanceof ConfigError || err instanceof DatabaseError)) throw err;
  console.error(err.message);
  process.exit(2);
}
