import { randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { UMPIRE, type Action } from '../../battle/actions.ts';
import { openBallots } from '../../battle/ballots.ts';
import { deadlineWork } from './deadline.ts';
import { decide } from '../../battle/decide.ts';
import { loadDice } from '../../dice/notation.ts';
import { BattleWords, DiceStream, seedCommitment } from '../../dice/stream.ts';
import { say, type Text } from '../../i18n/text.ts';
import { RuleError } from '../../rules/errors.ts';
import type { LoggedEvent } from '../../battle/events.ts';
import { foldAll, replay } from '../../battle/replay.ts';
import { initialState, type BattleState } from '../../battle/state.ts';
import type { Message } from '../../messages.ts';
import { nextBattleId } from '../../store/copy.ts';
import { ChannelTakenError, ConcurrencyError, type BattleRow, type EventEntry, type EventStore } from '../../store/types.ts';
import { salted } from '../../store/salt.ts';
import { announce } from '../messages/announce.ts';
import { Campaigns, DEFAULT_WEB_URL } from './campaigns.ts';
import { KeyedQueue } from './queue.ts';

export interface UmpireOptions {
  now?: () => Date;
  /** The secret dice seed of a new battle (docs/architecture.md, Dice); fixed by `umpire table --seed`. */
  newSeed?: () => Buffer;
  /** Each new event's salt (src/store/hash.ts, sealOf); the store's own random one unless told: fixed by `umpire table --seed`, with the dice. */
  newSalt?: () => string;
  logger?: Logger;
  /** The battle pages' address as players reach it, for the links /battle share posts (issue 30). */
  webUrl?: string;
  /** Where the pages are served; `here` unless told (see Umpire.pages). */
  pages?: Pages;
}

/**
 * Where the pages the share links open are served (issue 39): `here`, by this process (its web
 * server, started beside it, says so once it listens); `elsewhere`, by another process at `webUrl`
 * (WEB_URL set: `umpire serve`, or the bot's manager); `none`, nowhere anyone said. The program's
 * entry (src/cli/program.ts) tells the app; an app built without a word (tests, an embedding
 * that serves them itself) is taken to serve them here.
 */
export type Pages = 'here' | 'elsewhere' | 'none';

/** How `handle` finds the state it decides on. */
export interface HandleOptions {
  /**
   * The state the caller built the action on, from this process's cache without asking the store
   * (invoke's warm path, issue 44): decided on as it is, with no read first. The append's expected
   * version is its check: a conflict, or a refusal when the battle moved since, throws StaleCache,
   * so the caller looks again from the channel (whose battle may have changed) rather than this
   * process deciding on another battle than the channel's.
   */
  basis?: BattleState;
}

/** The state a cached answer was built on is not the battle's any more: look again from the store. */
export class StaleCache extends Error {
  constructor(readonly battleId: string) {
    super(`battle ${battleId}: this process's cached state is behind the store`);
    this.name = 'StaleCache';
  }
}

export interface HandleResult {
  battleId: string;
  replies: Message[];
  versions: number[];
  /** The request id had been handled before: nothing new was appended. */
  duplicate: boolean;
}

/** Conflicts one request may meet before it gives up: each means another request went through first. */
const MAX_TRIES = 1000;
/** The words of a battle's dice drawn ahead of its cursor after it rolls, for its next roll (BattleWords.ahead). */
const WORDS_AHEAD = 8;

/** The command that serves the pages, as a note quotes it (code, never translated). */
const SERVE = '`npm run umpire -- serve`';

/** The store's entries as the battle's logged events: the store reads the events, not their types. */
export const asLogged = (entries: EventEntry[]): LoggedEvent[] => entries as LoggedEvent[];

/**
 * The application service: load -> authorize -> decide -> append (+outbox) -> reply.
 * Requests of one battle are taken one at a time in a process; another process (or shard) that
 * appended first makes the append fail on the expected version, and the request is decided again.
 */
export class Umpire {
  private readonly cache = new Map<string, BattleState>();
  /**
   * The battle running in each channel as this process last found it there (never "none"): with its
   * cached state, what a command in that channel is decided on without a read (issue 44). It is
   * right as long as that battle has not ended, and its ending moves its version, which the
   * command's append checks.
   */
  private readonly channels = new Map<string, BattleRow>();
  /** Each battle's dice seed once it has events: it never changes after (EventStore.saveSeed). */
  private readonly seeds = new Map<string, string>();
  /**
   * The id each battle's dice stream is derived from, where it is not the battle's own: a battle
   * renumbered by a copy between stores (store/copy.ts) rolls on under the id it was created with,
   * which its BattleCreated records as `diceStream`.
   */
  private readonly diceStreams = new Map<string, string>();
  /** Each battle's dice words under its seed and stream id, kept ahead of its cursor once it has rolled. */
  private readonly words = new Map<string, { seed: string; stream: string; words: BattleWords }>();
  /** Each battle's requests, one at a time in this process. */
  private readonly queue = new KeyedQueue();
  readonly now: () => Date;
  private readonly newSeed: () => Buffer;
  readonly newSalt: (() => string) | undefined;
  readonly logger: Logger | undefined;
  readonly webUrl: string;
  /** Where the pages are served: set to `here` by whoever starts the web server once it listens. */
  pages: Pages;
  /** The campaigns in the same store: streams above the battles, which create battles from their armies. */
  readonly campaigns: Campaigns;

  constructor(
    readonly store: EventStore,
    opts: UmpireOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
    this.newSeed = opts.newSeed ?? (() => randomBytes(32));
    this.newSalt = opts.newSalt;
    this.logger = opts.logger;
    this.webUrl = opts.webUrl ?? DEFAULT_WEB_URL;
    this.pages = opts.pages ?? 'here';
    this.campaigns = new Campaigns(store, this, this.now, this.logger, this.webUrl, () => this.pagesNote(), this.newSalt);
  }

  /** Why a link shared now will not open, told to whoever shares: undefined when the pages are served here. */
  pagesNote(): Text | undefined {
    if (this.pages === 'here') return undefined;
    if (this.pages === 'elsewhere') return say('service.umpire.pagesElsewhere', { url: this.webUrl, serve: SERVE, port: 'WEB_PORT' });
    return say('service.umpire.noPages', { serve: SERVE, port: 'WEB_PORT', url: 'WEB_URL' });
  }

  /** The battle's current state: the cached fold plus any newer events (a new undo means a full replay). */
  async state(battleId: string): Promise<BattleState> {
    const cached = this.cache.get(battleId) ?? initialState(battleId);
    const newer = asLogged(await this.store.loadEntries(battleId, cached.version));
    const created = newer[0]?.event.type === 'BattleCreated' ? (newer[0].event.data as { diceStream?: unknown }) : undefined;
    if (typeof created?.diceStream === 'string') this.diceStreams.set(battleId, created.diceStream);
    let s = cached;
    if (newer.some((e) => e.event.type === 'ActionUndone')) s = replay(battleId, asLogged(await this.store.loadEntries(battleId)));
    else if (newer.length) s = foldAll(s, newer);
    // Another request of this process may have cached a newer state meanwhile: keep the newest.
    if (s.version >= (this.cache.get(battleId)?.version ?? 0)) this.cache.set(battleId, s);
    return s;
  }

  /** The battle being played in a channel (the one holding its claim), if any, as the store has it now. */
  async battleIn(channel: string): Promise<BattleRow | undefined> {
    const row = await this.store.runningIn(channel);
    if (row) this.channels.set(channel, row);
    else this.channels.delete(channel);
    return row;
  }

  /**
   * The channel's battle and its state as this process last saw them, without asking the store: a
   * guess, which only an append's expected version (or moved()) confirms. Undefined when this process
   * has not seen a battle running there, or the one it saw has ended.
   */
  cached(channel: string): { row: BattleRow; state: BattleState } | undefined {
    const row = this.channels.get(channel);
    const state = row && this.cache.get(row.id);
    return row && state && !state.ended ? { row, state } : undefined;
  }

  /**
   * Whether the battle has events after `version` (folded into the cache, as state() does): one read,
   * the check a cached state passes before an answer read from it is given.
   */
  async moved(battleId: string, version: number): Promise<boolean> {
    return (await this.state(battleId)).version !== version;
  }

  battles(): Promise<BattleRow[]> {
    return this.store.battles();
  }

  /** One battle by id (a button or a delivery names it), if known. */
  battle(id: string): Promise<BattleRow | undefined> {
    return this.store.battle(id);
  }

  /**
   * Handles one action. A RuleError means nothing changed. A conflicting append (another process
   * appended first) is decided again on fresh state until it goes through: every conflict means
   * another request was recorded, so the tries end. So is a creation whose channel another process
   * claimed first: decided again, it meets that battle and is refused as any creation there is.
   * A request id seen before returns its first result.
   */
  handle(battleId: string | null, action: Action, actor: string, requestId: string = randomUUID(), opts: HandleOptions = {}): Promise<HandleResult> {
    // One request of a battle at a time in this process: the next waits rather than conflicting.
    return this.queue.run(battleId ?? 'new battle', () => this.handleNow(battleId, action, actor, requestId, opts.basis));
  }

  /**
   * The request id is checked by the append itself (a repeat trips its unique index and is answered
   * with the first result), not by a read before it; a refusal is checked against it after, so a
   * repeated request is answered "done before" even where deciding it again would be refused.
   */
  private async handleNow(battleId: string | null, action: Action, actor: string, requestId: string, basis: BattleState | undefined): Promise<HandleResult> {
    for (let tries = 1; ; tries++) {
      const given = tries === 1 ? basis : undefined;
      try {
        return await this.attempt(battleId, action, actor, requestId, given);
      } catch (err) {
        if (err instanceof RuleError) {
          if (given && (await this.moved(given.id, given.version))) throw new StaleCache(given.id);
          const seen = await this.store.findRequest(requestId);
          if (seen) return { battleId: battleId ?? '', replies: seen.replies, versions: seen.versions, duplicate: true };
          throw err;
        }
        if (!(err instanceof ConcurrencyError || err instanceof ChannelTakenError) || tries >= MAX_TRIES) throw err;
        this.logger?.warn({ requestId, battleId: err.battleId, tries }, 'append conflict; deciding again on fresh state');
        this.cache.delete(err.battleId);
        if (given) throw new StaleCache(given.id);
      }
    }
  }

  private async attempt(battleId: string | null, action: Action, actor: string, requestId: string, basis: BattleState | undefined): Promise<HandleResult> {
    let seedHex: string | undefined;
    let id = battleId;
    if (action.type === 'CreateBattle') {
      const running = await this.store.runningIn(action.channel);
      if (running) throw new RuleError(say('service.umpire.channelHasBattle', { name: running.name, id: running.id }));
      // A campaign names its battle's id (c1-b1) when it reserves it; any other battle takes the next free b<n>.
      if (battleId && (await this.store.version(battleId)) > 0) throw new RuleError(say('battle.decide.exists', { id: battleId }));
      id = battleId ?? nextBattleId(await this.store.battles());
      seedHex = this.newSeed().toString('hex');
    }
    if (!id) throw new RuleError(say('slash.who.noBattle'));
    // A new battle is decided on an empty stream: the append (expected version 0) is what claims its
    // id, so a process that lost the id to another meets a ConcurrencyError and tries the next one.
    const before = action.type === 'CreateBattle' ? initialState(id) : (basis ?? (await this.state(id)));
    const seedHash = seedHex ? seedCommitment(Buffer.from(seedHex, 'hex')) : undefined;
    const at = this.now().toISOString();
    const seed = this.seeds.get(id) ?? (await this.store.seed(id));
    if (seed && before.version > 0) this.seeds.set(id, seed);
    const words = seed ? this.wordsOf(id, seed) : undefined;
    const streamAt = words ? (cursor: number) => new DiceStream(words.from(cursor)) : undefined;
    const dice = streamAt?.(before.diceCursor);
    // A /roll waits for the dice library's load, begun by the table or the bot as it started (else now), rather than requiring it.
    if (action.type === 'RollDice') await loadDice();
    const publishes = action.type === 'EndBattle' || action.type === 'RevealSeed';
    const events = decide(before, action, { actor, seedHash, now: at, ...(dice && streamAt ? { dice, diceFrom: streamAt } : {}), ...(publishes && seed ? { seed } : {}) });
    // Fold the new events to render them with the names they introduce, before anything is written.
    const logged: LoggedEvent[] = events.map((event, i) => ({ battleId: id, version: before.version + i + 1, event, actor, at, requestId }));
    const after = foldAll(before, logged);
    // The store's share key, secret as the seeds are, is read only to write out a new link's address.
    // A new link's address, or a bookmark's on the public page, is written out with the store's key.
    const addresses = events.some((e) => e.type === 'ShareLinkCreated' || (e.type === 'BookmarkAdded' && Object.values(before.links).some((l) => l.view === 'public' && !l.revoked)));
    const note = this.pagesNote();
    const share = addresses ? { base: this.webUrl, key: await this.store.shareKey(), ...(note ? { note } : {}) } : undefined;
    const { posts: said, reply } = announce(before, after, logged, actor, share);
    // Posts and DMs are worded in the battle's language where they are delivered (the reply in its reader's).
    const posts = after.language === 'en' ? said : said.map((p) => ({ ...p, locale: after.language }));
    const result = await this.store.append(id, before.version, salted(events, this.newSalt), { actor, at, requestId, ...(seedHex ? { seed: seedHex } : {}) }, posts, [reply]);
    if (result.status === 'duplicate') return { battleId: id, replies: result.result.replies, versions: result.result.versions, duplicate: true };
    // The folded state is the new state, unless an undo voided earlier events: then replay.
    if (events.some((e) => e.type === 'ActionUndone')) this.cache.delete(id);
    else this.cache.set(id, after);
    // A battle that rolled may roll again: its next words are drawn after this reply, between commands.
    if (words && after.diceCursor !== before.diceCursor) setImmediate(() => words.ahead(after.diceCursor, WORDS_AHEAD)).unref();
    return { battleId: id, replies: [reply], versions: result.versions, duplicate: false };
  }

  /** The battle's dice words, kept while its seed and stream id stay what they were. */
  private wordsOf(id: string, seed: string): BattleWords {
    const stream = this.diceStreams.get(id) ?? id;
    const held = this.words.get(id);
    if (held?.seed === seed && held.stream === stream) return held.words;
    const words = new BattleWords(Buffer.from(seed, 'hex'), stream);
    this.words.set(id, { seed, stream, words });
    return words;
  }

  /**
   * What the umpire does by itself when time passes: closes ballots whose deadline passed and
   * reminds late voters. Everything is rebuilt from the log, so a deadline that passed while the
   * process was down is handled at the first tick. Request ids are fixed per ballot, so two
   * processes (or a restart mid-way) never close or remind twice.
   */
  async tick(): Promise<number> {
    const now = this.now().toISOString();
    let done = 0;
    for (const row of (await this.store.battles()).filter((b) => !b.ended)) {
      for (const b of openBallots(await this.state(row.id))) {
        if (!b.deadline) continue;
        const work = deadlineWork(b.openedAt, b.deadline, b.reminded, now);
        const due: Action | undefined = work === 'close' ? { type: 'CloseBallot', ballot: b.id } : work === 'remind' ? { type: 'RemindBallot', ballot: b.id } : undefined;
        if (!due) continue;
        try {
          await this.handle(row.id, due, UMPIRE, `${due.type}:${row.id}:${b.id}`);
          done++;
        } catch (err) {
          this.logger?.error({ err, battleId: row.id, ballotId: b.id }, 'scheduled ballot work failed');
        }
      }
    }
    return done + (await this.campaigns.tick());
  }

  /** The logged events of a battle, oldest first. */
  async log(battleId: string): Promise<LoggedEvent[]> {
    return asLogged(await this.store.loadEntries(battleId));
  }
}
