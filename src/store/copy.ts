import type { Message } from '../messages.ts';
import { eventHash, GENESIS_HASH, verifyChain } from './hash.ts';
import type { BattleRow, EventStore, NewEvent, RawEventRow, StoredEvent } from './types.ts';

export interface BattleCopied {
  /** The battle as the source holds it. */
  battle: BattleRow;
  /** Its id in the target: the source's, or a new one when the target holds another battle under that id. */
  id: string;
  events: number;
  /** Already in the target with the same chain (a copy run again): nothing was written. */
  skipped: boolean;
}

/**
 * What a renumbered copy records in its BattleCreated (beside `diceStream`), under its new chain:
 * the battle's id and first event's data in the store it came from, and that store's first and
 * last hashes. With them every hash the battle had there is recomputed from the copy (sourceChain),
 * so a player who kept one can still check it; `firstHash` also finds the copy when the copy is run again.
 */
export interface CopiedFrom {
  battleId: string;
  /** The source's first event's data, the JSON text exactly as stored there. */
  data: string;
  firstHash: string;
  lastHash: string;
  events: number;
}

/**
 * The id of the next battle a store creates: b<n> past both the number of battles and the highest
 * b<n> it holds, so a store with a gap in its ids (a renumbered copy) never hands out one it already
 * has. Another process may claim it first: the append then fails and the caller tries the next.
 */
export function nextBattleId(battles: readonly { id: string }[]): string {
  let n = battles.length;
  for (const b of battles) {
    const m = /^b(\d+)$/.exec(b.id);
    if (m) n = Math.max(n, Number(m[1]));
  }
  return `b${n + 1}`;
}

/**
 * Every hash a renumbered copy had in its source store, recomputed from the copy's rows (ordered by
 * version) and its CopiedFrom: the source's first event from `data`, the rest from the copy's rows,
 * which are the source's but for their battle id. Fails where they stop matching the recorded hashes.
 */
export function sourceChain(rows: readonly RawEventRow[], from: CopiedFrom): { ok: true; hashes: string[] } | { ok: false; reason: string } {
  const first = rows[0];
  if (!first || typeof first.type !== 'string' || typeof first.actor !== 'string' || typeof first.at !== 'string' || typeof first.data !== 'string') return { ok: false, reason: 'the copy has no readable first event' };
  const hashes = [eventHash(GENESIS_HASH, from.battleId, 1, first.type, first.actor, first.at, from.data)];
  if (hashes[0] !== from.firstHash) return { ok: false, reason: `the recorded first event of ${from.battleId} does not hash to its recorded first hash` };
  const { battleId: _id, diceStream: _dice, copiedFrom: _from, ...copied } = JSON.parse(first.data) as Record<string, unknown>;
  const { battleId: _sid, diceStream: _sdice, copiedFrom: _sfrom, ...source } = JSON.parse(from.data) as Record<string, unknown>;
  if (JSON.stringify(copied) !== JSON.stringify(source)) return { ok: false, reason: `the copy's first event is not the first event of ${from.battleId} (name, system, channel, GM or dice commitment differ)` };
  for (const r of rows.slice(1, from.events)) {
    hashes.push(eventHash(hashes.at(-1)!, from.battleId, Number(r.version), String(r.type), String(r.actor), String(r.at), String(r.data)));
  }
  if (hashes.length !== from.events || hashes.at(-1) !== from.lastHash) return { ok: false, reason: `the copy's first ${from.events} events do not hash to the last hash ${from.battleId} had` };
  return { ok: true, hashes };
}

/** A message of the battle as the copy keeps it: its ballot buttons and status keys name the battle's new id. */
function renamedMessage(m: Message, from: string, to: string): Message {
  const buttons = m.buttons?.map((b) => ({ ...b, customId: b.customId.replace(new RegExp(`^(v\\d+:ballot:)${escape(from)}:`), `$1${to}:`) }));
  const status = m.status?.replace(new RegExp(`^(\\w+:)${escape(from)}:`), `$1${to}:`);
  return { ...m, ...(buttons ? { buttons } : {}), ...(status !== undefined ? { status } : {}) };
}

const escape = (id: string) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A request id the umpire made from the battle's id (`CloseBallot:b1:v1`, by the tick) names its new id; any other (a Discord interaction, a UUID) stays. */
const renamedRequest = (requestId: string, from: string, to: string): string => requestId.replace(new RegExp(`^(\\w+):${escape(from)}:`), `$1:${to}:`);

/** The first event of a renumbered copy: its new id, the dice stream its rolls came from, and where it came from. */
function renamedCreated(first: StoredEvent, to: string, from: CopiedFrom): unknown {
  const data = first.data as Record<string, unknown>;
  const diceStream = typeof data.diceStream === 'string' ? data.diceStream : from.battleId;
  return { ...data, battleId: to, diceStream, copiedFrom: from };
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

/** What the copy does with one battle of the source, decided before anything is written. */
interface Plan {
  battle: BattleRow;
  events: StoredEvent[];
  /** Its id in the target. */
  id: string;
  skipped: boolean;
  /** Set when the target holds another battle under the source's id: the copy is renumbered and re-hashed. */
  copiedFrom?: CopiedFrom;
}

/**
 * Copies every battle of `from` into `to` (`umpire migrate-store`): each request's events appended
 * as they were, so every hash comes out the same, the dice seed, and the posts not yet delivered.
 * Each battle's chain is verified in the target and its last hash compared with the source's
 * before the next one starts.
 *
 * Stores are merged too (a community joining its servers' tables): a battle whose id the target
 * gives to another battle (its first event's hash differs) is renumbered to the target's next free
 * id. Its chain is then re-hashed under that id, and its BattleCreated records the id its dice
 * stream was derived from (`diceStream`) and where it came from (CopiedFrom), from which every hash
 * it had in the source is recomputed and checked (sourceChain).
 *
 * Run again, a battle already there (under its id, or as a renumbered copy) with the same log is
 * skipped; one there with another log stops the copy, naming it. Before anything is written, a
 * battle running in a channel where the target (or an earlier battle of this copy) already runs one
 * stops the copy: a channel has one running battle, and commands there would reach only the newest.
 */
export async function copyStore(from: EventStore, to: EventStore, progress: (copied: number) => void = () => undefined): Promise<BattleCopied[]> {
  const plans = await plan(from, to);
  const done: BattleCopied[] = [];
  const pending = await from.undelivered();
  for (const p of plans) {
    const { battle, events, id } = p;
    if (p.skipped) {
      progress(events.length);
      done.push({ battle, id, events: events.length, skipped: true });
      continue;
    }
    const last = events.at(-1);
    const rename = p.copiedFrom ? { message: (m: Message) => renamedMessage(m, battle.id, id), request: (r: string) => renamedRequest(r, battle.id, id) } : undefined;
    const seed = await from.seed(battle.id);
    if (seed) await to.saveSeed(id, seed);
    const outbox = pending.filter((r) => r.battleId === battle.id).map((r) => r.message);
    const groups = requests(events);
    for (const [i, group] of groups.entries()) {
      const first = group[0]!;
      const sourceRequest = first.requestId?.replace(/#\d+$/, '') ?? null;
      const replies = sourceRequest ? ((await from.findRequest(sourceRequest))?.replies ?? []) : [];
      const requestId = sourceRequest && rename ? rename.request(sourceRequest) : sourceRequest;
      const batch: NewEvent[] = group.map((e) => ({ type: e.type, data: e.version === 1 && p.copiedFrom ? renamedCreated(e, id, p.copiedFrom) : e.data }));
      const out = i === groups.length - 1 ? outbox : [];
      const r = await to.append(id, first.version - 1, batch, { actor: first.actor, at: first.at, requestId }, rename ? out.map(rename.message) : out, rename ? replies.map(rename.message) : replies);
      if (r.status !== 'appended') throw new Error(`Battle ${battle.id}: request ${requestId} was already in the target; the copy stopped at event ${first.version}.`);
      progress(group.length);
    }
    const chain = await to.chain(id);
    const check = verifyChain(chain);
    if (!check.ok) throw new Error(`Battle ${id}: the copy's hash chain fails at event ${check.version}: ${check.reason}.`);
    if (p.copiedFrom) {
      const source = sourceChain(chain.rows, p.copiedFrom);
      if (!source.ok) throw new Error(`Battle ${battle.id}, copied as ${id}: ${source.reason}.`);
    } else if (chain.rows.at(-1)?.hash !== last?.hash) throw new Error(`Battle ${battle.id}: the copy's last hash is not the source's.`);
    done.push({ battle, id, events: events.length, skipped: false });
  }
  return done;
}

/** Decides, for every battle of the source, whether it is copied (under which id) or skipped; refuses what cannot be copied before anything is written. */
async function plan(from: EventStore, to: EventStore): Promise<Plan[]> {
  const taken: { id: string }[] = await to.battles();
  const claimed = new Set<string>();
  let copies: Map<string, { id: string; from: CopiedFrom }> | undefined;
  const plans: Plan[] = [];
  for (const battle of await from.battles()) {
    const events = await from.load(battle.id);
    const first = events[0];
    const last = events.at(-1);
    if (!first || !last) throw new Error(`Battle ${battle.id} ("${battle.name}") has no events in the source; nothing was copied.`);
    // An id this copy gives to an earlier battle is taken, as one the target holds is.
    const there = claimed.has(battle.id) ? undefined : await to.chain(battle.id);
    // The first event's hash names a battle: it covers the battle's dice commitment, a hash of 32 random bytes.
    if (there && (!there.rows.length || there.rows[0]!.hash === first.hash)) {
      if (there.rows.length && !(there.rows.length === events.length && there.rows.at(-1)!.hash === last.hash)) {
        throw new Error(`Battle ${battle.id} ("${battle.name}") is already in the target with another log (${there.rows.length} events there, ${events.length} here); nothing of it was copied.`);
      }
      plans.push({ battle, events, id: battle.id, skipped: there.rows.length > 0 });
      if (!there.rows.length) taken.push({ id: battle.id });
      claimed.add(battle.id);
      continue;
    }
    // Another battle has this id here: this one is (or was, by an earlier run) copied under a new id.
    copies ??= await renumberedCopies(to, await to.battles());
    const copy = copies.get(first.hash);
    if (copy) {
      if (copy.from.events !== events.length || copy.from.lastHash !== last.hash) {
        throw new Error(`Battle ${battle.id} ("${battle.name}") was copied here as ${copy.id} when it had ${copy.from.events} events; it has ${events.length} now, with another last hash. Nothing of it was copied again.`);
      }
      plans.push({ battle, events, id: copy.id, skipped: true });
      continue;
    }
    const id = nextBattleId(taken);
    taken.push({ id });
    claimed.add(id);
    const copiedFrom: CopiedFrom = { battleId: battle.id, data: JSON.stringify(first.data), firstHash: first.hash, lastHash: last.hash, events: events.length };
    plans.push({ battle, events, id, skipped: false, copiedFrom });
  }
  const running = new Map<string, string>();
  for (const p of plans.filter((q) => !q.skipped && !q.battle.ended)) {
    const here = await to.runningIn(p.battle.channel);
    const clash = here ? `${here.id} ("${here.name}") is running there in the target` : running.get(p.battle.channel);
    if (clash) {
      throw new Error(
        `Battle ${p.battle.id} ("${p.battle.name}") is running in channel ${p.battle.channel}, and ${clash}: a channel has one running battle. A GM ends one of them (/battle end), then the copy is run again. Nothing was copied.`,
      );
    }
    running.set(p.battle.channel, `${p.battle.id} ("${p.battle.name}") of the source is running there too`);
  }
  return plans;
}

/** The target's renumbered copies by the first hash they had in their source (read once, only when a copy meets an id in use). */
async function renumberedCopies(to: EventStore, battles: readonly { id: string }[]): Promise<Map<string, { id: string; from: CopiedFrom }>> {
  const found = new Map<string, { id: string; from: CopiedFrom }>();
  for (const { id } of battles) {
    const created = (await to.load(id, 0))[0]?.data as { copiedFrom?: CopiedFrom } | undefined;
    if (created?.copiedFrom?.firstHash) found.set(created.copiedFrom.firstHash, { id, from: created.copiedFrom });
  }
  return found;
}
