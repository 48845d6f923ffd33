import { brigade } from './brigade/index.ts';
import { charge } from './charge/index.ts';
import { medieval } from './medieval/index.ts';
import { percentile } from './percentile/index.ts';
import type { RuleSystem, SystemId } from './system.ts';

/** Every rule system, by id (SYSTEM_IDS order). */
export const ruleSystems: Record<SystemId, RuleSystem> = { percentile, brigade, medieval, charge };

export function getRuleSystem(id: SystemId): RuleSystem {
  const system = Object.hasOwn(ruleSystems, id) ? ruleSystems[id] : undefined;
  if (!system) throw new RangeError(`unknown rule system "${String(id)}"; the systems are ${Object.keys(ruleSystems).join(', ')}`);
  return system;
}
