import type { Message } from '../messages.ts';
import { GENESIS_HASH, rowHash, verifyChain } from './hash.ts';
import type { BattleRow, CampaignRow, EventStore, NewEvent, OutboxRow, RawEventRow, StoredEvent } from './types.ts';

export interface BattleCopied {
  /** The battle as the source holds it. */
  battle: BattleRow;
  /** Its id in the target: the source's, or a new one when the target holds another battle under that id. */
  id: string;
  events: number;
  /** Already in the target with the same chain (a copy run again): nothing was written. */
  skipped: boolean;
  /**
   * Not copied, and why (`skipped` is then false): a campaign's battle (CAMPAIGN_BATTLE) whose id the
   * target gives to another battle, or whose campaign was not copied. Nothing of it was written.
   */
  refused?: string;
}

/** A campaign (issue 29) as the copy left it: always under its own id. */
export interface CampaignCopied {
  /** The campaign as the source holds it. */
  campaign: CampaignRow;
  events: number;
  /** Already in the target with the same chain (a copy run again): nothing was written. */
  skipped: boolean;
  /** Not copied, and why (`skipped` is then false): the target holds another campaign under its id. Nothing of it was written. */
  refused?: string;
}

/** What copyStore did: each battle, as before, and beside them each campaign, copied after the battles. */
export type StoreCopied = BattleCopied[] & { campaigns: CampaignCopied[] };

/**
 * A campaign's battle (`<campaignId>-b<n>`, src/campaign), its campaign's id captured. Its campaign's
 * log names it (and its result events by hash), so it is never renumbered: a copy under another id
 * would no longer be the battle its campaign refers to.
 */
const CAMPAIGN_BATTLE = /^(c\d+)-b\d+$/;

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
 * The id of the next stream a store creates of a kind (`b` battles, `c` campaigns): <prefix><n> past
 * both the number of them and the highest <prefix><n> it holds, so a store with a gap in its ids (a
 * renumbered copy) never hands out one it already has. Another process may claim it first: the
 * append then fails and the caller tries the next.
 */
export function nextStreamId(rows: readonly { id: string }[], prefix: 'b' | 'c'): string {
  const own = new RegExp(`^${prefix}(\\d+)$`);
  let n = rows.length;
  for (const r of rows) {
    const m = own.exec(r.id);
    if (m) n = Math.max(n, Number(m[1]));
  }
  return `${prefix}${n + 1}`;
}

/** The next battle's id: a campaign's battles (c1-b1) are numbered by their campaign, not among these. */
export const nextBattleId = (battles: readonly { id: string }[]): string => nextStreamId(battles.filter((b) => !/^c\d+-b\d+$/.test(b.id)), 'b');

/**
 * Every hash a renumbered copy had in its source store, recomputed from the copy's rows (ordered by
 * version) and its CopiedFrom: the source's first event from `data`, the rest from the copy's rows,
 * which are the source's but for their battle id. Fails where they stop matching the recorded hashes.
 */
export function sourceChain(rows: readonly RawEventRow[], from: CopiedFrom): { ok: true; hashes: string[] } | { ok: false; reason: string } {
  const first = rows[0];
  if (!first || typeof first.type !== 'string' || typeof first.actor !== 'string' || typeof first.at !== 'string' || typeof first.data !== 'string') return { ok: false, reason: 'the copy has no readable first event' };
  const salt = (r: RawEventRow) => (typeof r.salt === 'string' ? r.salt : null);
  const hashes = [rowHash(GENESIS_HASH, from.battleId, 1, { type: first.type, actor: first.actor, at: first.at, data: from.data, salt: salt(first) })];
  if (hashes[0] !== from.firstHash) return { ok: false, reason: `the recorded first event of ${from.battleId} does not hash to its recorded first hash` };
  const { battleId: _id, diceStream: _dice, copiedFrom: _from, ...copied } = JSON.parse(first.data) as Record<string, unknown>;
  const { battleId: _sid, diceStream: _sdice, copiedFrom: _sfrom, ...source } = JSON.parse(from.data) as Record<string, unknown>;
  if (JSON.stringify(copied) !== JSON.stringify(source)) return { ok: false, reason: `the copy's first event is not the first event of ${from.battleId} (name, system, channel, GM or dice commitment differ)` };
  for (const r of rows.slice(1, from.events)) {
    hashes.push(rowHash(hashes.at(-1)!, from.battleId, Number(r.version), { type: String(r.type), actor: String(r.actor), at: String(r.at), data: String(r.data), salt: salt(r) }));
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
  /** Set when it is not copied at all (BattleCopied.refused). */
  refused?: string;
}

/** What the copy does with one campaign of the source, decided before anything is written. */
interface CampaignPlan {
  campaign: CampaignRow;
  events: StoredEvent[];
  skipped: boolean;
  refused?: string;
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
 *
 * Campaigns (issue 29) are copied after the battles, the same way but never renumbered, and neither
 * are their battles (`c<n>-b<n>`): one whose id the target gives to another is not copied, and the
 * result says why (`refused`), as it does for a campaign's battle whose campaign was not copied.
 */
export async function copyStore(from: EventStore, to: EventStore, progress: (copied: number) => void = () => undefined): Promise<StoreCopied> {
  const plans = await plan(from, to);
  const done: BattleCopied[] = [];
  const pending = await from.undelivered();
  for (const p of plans.battles) {
    const { battle, events, id } = p;
    if (p.skipped || p.refused !== undefined) {
      progress(events.length);
      done.push({ battle, id, events: events.length, skipped: p.skipped, ...(p.refused !== undefined ? { refused: p.refused } : {}) });
      continue;
    }
    const last = events.at(-1);
    await appendStream(from, to, `Battle ${battle.id}`, battle.id, id, events, pending, p.copiedFrom, progress, battle.ended);
    const chain = await to.chain(id);
    const check = verifyChain(chain);
    if (!check.ok) throw new Error(`Battle ${id}: the copy's hash chain fails at event ${check.version}: ${check.reason}.`);
    if (p.copiedFrom) {
      const source = sourceChain(chain.rows, p.copiedFrom);
      if (!source.ok) throw new Error(`Battle ${battle.id}, copied as ${id}: ${source.reason}.`);
    } else if (chain.rows.at(-1)?.hash !== last?.hash) throw new Error(`Battle ${battle.id}: the copy's last hash is not the source's.`);
    done.push({ battle, id, events: events.length, skipped: false });
  }
  // Campaigns after the battles, each under its own id and verified as a battle is.
  const campaigns: CampaignCopied[] = [];
  for (const p of plans.campaigns) {
    const { campaign, events } = p;
    if (p.skipped || p.refused !== undefined) progress(events.length);
    else {
      await appendStream(from, to, `Campaign ${campaign.id}`, campaign.id, campaign.id, events, pending, undefined, progress);
      const chain = await to.chain(campaign.id);
      const check = verifyChain(chain);
      if (!check.ok) throw new Error(`Campaign ${campaign.id}: the copy's hash chain fails at event ${check.version}: ${check.reason}.`);
      if (chain.rows.at(-1)?.hash !== events.at(-1)?.hash) throw new Error(`Campaign ${campaign.id}: the copy's last hash is not the source's.`);
    }
    campaigns.push({ campaign, events: events.length, skipped: p.skipped, ...(p.refused !== undefined ? { refused: p.refused } : {}) });
  }
  return Object.assign(done, { campaigns });
}

/**
 * Appends one stream of the source (`sourceId`, a battle's or a campaign's) to the target as `id`:
 * each request's events as they were first written, with its dice seed and its posts not yet
 * delivered. Renamed and re-hashed when `copiedFrom` is set (a renumbered battle). A battle that
 * ended in the source never claims its channel here (AppendMeta.unclaimed): one running there keeps it.
 */
async function appendStream(
  from: EventStore,
  to: EventStore,
  what: string,
  sourceId: string,
  id: string,
  events: StoredEvent[],
  pending: OutboxRow[],
  copiedFrom: CopiedFrom | undefined,
  progress: (copied: number) => void,
  ended = false,
): Promise<void> {
  const rename = copiedFrom ? { message: (m: Message) => renamedMessage(m, sourceId, id), request: (r: string) => renamedRequest(r, sourceId, id) } : undefined;
  const seed = await from.seed(sourceId);
  if (seed) await to.saveSeed(id, seed);
  const outbox = pending.filter((r) => r.battleId === sourceId).map((r) => r.message);
  const groups = requests(events);
  for (const [i, group] of groups.entries()) {
    const first = group[0]!;
    const sourceRequest = first.requestId?.replace(/#\d+$/, '') ?? null;
    const replies = sourceRequest ? ((await from.findRequest(sourceRequest))?.replies ?? []) : [];
    const requestId = sourceRequest && rename ? rename.request(sourceRequest) : sourceRequest;
    // Each event keeps its salt, so its seal, and every hash a copy under the same id has, are the source's.
    const batch: NewEvent[] = group.map((e) => ({ type: e.type, data: e.version === 1 && copiedFrom ? renamedCreated(e, id, copiedFrom) : e.data, salt: e.salt }));
    const out = i === groups.length - 1 ? outbox : [];
    const r = await to.append(id, first.version - 1, batch, { actor: first.actor, at: first.at, requestId, ...(ended ? { unclaimed: true as const } : {}) }, rename ? out.map(rename.message) : out, rename ? replies.map(rename.message) : replies);
    if (r.status !== 'appended') throw new Error(`${what}: request ${requestId} was already in the target; the copy stopped at event ${first.version}.`);
    progress(group.length);
  }
}

/** Decides, for every battle of the source, whether it is copied (under which id) or skipped; refuses what cannot be copied before anything is written. */
async function plan(from: EventStore, to: EventStore): Promise<{ battles: Plan[]; campaigns: CampaignPlan[] }> {
  // Campaigns are decided first (and copied last): a campaign's battles go where their campaign goes.
  const campaigns = await planCampaigns(from, to);
  const refusedCampaigns = new Set(campaigns.filter((c) => c.refused !== undefined).map((c) => c.campaign.id));
  const taken: { id: string }[] = await to.battles();
  const claimed = new Set<string>();
  let copies: Map<string, { id: string; from: CopiedFrom }> | undefined;
  const plans: Plan[] = [];
  for (const battle of await from.battles()) {
    const events = await from.load(battle.id);
    const first = events[0];
    const last = events.at(-1);
    if (!first || !last) throw new Error(`Battle ${battle.id} ("${battle.name}") has no events in the source; nothing was copied.`);
    const campaignId = CAMPAIGN_BATTLE.exec(battle.id)?.[1];
    if (campaignId !== undefined && refusedCampaigns.has(campaignId)) {
      // Copied, it would join the target's campaign of that id, which is another campaign.
      plans.push({ battle, events, id: battle.id, skipped: false, refused: `its campaign ${campaignId} was not copied (the target holds another campaign under that id)` });
      continue;
    }
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
    if (campaignId !== undefined) {
      plans.push({ battle, events, id: battle.id, skipped: false, refused: "the target holds another battle under that id, and a campaign's battle is never renumbered" });
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
  for (const p of plans.filter((q) => !q.skipped && q.refused === undefined && !q.battle.ended)) {
    const here = await to.runningIn(p.battle.channel);
    const clash = here ? `${here.id} ("${here.name}") is running there in the target` : running.get(p.battle.channel);
    if (clash) {
      throw new Error(
        `Battle ${p.battle.id} ("${p.battle.name}") is running in channel ${p.battle.channel}, and ${clash}: a channel has one running battle. A GM ends one of them (/battle end), then the copy is run again. Nothing was copied.`,
      );
    }
    running.set(p.battle.channel, `${p.battle.id} ("${p.battle.name}") of the source is running there too`);
  }
  return { battles: plans, campaigns };
}

/**
 * Decides, for every campaign of the source, whether it is copied, skipped (already there with the
 * same log) or refused; refuses what cannot be copied at all before anything is written, as plan
 * does for battles. A campaign is never renumbered: its battles' ids (`<campaignId>-b<n>`) and
 * their results, referenced by hash from its log, name it. One whose id the target gives to another
 * campaign (its first event's hash differs) is left out, and the result says so.
 */
async function planCampaigns(from: EventStore, to: EventStore): Promise<CampaignPlan[]> {
  const plans: CampaignPlan[] = [];
  for (const campaign of await from.campaigns()) {
    const events = await from.load(campaign.id);
    const first = events[0];
    const last = events.at(-1);
    if (!first || !last) throw new Error(`Campaign ${campaign.id} ("${campaign.name}") has no events in the source; nothing was copied.`);
    const there = (await to.chain(campaign.id)).rows;
    // The first event's hash names a campaign: it covers its name, channel, GM and the millisecond it was created.
    if (!there.length || there[0]!.hash === first.hash) {
      if (there.length && !(there.length === events.length && there.at(-1)!.hash === last.hash)) {
        throw new Error(`Campaign ${campaign.id} ("${campaign.name}") is already in the target with another log (${there.length} events there, ${events.length} here); nothing of it was copied.`);
      }
      plans.push({ campaign, events, skipped: there.length > 0 });
      continue;
    }
    const other = await to.campaign(campaign.id);
    plans.push({ campaign, events, skipped: false, refused: `the target holds another ${other ? `campaign under that id ("${other.name}")` : 'log under that id'}, and a campaign is never renumbered` });
  }
  const running = new Map<string, string>();
  for (const p of plans.filter((q) => !q.skipped && q.refused === undefined && !q.campaign.ended)) {
    const here = await to.campaignIn(p.campaign.channel);
    const clash = here ? `${here.id} ("${here.name}") is running there in the target` : running.get(p.campaign.channel);
    if (clash) {
      throw new Error(
        `Campaign ${p.campaign.id} ("${p.campaign.name}") is running in channel ${p.campaign.channel}, and ${clash}: a channel has one running campaign. A GM ends one of them, then the copy is run again. Nothing was copied.`,
      );
    }
    running.set(p.campaign.channel, `${p.campaign.id} ("${p.campaign.name}") of the source is running there too`);
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
