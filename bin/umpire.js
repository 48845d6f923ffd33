#!/usr/bin/env node
// `umpire …` and `npm run umpire -- …`: the command line (src/cli/main.ts), compiled (bin/build.js).
import { run } from './build.js';

await run('bundle/cli.js');
