import { brigade } from './brigade/plugin.ts';
import { charge } from './charge/plugin.ts';
import { medieval } from './medieval/plugin.ts';
import { percentile } from './percentile/plugin.ts';
import type { RuleSystem } from './system.ts';

/**
 * The registry: every rule system the umpire plays, by id. Adding one is a folder of src/rules/
 * with its plugin.ts, and a line here (see src/rules/README.md).
 */
export const ruleSystems = { percentile, brigade, medieval, charge } satisfies Record<string, RuleSystem>;

/** The ids of the systems, in the registry's order. */
export const SYSTEM_IDS: readonly string[] = Object.keys(ruleSystems);

const all: readonly RuleSystem[] = Object.values(ruleSystems);

export function getRuleSystem(id: string): RuleSystem {
  const system = all.find((x) => x.id === id);
  if (!system) throw new RangeError(`unknown rule system "${String(id)}"; the systems are ${SYSTEM_IDS.join(', ')}`);
  return system;
}

const byAction = new Map(all.flatMap((x) => Object.keys(x.actions).map((type) => [type, x] as const)));
const byEvent = new Map(all.flatMap((x) => x.events.map((type) => [type, x] as const)));

/** The system an action or an event type belongs to; undefined for the core's own. */
export const ownerOfAction = (type: string): RuleSystem | undefined => byAction.get(type);
export const ownerOfEvent = (type: string): RuleSystem | undefined => byEvent.get(type);
