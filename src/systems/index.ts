import type { SystemPlugin } from '../app/slash/commands.ts';
import { brigade } from './brigade/plugin.ts';
import { charge } from './charge/plugin.ts';
import { medieval } from './medieval/plugin.ts';
import { percentile } from './percentile/plugin.ts';

/**
 * The registry: every rule system the umpire plays, in the order /battle create offers them.
 * Adding one is a folder here with its plugin.ts, and a line in this list (README.md beside it).
 */
export const systems: readonly SystemPlugin[] = [percentile, brigade, medieval, charge];
