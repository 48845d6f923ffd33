import 'dotenv/config';
import { ConfigError, loadConfig } from '../config/config.ts';
import { buildProgram } from './program.ts';

try {
  await buildProgram(loadConfig()).parseAsync();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(2);
}
