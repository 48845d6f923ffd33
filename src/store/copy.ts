import { english } from '../i18n/text.ts';
import type { Message } from '../messages.ts';
import { campaignBattleId, renamedCampaignData, sourceCampaignChain, type CampaignCopiedFrom } from './copy-campaign.ts';
import { GENESIS_HASH, rowHash, verifyChain } from './hash.ts';
import type { BattleRow, CampaignRow, EventStore, NewEvent, OutboxRow, RawEventRow, StoredEvent } from './types.ts';

export interface BattleCopied {
  /** The battle as the source holds it. */
  battle: BattleRow;
  /**
   * Its id in the target: the source's, or a new one when the target holds another battle under
   * that id, or when its campaign was renumbered (`c1-b2` of a campaign copied as `c4` is `c4-b2`).
   */
  id: string;
  events: number;
  /** Already in the target with the same chain (a copy run again): nothing was written. */
  skipped: boolean;
  /**
   * Not copied, and why (`skipped` is then false): a campaign's battle (CAMPAIGN_BATTLE) whose
   * campaign is not in the source, and whose id the target gives to another battle. Nothing of it was written.
   */
  refused?: string;
}

/** A campaign (issue 29) as the copy left it. */
export interface CampaignCopied {
  /** The campaign as the source holds it. */
  campaign: CampaignRow;
  /** Its id in the target: the source's, or the next free one when the target gives its id, or one of its battles' ids, to another. */
  id: string;
  events: number;
  /** Already in the target with the same chain (a copy run again): nothing was written. */
  skipped: boolean;
}

/** What copyStore did: each battle, as before, and beside them each campaign, copied after the battles. */
export type StoreCopied = BattleCopied[] & { campaigns: CampaignCopied[] };

/**
 * A campaign's battle (`<campaignId>-b<n>`, src/campaign), its campaign's id captured. Its campaign's
 * log names it (and its result events by hash), so it is renumbered only with its campaign.
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
  const { battleId: id, diceStream: _dice, copiedFrom: _from, ...copied } = JSON.parse(first.data) as Record<string, unknown>;
  const { battleId: sid, diceStream: _sdice, copiedFrom: _sfrom, ...source } = JSON.parse(from.data) as Record<string, unknown>;
  // A campaign's battle copied with its campaign renumbered names the campaign's new id, as its own id does.
  const own = (d: Record<string, unknown>, battleId: unknown) => (typeof d.campaign === 'string' && String(battleId).startsWith(`${d.campaign}-b`) ? { ...d, campaign: 'its own' } : d);
  if (JSON.stringify(own(copied, id)) !== JSON.stringify(own(source, sid))) return { ok: false, reason: `the copy's first event is not the first event of ${from.battleId} (name, system, channel, GM or dice commitment differ)` };
  for (const r of rows.slice(1, from.events)) {
    hashes.push(rowHash(hashes.at(-1)!, from.battleId, Number(r.version), { type: String(r.type), actor: String(r.actor), at: String(r.at), data: String(r.data), salt: salt(r) }));
  }
  if (hashes.length !== from.events || hashes.at(-1) !== from.lastHash) return { ok: false, reason: `the copy's first ${from.events} events do not hash to the last hash ${from.battleId} had` };
  return { ok: true, hashes };
}

/**
 * How a renumbered stream's copy names itself where the umpire wrote its id: `from` → `to`, and for
 * a campaign (`campaign`) its battles' ids too (`c1-b2` → `c4-b2`).
 */
interface Renaming {
  from: string;
  to: string;
  campaign: boolean;
}

/** The id being renamed, at the start of `prefix` and ending where an id ends. */
const idAfter = (prefix: string, r: Renaming) => new RegExp(`^(${prefix})${escape(r.from)}(?=${r.campaign ? '(-b\\d+)?' : ''}(:|$))`);

/** A message of the stream as the copy keeps it: its buttons (ballots, orders) and status keys name the new id. */
function renamedMessage(m: Message, r: Renaming): Message {
  const buttons = m.buttons?.map((b) => ({ ...b, customId: b.customId.replace(idAfter('v\\d+:\\w+:', r), `$1${r.to}`) }));
  const status = m.status?.replace(idAfter('\\w+:', r), `$1${r.to}`);
  return { ...m, ...(buttons ? { buttons } : {}), ...(status !== undefined ? { status } : {}) };
}

const escape = (id: string) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A request id the umpire made from the stream's id (`CloseBallot:b1:v1`, by the tick;
 * `CampaignBattle:c1-b1`) names its new id; any other (a Discord interaction, a UUID) stays.
 */
const renamedRequest = (requestId: string, r: Renaming): string => requestId.replace(idAfter('\\w+:', r), `$1${r.to}`);

/** The first event of a renumbered copy: its new id (and its campaign's), the dice stream its rolls came from, and where it came from. */
function renamedCreated(first: StoredEvent, to: string, from: CopiedFrom): unknown {
  const data = first.data as Record<string, unknown>;
  const diceStream = typeof data.diceStream === 'string' ? data.diceStream : from.battleId;
  const campaign = CAMPAIGN_BATTLE.exec(to)?.[1];
  return { ...data, battleId: to, ...(typeof data.campaign === 'string' && campaign ? { campaign } : {}), diceStream, copiedFrom: from };
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
  /** Set when it is copied under another id (the target holds another battle under its own, or its campaign is renumbered): it is re-hashed. */
  copiedFrom?: CopiedFrom;
  /** Set when it is not copied at all (BattleCopied.refused). */
  refused?: string;
}

/** What the copy does with one campaign of the source, decided before anything is written. */
interface CampaignPlan {
  campaign: CampaignRow;
  events: StoredEvent[];
  /** Its id in the target. */
  id: string;
  skipped: boolean;
  /** Set when it is copied under another id: its log, renamed, is re-hashed, and so are its battles. */
  copiedFrom?: CampaignCopiedFrom;
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
 * Campaigns (issue 29) are decided first and copied after the battles. One whose id, or one of
 * whose battles' ids, the target gives to another is renumbered whole to the next free `c<n>`: its
 * battles `c<n>-b<k>`, each a renumbered battle naming its new campaign, then its own log, renamed
 * (copy-campaign.ts), each result naming the hash its battle's copy has at the event it was taken
 * at, and its CampaignCreated recording where it came from (CampaignCopiedFrom).
 *
 * Run again, a battle or a campaign already there (under its id, or as a renumbered copy) with the
 * same log is skipped; one there with another log stops the copy, naming it. Before anything is
 * written, a battle running in a channel where the target (or an earlier battle of this copy)
 * already runs one stops the copy: a channel has one running battle, and commands there would reach
 * only the newest. So does a campaign running where the target runs one.
 */
export async function copyStore(from: EventStore, to: EventStore, progress: (copied: number) => void = () => undefined): Promise<StoreCopied> {
  const plans = await plan(from, to);
  const done: BattleCopied[] = [];
  const pending = await from.undelivered();
  for (const p of plans.battles) {
    const { battle, events, id, copiedFrom } = p;
    if (p.skipped || p.refused !== undefined) {
      progress(events.length);
      done.push({ battle, id, events: events.length, skipped: p.skipped, ...(p.refused !== undefined ? { refused: p.refused } : {}) });
      continue;
    }
    const last = events.at(-1);
    const stream: Stream = { sourceId: battle.id, id, events, data: (e) => (e.version === 1 && copiedFrom ? renamedCreated(e, id, copiedFrom) : e.data), ended: battle.ended };
    await appendStream(from, to, `Battle ${battle.id}`, copiedFrom ? { ...stream, renaming: { from: battle.id, to: id, campaign: false } } : stream, pending, progress);
    const chain = await to.chain(id);
    const check = verifyChain(chain);
    if (!check.ok) throw new Error(`Battle ${id}: the copy's hash chain fails at event ${check.version}: ${english(check.reason)}.`);
    if (copiedFrom) {
      const source = sourceChain(chain.rows, copiedFrom);
      if (!source.ok) throw new Error(`Battle ${battle.id}, copied as ${id}: ${source.reason}.`);
    } else if (chain.rows.at(-1)?.hash !== last?.hash) throw new Error(`Battle ${battle.id}: the copy's last hash is not the source's.`);
    done.push({ battle, id, events: events.length, skipped: false });
  }
  // Campaigns after their battles: a renumbered one names the hashes its battles' copies have here.
  const campaigns: CampaignCopied[] = [];
  for (const p of plans.campaigns) {
    const { campaign, events, id, copiedFrom } = p;
    campaigns.push({ campaign, id, events: events.length, skipped: p.skipped });
    if (p.skipped) {
      progress(events.length);
      continue;
    }
    const renamed = copiedFrom ? await renamedCampaign(to, events, id, copiedFrom) : undefined;
    const stream: Stream = renamed
      ? { sourceId: campaign.id, id, events, data: (e) => renamed.get(e.version), renaming: { from: campaign.id, to: id, campaign: true } }
      : { sourceId: campaign.id, id, events, data: (e) => e.data };
    await appendStream(from, to, `Campaign ${campaign.id}`, stream, pending, progress);
    const chain = await to.chain(id);
    const check = verifyChain(chain);
    if (!check.ok) throw new Error(`Campaign ${id}: the copy's hash chain fails at event ${check.version}: ${english(check.reason)}.`);
    if (copiedFrom) {
      const source = sourceCampaignChain(chain.rows, copiedFrom);
      if (!source.ok) throw new Error(`Campaign ${campaign.id}, copied as ${id}: ${source.reason}.`);
    } else if (chain.rows.at(-1)?.hash !== events.at(-1)?.hash) throw new Error(`Campaign ${campaign.id}: the copy's last hash is not the source's.`);
  }
  return Object.assign(done, { campaigns });
}

/**
 * Each event's data as a renumbered campaign's copy logs it (renamedCampaignData), its CampaignCreated
 * recording where it came from; each result names the hash its battle's copy (written before)
 * has at the event it was taken at. All decided before any is written.
 */
async function renamedCampaign(to: EventStore, events: StoredEvent[], id: string, copiedFrom: CampaignCopiedFrom): Promise<Map<number, unknown>> {
  const source = copiedFrom.campaignId;
  const battles = new Map<string, StoredEvent[]>();
  for (const e of events) {
    const { battleId, through } = (e.data ?? {}) as { battleId?: unknown; through?: unknown };
    const copy = typeof battleId === 'string' && through ? campaignBattleId(battleId, source, id) : undefined;
    if (copy !== undefined && !battles.has(copy)) battles.set(copy, await to.load(copy));
  }
  const throughHash = (battleId: string, version: number): string => {
    const hash = battles.get(battleId)?.find((e) => e.version === version)?.hash;
    if (hash === undefined) throw new Error(`Campaign ${source}: it took a result of ${battleId} at its event ${version}, which the battle's copy here does not have. Nothing of the campaign was copied.`);
    return hash;
  };
  return new Map(
    events.map((e) => {
      const renamed = renamedCampaignData(e.data, source, id, throughHash);
      return [e.version, e.version === 1 ? { ...renamed, copiedFrom } : (renamed ?? e.data)];
    }),
  );
}

/** One stream of the source (`sourceId`, a battle's or a campaign's) as the target gets it under `id`. */
interface Stream {
  sourceId: string;
  id: string;
  events: StoredEvent[];
  /** Each event's data in the copy. */
  data: (e: StoredEvent) => unknown;
  /** Set when the copy has another id: its requests and posts name it. */
  renaming?: Renaming;
  /** A battle that ended in the source: it never claims its channel here. */
  ended?: boolean;
}

/**
 * Appends one stream of the source to the target: each request's events as they were first
 * written, with its dice seed and its posts not yet delivered. A battle that ended in the source
 * never claims its channel here (AppendMeta.unclaimed): one running there keeps it.
 */
async function appendStream(from: EventStore, to: EventStore, what: string, s: Stream, pending: OutboxRow[], progress: (copied: number) => void): Promise<void> {
  const { sourceId, id, renaming } = s;
  const seed = await from.seed(sourceId);
  if (seed) await to.saveSeed(id, seed);
  const outbox = pending.filter((r) => r.battleId === sourceId).map((r) => r.message);
  const groups = requests(s.events);
  const message = (m: Message) => (renaming ? renamedMessage(m, renaming) : m);
  for (const [i, group] of groups.entries()) {
    const first = group[0]!;
    const sourceRequest = first.requestId?.replace(/#\d+$/, '') ?? null;
    const replies = sourceRequest ? ((await from.findRequest(sourceRequest))?.replies ?? []) : [];
    const requestId = sourceRequest && renaming ? renamedRequest(sourceRequest, renaming) : sourceRequest;
    // Each event keeps its salt, so its seal, and every hash a copy under the same id has, are the source's.
    const batch: NewEvent[] = group.map((e) => ({ type: e.type, data: s.data(e), salt: e.salt }));
    const out = i === groups.length - 1 ? outbox : [];
    const r = await to.append(id, first.version - 1, batch, { actor: first.actor, at: first.at, requestId, ...(s.ended ? { unclaimed: true as const } : {}) }, out.map(message), replies.map(message));
    if (r.status !== 'appended') throw new Error(`${what}: request ${requestId} was already in the target; the copy stopped at event ${first.version}.`);
    progress(group.length);
  }
}

/** Decides, for every battle of the source, whether it is copied (under which id) or skipped; refuses what cannot be copied before anything is written. */
async function plan(from: EventStore, to: EventStore): Promise<{ battles: Plan[]; campaigns: CampaignPlan[] }> {
  const battles = await from.battles();
  // Campaigns are decided first (and copied last): a campaign's battles go where their campaign goes.
  const campaigns = await planCampaigns(from, to, battles);
  const campaignIds = new Map(campaigns.map((c) => [c.campaign.id, c.id]));
  const taken: { id: string }[] = await to.battles();
  const claimed = new Set<string>();
  let copies: Map<string, { id: string; from: CopiedFrom }> | undefined;
  const plans: Plan[] = [];
  for (const battle of battles) {
    const events = await from.load(battle.id);
    const first = events[0];
    const last = events.at(-1);
    if (!first || !last) throw new Error(`Battle ${battle.id} ("${battle.name}") has no events in the source; nothing was copied.`);
    const campaignId = CAMPAIGN_BATTLE.exec(battle.id)?.[1];
    const campaignTo = campaignId === undefined ? undefined : campaignIds.get(campaignId);
    if (campaignId !== undefined && campaignTo !== undefined && campaignTo !== campaignId) {
      plans.push(await withCampaign(to, battle, events, campaignBattleId(battle.id, campaignId, campaignTo)));
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
      // Its campaign keeps its id (planCampaigns found every battle's free, or the campaign already here): only a battle without one in the source gets here.
      if (campaignTo !== undefined) throw new Error(`Battle ${battle.id} ("${battle.name}"): the target holds another battle under that id, and its campaign ${campaignId} is already there; nothing was copied.`);
      plans.push({ battle, events, id: battle.id, skipped: false, refused: `its campaign ${campaignId} is not in the source, and the target holds another battle under that id` });
      continue;
    }
    // Another battle has this id here: this one is (or was, by an earlier run) copied under a new id.
    copies ??= await renumberedCopies(to, await to.battles());
    const copy = copies.get(first.hash);
    if (copy) {
      if (copy.from.events !== events.length || copy.from.lastHash !== last.hash) throw copiedBefore(battle, copy.id, copy.from, events.length);
      plans.push({ battle, events, id: copy.id, skipped: true });
      continue;
    }
    const id = nextBattleId(taken);
    taken.push({ id });
    claimed.add(id);
    plans.push({ battle, events, id, skipped: false, copiedFrom: copiedFromOf(battle, events) });
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

const copiedFromOf = (battle: BattleRow, events: StoredEvent[]): CopiedFrom => ({ battleId: battle.id, data: JSON.stringify(events[0]!.data), firstHash: events[0]!.hash, lastHash: events.at(-1)!.hash, events: events.length });

const copiedBefore = (battle: BattleRow, id: string, from: CopiedFrom, events: number) =>
  new Error(`Battle ${battle.id} ("${battle.name}") was copied here as ${id} when it had ${from.events} events; it has ${events} now, with another last hash. Nothing of it was copied again.`);

/**
 * A battle of a renumbered campaign, under its campaign's new id (`id`): copied there as a
 * renumbered battle, or skipped when an earlier run did (its copy's CopiedFrom names it).
 */
async function withCampaign(to: EventStore, battle: BattleRow, events: StoredEvent[], id: string): Promise<Plan> {
  const rows = (await to.chain(id)).rows;
  if (!rows.length) return { battle, events, id, skipped: false, copiedFrom: copiedFromOf(battle, events) };
  const from = (JSON.parse(String(rows[0]!.data)) as { copiedFrom?: CopiedFrom }).copiedFrom;
  if (from?.firstHash !== events[0]!.hash) throw new Error(`Battle ${battle.id} ("${battle.name}"): its campaign is copied here as ${CAMPAIGN_BATTLE.exec(id)?.[1]}, whose ${id} is another battle. Nothing was copied.`);
  if (from.events !== events.length || from.lastHash !== events.at(-1)!.hash) throw copiedBefore(battle, id, from, events.length);
  return { battle, events, id, skipped: true };
}

/**
 * Decides, for every campaign of the source, whether it is copied (under which id) or skipped
 * (already there with the same log, under its id or as a renumbered copy); refuses what cannot be
 * copied at all before anything is written, as plan does for battles. A campaign keeps its id when
 * the target has neither it nor any of its battles' ids under another log; otherwise it goes whole
 * to the next free `c<n>`, its battles with it (`battles`: the source's).
 */
async function planCampaigns(from: EventStore, to: EventStore, battles: readonly BattleRow[]): Promise<CampaignPlan[]> {
  // Every campaign id the target uses, by a campaign or by a campaign's battle, and those this copy gives out.
  const taken = new Set([...(await to.campaigns()).map((c) => c.id), ...(await to.battles()).flatMap((b) => CAMPAIGN_BATTLE.exec(b.id)?.[1] ?? [])]);
  let copies: Map<string, { id: string; from: CampaignCopiedFrom }> | undefined;
  const plans: CampaignPlan[] = [];
  for (const campaign of await from.campaigns()) {
    const events = await from.load(campaign.id);
    const first = events[0];
    const last = events.at(-1);
    if (!first || !last) throw new Error(`Campaign ${campaign.id} ("${campaign.name}") has no events in the source; nothing was copied.`);
    const there = (await to.chain(campaign.id)).rows;
    // The first event's hash names a campaign: it covers its name, channel, GM and the millisecond it was created.
    if (there.length && there[0]!.hash === first.hash) {
      if (!(there.length === events.length && there.at(-1)!.hash === last.hash)) {
        throw new Error(`Campaign ${campaign.id} ("${campaign.name}") is already in the target with another log (${there.length} events there, ${events.length} here); nothing of it was copied.`);
      }
      plans.push({ campaign, events, id: campaign.id, skipped: true });
      continue;
    }
    if (!there.length && (await battlesFree(from, to, battles.filter((b) => b.id.startsWith(`${campaign.id}-b`))))) {
      plans.push({ campaign, events, id: campaign.id, skipped: false });
      taken.add(campaign.id);
      continue;
    }
    copies ??= await renumberedCampaigns(to);
    const copy = copies.get(first.hash);
    if (copy) {
      if (copy.from.events !== events.length || copy.from.lastHash !== last.hash) {
        throw new Error(`Campaign ${campaign.id} ("${campaign.name}") was copied here as ${copy.id} when it had ${copy.from.events} events; it has ${events.length} now, with another last hash. Nothing of it was copied again.`);
      }
      plans.push({ campaign, events, id: copy.id, skipped: true });
      continue;
    }
    const id = nextStreamId([...taken].map((t) => ({ id: t })), 'c');
    taken.add(id);
    const changed = Object.fromEntries(events.flatMap((e) => (renamedCampaignData(e.data, campaign.id, id, () => '') ? [[String(e.version), JSON.stringify(e.data)]] : [])));
    plans.push({ campaign, events, id, skipped: false, copiedFrom: { campaignId: campaign.id, firstHash: first.hash, lastHash: last.hash, events: events.length, changed } });
  }
  const running = new Map<string, string>();
  for (const p of plans.filter((q) => !q.skipped && !q.campaign.ended)) {
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

/** Whether the target holds none of these battles under another log: each id free, or the battle already there (an earlier run's). */
async function battlesFree(from: EventStore, to: EventStore, battles: readonly BattleRow[]): Promise<boolean> {
  for (const b of battles) {
    const there = (await to.chain(b.id)).rows[0];
    if (there && there.hash !== (await from.load(b.id))[0]?.hash) return false;
  }
  return true;
}

/** The target's renumbered campaign copies by the first hash they had in their source (read once, only when a campaign meets an id in use). */
async function renumberedCampaigns(to: EventStore): Promise<Map<string, { id: string; from: CampaignCopiedFrom }>> {
  const found = new Map<string, { id: string; from: CampaignCopiedFrom }>();
  for (const { id } of await to.campaigns()) {
    const created = (await to.load(id, 0))[0]?.data as { copiedFrom?: CampaignCopiedFrom } | undefined;
    if (created?.copiedFrom?.firstHash) found.set(created.copiedFrom.firstHash, { id, from: created.copiedFrom });
  }
  return found;
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
