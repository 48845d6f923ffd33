import type { RuleSystem } from './system.ts';

/**
 * The rule systems this program plays, handed to the core where the program is assembled
 * (src/assemble.ts). The core asks here and never imports a system (docs/architecture.md, Shape).
 */
interface Registry {
  all: readonly RuleSystem[];
  ids: readonly string[];
  byAction: ReadonlyMap<string, RuleSystem>;
  byEvent: ReadonlyMap<string, RuleSystem>;
}

let installed: Registry | undefined;

/** Hands the core its rule systems, in the order /battle create offers them. An id, action or event type claimed twice is a programming error. */
export function installSystems(systems: readonly RuleSystem[]): void {
  const claim = (map: Map<string, RuleSystem>, what: string, key: string, x: RuleSystem) => {
    const other = map.get(key);
    if (other) throw new Error(`${what} "${key}" is claimed by both ${other.id} and ${x.id}`);
    map.set(key, x);
  };
  const byId = new Map<string, RuleSystem>();
  const byAction = new Map<string, RuleSystem>();
  const byEvent = new Map<string, RuleSystem>();
  for (const x of systems) {
    if (byId.has(x.id)) throw new Error(`two rule systems have the id "${x.id}"`);
    byId.set(x.id, x);
    for (const type of Object.keys(x.actions)) claim(byAction, 'action', type, x);
    for (const type of x.events) claim(byEvent, 'event', type, x);
  }
  installed = { all: [...systems], ids: systems.map((x) => x.id), byAction, byEvent };
}

function registry(): Registry {
  if (!installed) throw new Error('no rule systems installed: the program calls assemble() (src/assemble.ts) before it plays');
  return installed;
}

/** Every installed system, in order. */
export const ruleSystems = (): readonly RuleSystem[] => registry().all;

/** The ids of the installed systems, in order. */
export const systemIds = (): readonly string[] => registry().ids;

export function getRuleSystem(id: string): RuleSystem {
  const system = registry().all.find((x) => x.id === id);
  if (!system) throw new RangeError(`unknown rule system "${String(id)}"; the systems are ${systemIds().join(', ')}`);
  return system;
}

/** The system an action or an event type belongs to; undefined for the core's own. */
export const ownerOfAction = (type: string): RuleSystem | undefined => registry().byAction.get(type);
export const ownerOfEvent = (type: string): RuleSystem | undefined => registry().byEvent.get(type);
