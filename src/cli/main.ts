import 'dotenv/config';
import { assemble } from '../assemble.ts';
import { ConfigError, loadConfig } from '../config/config.ts';
import { DatabaseError } from '../store/db.ts';
import { buildProgram } from './program.ts';

// `umpire export | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

try {
  assemble();
  await buildProgram(loadConfig()).parseAsync();
} catch (err) {
  if (!(err instanceof ConfigError || err instanceof DatabaseError)) throw err;
  console.error(err.message);
  process.exit(2);
}
