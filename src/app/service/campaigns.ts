import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Action } from '../../battle/actions.ts';
import type { LoggedEvent } from '../../battle/events.ts';
import type { BattleState } from '../../battle/state.ts';
import { proposeResult } from '../../campaign/aftermath.ts';
import { CAMPAIGN_UMPIRE, decideCampaign, figuresOf, type CampaignAction } from '../../campaign/decide.ts';
import type { LoggedCampaignEvent } from '../../campaign/events.ts';
import { foldCampaign } from '../../campaign/evolve.ts';
import { currentTurn, initialCampaign, isCampaignPlayer, officerOut, type CampaignBattle, type CampaignState } from '../../campaign/state.ts';
import type { Message } from '../../messages.ts';
import { say, type Text } from '../../i18n/text.ts';
import { RuleError } from '../../rules/errors.ts';
import { ConcurrencyError, type CampaignRow, type EventEntry, type EventStore } from '../../store/types.ts';
import { nextStreamId } from '../../store/copy.ts';
import { salted } from '../../store/salt.ts';
import { announceCampaign } from '../messages/campaign-announce.ts';
import { deadlineWork } from './deadline.ts';
import { KeyedQueue } from './queue.ts';

/** What the campaign asks of the battles: to create one from its armies, and to read one's end. */
export interface BattlePort {
  handle(battleId: string | null, action: Action, actor: string, requestId?: string): Promise<{ battleId: string; replies: Message[]; versions: number[] }>;
  state(battleId: string): Promise<BattleState>;
}

export interface CampaignResult {
  campaignId: string;
  replies: Message[];
  versions: number[];
  duplicate: boolean;
  /** The battle this request reserved (CampaignBattleStarted), to be created next. */
  started?: string;
}

const MAX_TRIES = 1000;

/** The pages' address when none is configured: `umpire serve`'s own port on this machine. */
export const DEFAULT_WEB_URL = 'http://localhost:8080';
const asCampaignLog = (entries: EventEntry[]): LoggedCampaignEvent[] => entries as unknown as LoggedCampaignEvent[];

/**
 * The campaigns' application service, as the Umpire is the battles': load -> decide -> append
 * (+outbox) -> reply, one request of a campaign at a time in a process, decided again on fresh state
 * when another process appended first. A campaign battle spans two streams: the campaign reserves
 * the battle (CampaignBattleStarted, which checks no unit is in another battle), then the battle is
 * created under a request id fixed by the reservation, so a retry or a restart creates it once.
 */
export class Campaigns {
  private readonly cache = new Map<string, CampaignState>();
  private readonly queue = new KeyedQueue();

  constructor(
    private readonly store: EventStore,
    private readonly battles: BattlePort,
    private readonly now: () => Date,
    private readonly logger?: Logger,
    /** The pages' address as players reach it, for the link /campaign share posts. */
    private readonly webUrl = DEFAULT_WEB_URL,
    /** Why a link shared now will not open (no pages served here), read at each share: Umpire.pagesNote. */
    private readonly pagesNote: () => Text | undefined = () => undefined,
    /** Each new event's salt, where fixed (UmpireOptions.newSalt). */
    private readonly newSalt?: () => string,
  ) {}

  async state(id: string): Promise<CampaignState> {
    const cached = this.cache.get(id) ?? initialCampaign(id);
    const newer = asCampaignLog(await this.store.loadEntries(id, cached.version));
    const s = newer.length ? foldCampaign(cached, newer) : cached;
    if (s.version >= (this.cache.get(id)?.version ?? 0)) this.cache.set(id, s);
    return s;
  }

  list(): Promise<CampaignRow[]> {
    return this.store.campaigns();
  }

  row(id: string): Promise<CampaignRow | undefined> {
    return this.store.campaign(id);
  }

  in(channel: string): Promise<CampaignRow | undefined> {
    return this.store.campaignIn(channel);
  }

  /** The channel's running campaign, else its latest ended one: an ended campaign is still read in its channel. */
  async latestIn(channel: string): Promise<CampaignRow | undefined> {
    return (await this.store.campaignIn(channel)) ?? (await this.store.campaigns()).filter((c) => c.channel === channel).at(-1);
  }

  /** The running campaigns a user plays in or runs. */
  async of(user: string): Promise<CampaignRow[]> {
    const out: CampaignRow[] = [];
    for (const c of await this.store.campaigns()) if (!c.ended && isCampaignPlayer(await this.state(c.id), user)) out.push(c);
    return out;
  }

  /** The campaign a user typing a /campaign option means: the channel's, else the one they play in or run. */
  async forCompletion(channel: string, user: string): Promise<CampaignState | undefined> {
    const row = (await this.store.campaignIn(channel)) ?? (await this.of(user)).at(0);
    return row ? this.state(row.id) : undefined;
  }

  async log(id: string): Promise<LoggedCampaignEvent[]> {
    return asCampaignLog(await this.store.loadEntries(id));
  }

  async handle(campaignId: string | null, action: CampaignAction, actor: string, requestId: string = randomUUID()): Promise<CampaignResult> {
    const result = await this.queue.run(campaignId ?? 'new campaign', () => this.handleNow(campaignId, action, actor, requestId));
    // The battle a reservation names is created once the campaign's queue is free again: a
    // creation refused is cancelled in the campaign, which takes its turn in that queue.
    return result.started ? this.createBattle(result, result.started, actor) : result;
  }

  private async handleNow(campaignId: string | null, action: CampaignAction, actor: string, requestId: string): Promise<CampaignResult> {
    const seen = await this.store.findRequest(requestId);
    if (seen) return { campaignId: campaignId ?? '', replies: seen.replies, versions: seen.versions, duplicate: true };
    for (let tries = 1; ; tries++) {
      try {
        return await this.attempt(campaignId, action, actor, requestId);
      } catch (err) {
        if (!(err instanceof ConcurrencyError) || tries >= MAX_TRIES) throw err;
        this.logger?.warn({ requestId, campaignId: err.battleId, tries }, 'campaign append conflict; deciding again on fresh state');
        this.cache.delete(err.battleId);
      }
    }
  }

  private async attempt(campaignId: string | null, action: CampaignAction, actor: string, requestId: string): Promise<CampaignResult> {
    let id = campaignId;
    if (action.type === 'CreateCampaign') {
      const running = await this.store.campaignIn(action.channel);
      if (running) throw new RuleError(say('service.campaigns.channelHasCampaign', { name: running.name, id: running.id }));
      id = nextStreamId(await this.store.campaigns(), 'c');
    }
    if (!id) throw new RuleError(say('service.campaigns.noCampaign'));
    if (action.type === 'StartCampaignBattle') {
      const running = await this.store.runningIn(action.channel);
      if (running) throw new RuleError(say('service.campaigns.channelHasBattle', { name: running.name, id: running.id }));
    }
    const before = action.type === 'CreateCampaign' ? initialCampaign(id) : await this.state(id);
    const at = this.now().toISOString();
    const events = decideCampaign(before, action, { actor, now: at });
    const logged: LoggedCampaignEvent[] = events.map((event, i) => ({ battleId: id, version: before.version + i + 1, event, actor, at, requestId }));
    const after = foldCampaign(before, logged);
    // The store's share key, secret as the seeds are, is read only to write out a new link's address.
    const note = this.pagesNote();
    const share = events.some((e) => e.type === 'CampaignShared') ? { base: this.webUrl, key: await this.store.shareKey(), ...(note ? { note } : {}) } : undefined;
    const { posts: said, reply } = announceCampaign(before, after, logged, (s, e) => foldCampaign(s, [e]), actor, share);
    // Posts and DMs are worded in the campaign's language where they are delivered (the reply in its reader's).
    const posts = after.language === 'en' ? said : said.map((p) => ({ ...p, locale: after.language }));
    const result = await this.store.append(id, before.version, salted(events, this.newSalt), { actor, at, requestId }, posts, [reply]);
    if (result.status === 'duplicate') return { campaignId: id, replies: result.result.replies, versions: result.result.versions, duplicate: true };
    this.cache.set(id, after);
    const started = events.find((e) => e.type === 'CampaignBattleStarted');
    return { campaignId: id, replies: [reply], versions: result.versions, duplicate: false, ...(started ? { started: started.data.battleId } : {}) };
  }

  /**
   * Creates the battle the campaign just reserved: its roster the armies' units in their current
   * state, its sides the campaign's with their players, its GMs the campaign's. A battle that cannot
   * be created (its channel took another battle meanwhile) is cancelled in the campaign, freeing its units.
   */
  private async createBattle(reserved: CampaignResult, battleId: string, actor: string): Promise<CampaignResult> {
    const c = await this.state(reserved.campaignId);
    const b = c.battles[battleId]!;
    try {
      const created = await this.battles.handle(b.id, battleAction(c, b), actor, `CampaignBattle:${b.id}`);
      return { ...reserved, replies: [...reserved.replies, ...created.replies] };
    } catch (err) {
      if (!(err instanceof RuleError)) throw err;
      await this.handle(c.id, { type: 'CancelCampaignBattle', battle: b.id, reason: err.text }, CAMPAIGN_UMPIRE, `CancelCampaignBattle:${b.id}`);
      throw new RuleError(say('service.campaigns.battleNotStarted', { reason: err.text }));
    }
  }

  /**
   * What the campaigns do by themselves when time passes, rebuilt from the logs (so a restart loses
   * nothing): reveal a turn whose deadline passed, remind late players, create a reserved battle a
   * crash left uncreated, and propose the result of a campaign battle that ended. Request ids are
   * fixed per turn and battle, so two processes never do one thing twice.
   */
  async tick(): Promise<number> {
    const now = this.now().toISOString();
    let done = 0;
    for (const row of (await this.store.campaigns()).filter((c) => !c.ended)) {
      const s = await this.state(row.id);
      const t = currentTurn(s);
      if (t && !t.revealed && !t.paused && t.deadline) {
        // A turn nobody is late for has no one to remind.
        const work = deadlineWork(t.openedAt, t.deadline, t.reminded || t.voters.every((v) => t.orders[v.armyId]), now);
        const type = work === 'close' ? 'CloseCampaignTurn' : work === 'remind' ? 'RemindOrders' : undefined;
        if (type) done += await this.quietly(s.id, { type }, `${type}:${s.id}:${t.number}:${t.deadline}`);
      }
      for (const b of Object.values(s.battles).filter((x) => x.stage === 'running')) done += await this.settle(s, b);
    }
    return done;
  }

  private async quietly(id: string, action: CampaignAction, requestId: string): Promise<number> {
    try {
      await this.handle(id, action, CAMPAIGN_UMPIRE, requestId);
      return 1;
    } catch (err) {
      if (!(err instanceof RuleError)) this.logger?.error({ err, campaignId: id, action: action.type }, 'scheduled campaign work failed');
      return 0;
    }
  }

  /** A running campaign battle: created if a crash left it reserved only; its result proposed once it ended. */
  private async settle(s: CampaignState, b: CampaignBattle): Promise<number> {
    const row = await this.store.battle(b.id);
    if (!row) {
      try {
        await this.battles.handle(b.id, battleAction(s, b), CAMPAIGN_UMPIRE, `CampaignBattle:${b.id}`);
        return 1;
      } catch (err) {
        if (!(err instanceof RuleError)) throw err;
        return this.quietly(s.id, { type: 'CancelCampaignBattle', battle: b.id, reason: err.text }, `CancelCampaignBattle:${b.id}`);
      }
    }
    if (!row.ended) return 0;
    return this.quietly(s.id, await this.proposal(s, b), `BattleResult:${b.id}`);
  }

  /** The result a campaign battle's log proposes, referencing its last event by hash. */
  async proposal(s: CampaignState, b: CampaignBattle): Promise<CampaignAction> {
    const battle = await this.battles.state(b.id);
    const last = (await this.store.load(b.id, battle.version - 1)).at(-1);
    if (!last || !battle.ended) throw new RuleError(say('service.campaigns.notEnded', { name: b.name, id: b.id, channel: `<#${b.channel}>` }));
    const log = (await this.store.loadEntries(b.id)) as LoggedEvent[];
    return { type: 'ProposeBattleResult', battle: b.id, through: { version: last.version, hash: last.hash }, ...proposeResult(s, b, battle, log) };
  }
}

/** The battle's creation from the campaign: its armies' units as an order of battle, sides and players as the campaign's. */
function battleAction(c: CampaignState, b: CampaignBattle): Action {
  const units = new Set(b.units);
  const sides = [...new Set(b.armies.map((a) => c.armies[a]!.sideId))].map((sideId) => ({
    name: c.sides[sideId]!.name,
    players: c.sides[sideId]!.players,
    commands: b.armies
      .map((a) => c.armies[a]!)
      .filter((a) => a.sideId === sideId)
      .flatMap((a) =>
        a.commands
          .map((cmd) => ({
            name: cmd.name,
            ...(cmd.officer && !officerOut(cmd) ? { officer: cmd.officer } : {}),
            ...(cmd.player ? { player: cmd.player } : {}),
            units: Object.values(c.units)
              .filter((u) => units.has(u.unitId) && u.armyId === a.id && u.command === cmd.name)
              .map((u) => ({ name: u.name, ...u.attrs, figures: figuresOf(u.attrs) })),
          }))
          .filter((cmd) => cmd.units.length),
      ),
  }));
  const house = (b.house ?? []).map((h) => ({ key: h.key, value: h.value, by: h.by }));
  // In the language it was started in, else the campaign's.
  const language = b.language ?? c.language;
  return { type: 'CreateBattle', name: b.name, system: b.system, channel: b.channel, language, ...(b.options ? { options: b.options } : {}), campaign: { id: c.id, gms: c.gms, sides, ...(house.length ? { house } : {}) } };
}
