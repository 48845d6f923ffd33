import 'dotenv/config';
import { ConfigError, errorText, loadConfig, shellLocale } from '../config/config.ts';
import { word } from '../i18n/text.ts';
import { buildProgram } from './program.ts';

// `umpire export | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

// Only the command line loads here: each subcommand loads the rule systems, the store and the rest
// it needs (src/cli/program.ts), after its first line.
try {
  await buildProgram(loadConfig()).parseAsync();
} catch (err) {
  // The store's module is loaded by then if it threw (and cheaply if not).
  const { DatabaseError } = await import('../store/db.ts');
  if (!(err instanceof ConfigError || err instanceof DatabaseError)) throw err;
  console.error(word(errorText(err), shellLocale()));
  process.exit(2);
}
