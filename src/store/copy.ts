import { verifyChain } from './hash.ts';
import type { BattleRow, EventStore, NewEvent, StoredEvent } from './types.ts';

export interface BattleCopied {
  battle: BattleRow;
  events: number;
  /** Already in the target with the same chain (a copy run again): nothing was written. */
  skipped: boolean;
}

/** A request's events share its id (`<request>#<i>`), actor and time: one append each, as they were first written. */
function requests(events: StoredEvent[]): StoredEvent[][] {
  const groups: StoredEvent[][] = [];
  let key: string | undefined;
  for (const e of events) {
    const base = e.requestId?.replace(/#\d+$/, '');
    if (base !== undefined && base === key) groups.at(-1)!.push(e);
    else groups.push([e]);
    key = base;
  }
  return groups;
}

/**
 * Copies every battle of `from` into `to` (`umpire migrate-store`): each request's events appended
 * as they were, so every hash comes out the same, the dice seed, and the posts not yet delivered.
 * Each battle's chain is verified in the target and its last hash compared with the source's
 * before the next one starts. A battle the target already holds with the same last hash is skipped;
 * one it holds otherwise stops the copy, naming it.
 */
export async function copyStore(from: EventStore, to: EventStore, progress: (copied: number) => void = () => undefined): Promise<BattleCopied[]> {
  const done: BattleCopied[] = [];
  const pending = await from.undelivered();
  for (const battle of await from.battles()) {
    const events = await from.load(battle.id);
    const last = events.at(-1);
    const there = await to.chain(battle.id);
    if (there.rows.length) {
      if (there.rows.length === events.length && there.rows.at(-1)!.hash === last?.hash) {
        progress(events.length);
        done.push({ battle, events: events.length, skipped: true });
        continue;
      }
      throw new Error(`Battle ${battle.id} ("${battle.name}") is already in the target with another log (${there.rows.length} events there, ${events.length} here); nothing of it was copied.`);
    }
    const seed = await from.seed(battle.id);
    if (seed) await to.saveSeed(battle.id, seed);
    const outbox = pending.filter((r) => r.battleId === battle.id).map((r) => r.message);
    const groups = requests(events);
    for (const [i, group] of groups.entries()) {
      const first = group[0]!;
      const requestId = first.requestId?.replace(/#\d+$/, '') ?? null;
      const replies = requestId ? ((await from.findRequest(requestId))?.replies ?? []) : [];
      const batch: NewEvent[] = group.map((e) => ({ type: e.type, data: e.data }));
      const out = i === groups.length - 1 ? outbox : [];
      const r = await to.append(battle.id, first.version - 1, batch, { actor: first.actor, at: first.at, requestId }, out, replies);
      if (r.status !== 'appended') throw new Error(`Battle ${battle.id}: request ${requestId} was already in the target; the copy stopped at event ${first.version}.`);
      progress(group.length);
    }
    const chain = await to.chain(battle.id);
    const check = verifyChain(chain);
    if (!check.ok) throw new Error(`Battle ${battle.id}: the copy's hash chain fails at event ${check.version}: ${check.reason}.`);
    if (chain.rows.at(-1)?.hash !== last?.hash) throw new Error(`Battle ${battle.id}: the copy's last hash is not the source's.`);
    done.push({ battle, events: events.length, skipped: false });
  }
  return done;
}
