// `npm start`: the bot when DISCORD_TOKEN is set, otherwise the local table (src/main.ts), compiled (bin/build.js).
import { run } from './build.js';

await run('bundle/main.js');
