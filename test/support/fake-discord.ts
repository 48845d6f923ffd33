import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { PATIENCE_MS } from './patience.ts';

/**
 * A fake Discord on 127.0.0.1 for tests: the REST routes the bot uses and a WebSocket gateway
 * (Hello, Identify -> Ready, Heartbeat -> ACK) that can dispatch INTERACTION_CREATE for slash
 * commands, autocomplete, button presses and modal submits. It keeps each channel's pins (at most 50,
 * as Discord). The real discord.js Client runs against it with
 * `rest: { api: fake.api }`; the gateway URL comes from GET /gateway/bot as with Discord. It records
 * every request and can be told to fail (500, 429 with retry_after, a dropped connection, 50007).
 * Test code only.
 */

export interface FakeUser {
  id: string;
  username: string;
  global_name: string;
  discriminator: string;
  avatar: null;
  bot?: boolean;
}

export interface FakeMessage {
  id: string;
  channel_id: string;
  type: number;
  content: string;
  embeds: { title?: string; description?: string; color?: number; fields?: { name: string; value: string }[]; footer?: { text: string } }[];
  components: { type: number; components: { type: number; custom_id: string; label: string }[] }[];
  flags: number;
  nonce?: string;
  author: FakeUser;
  timestamp: string;
  edited_timestamp: string | null;
  /** Files uploaded with the message (multipart/form-data, as discord.js sends them), with their bytes. */
  attachments: FakeAttachment[];
  mentions: [];
  mention_roles: [];
  mention_everyone: boolean;
  pinned: boolean;
  tts: boolean;
  application_id?: string;
  webhook_id?: string;
  /** How many times it was edited (PATCH). */
  edits: number;
}

export interface FakeAttachment {
  id: string;
  filename: string;
  description?: string;
  content_type: string;
  size: number;
  url: string;
  proxy_url: string;
  /** The bytes uploaded (not enumerable: left out of the JSON answers). */
  data: Buffer;
}

export interface RecordedRequest {
  method: string;
  /** After `/api/v10`, without the query. */
  path: string;
  query: Record<string, string>;
  body: unknown;
  status: number;
  at: number;
}

export type Fault =
  | { status: 500; afterCommit?: boolean }
  | { status: 429; retryAfter: number }
  | { status: 403 | 404 | 400; code: number; message?: string }
  | { network: true };

interface PendingFault {
  method: string;
  path: RegExp;
  faults: Fault[];
}

export interface FakeInteraction {
  id: string;
  token: string;
  user: FakeUser;
  channelId: string;
  /** The interaction callback (type 4 reply, 5 deferred, 8 autocomplete result, 9 modal...). */
  callback?: { type: number; data?: Record<string, unknown> };
  /** The first answer: the reply, or the deferred reply once filled in. */
  original?: FakeMessage;
  followUps: FakeMessage[];
}

type Json = Record<string, unknown>;
/** Where a multipart request's files ride on its parsed body, for create() to keep. */
const UPLOADED = '__uploaded';

const OPTION = { Subcommand: 1, SubcommandGroup: 2, String: 3, Integer: 4, Boolean: 5, User: 6, Attachment: 11 } as const;
const EPHEMERAL = 64;
/** Discord's limit on a channel's pinned messages. */
const MAX_PINS = 50;

/** A text input a modal showed, and its value as submitted. */
type ModalField = { type: number; custom_id: string; value?: string };
/** A modal's top-level component: an action row of inputs (the older form) or a label around one input. */
type ModalComponent = { type: number; components?: ModalField[]; component?: ModalField };

/** A gateway connection: the shard it identified as ([id, count]; [0, 1] unsharded). */
interface Socket {
  ws: WebSocket;
  seq: number;
  ready: boolean;
  shard: [number, number];
}

/** The shard Discord sends a guild's events to: (guild_id >> 22) % shard count; DMs go to shard 0. */
export const shardOf = (guildId: string | undefined, count: number): number => (guildId ? Number((BigInt(guildId) >> 22n) % BigInt(count)) : 0);

export class FakeDiscord {
  readonly token: string;
  readonly appId = '1100000000000000001';
  readonly guildId = '1100000000000000002';
  readonly channelId = '1100000000000000003';
  readonly bot: FakeUser;
  readonly requests: RecordedRequest[] = [];
  /** Gateway payloads the bot sent (op and data). */
  readonly gatewayReceived: { op: number; d: unknown }[] = [];
  /** Registered application commands, as the last PUT (or `useCommands`) gave them. */
  commands: Json[] = [];
  readonly interactions = new Map<string, FakeInteraction>();
  private readonly payloads = new Map<string, unknown>();

  private readonly server = createServer((req, res) => void this.onRequest(req, res));
  private readonly wss = new WebSocketServer({ server: this.server, path: '/gateway' });
  private readonly sockets = new Set<Socket>();
  private readonly messages: FakeMessage[] = [];
  /** Pinned message ids per channel, in the order they were pinned. */
  private readonly pins = new Map<string, string[]>();
  private readonly dmChannels = new Map<string, string>();
  private readonly closedDms = new Set<string>();
  private readonly users = new Map<string, FakeUser>();
  private readonly files = new Map<string, { name: string; body: Buffer }>();
  private readonly faults: PendingFault[] = [];
  /** Emits 'change' whenever the fake answered a request or heard from the gateway: what `until` waits on. */
  private readonly changes = new EventEmitter().setMaxListeners(0);
  private nextId = 1300000000000000000n;
  private port = 0;

  constructor(
    token = 'fake-bot-token.'.padEnd(72, 'x'),
    /** Discord's own interval: a shorter one has discord.js, on a loaded machine, take a late ACK for a dead connection and reconnect. */
    private readonly heartbeatMs = 41_250,
    /** The shard count GET /gateway/bot recommends. */
    readonly shards = 1,
  ) {
    this.token = token;
    this.bot = { id: '1100000000000000009', username: 'Umpire', global_name: 'Umpire', discriminator: '0', avatar: null, bot: true };
    this.users.set(this.bot.id, this.bot);
    this.wss.on('connection', (ws) => this.onSocket(ws));
  }

  static async start(token?: string, opts: { shards?: number } = {}): Promise<FakeDiscord> {
    const fake = new FakeDiscord(token, undefined, opts.shards ?? 1);
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.port = (fake.server.address() as AddressInfo).port;
    return fake;
  }

  get api(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.port}/gateway`;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // --- test controls -------------------------------------------------------------------------

  snowflake(): string {
    return String(this.nextId++);
  }

  /** A user with a stable snowflake, made on first use. */
  user(name: string): FakeUser {
    const found = [...this.users.values()].find((u) => u.username === name);
    if (found) return found;
    const u: FakeUser = { id: this.snowflake(), username: name, global_name: name, discriminator: '0', avatar: null };
    this.users.set(u.id, u);
    return u;
  }

  /** Registers commands as a PUT would (each gets an id). */
  useCommands(commands: object[]): void {
    this.commands = commands.map((c) => ({ ...(c as Json), id: this.snowflake(), application_id: this.appId }));
  }

  /** The next requests matching `method` and `path` get these faults, one each, in order. */
  fail(method: string, path: RegExp, ...faults: Fault[]): void {
    this.faults.push({ method, path, faults: [...faults] });
  }

  /** The user refuses DMs: posting in their DM channel answers 403 with code 50007. */
  closeDms(user: FakeUser): void {
    this.closedDms.add(user.id);
  }

  /** Serves a file as a Discord attachment would be; its URL is on this fake. */
  file(name: string, text: string): { id: string; filename: string; size: number; url: string; proxy_url: string; content_type: string } {
    const id = this.snowflake();
    const body = Buffer.from(text, 'utf8');
    this.files.set(id, { name, body });
    const url = `http://127.0.0.1:${this.port}/attachments/${id}/${encodeURIComponent(name)}`;
    return { id, filename: name, size: body.length, url, proxy_url: url, content_type: 'text/plain; charset=utf-8' };
  }

  /** Messages in a channel, oldest first, as last edited. */
  channelMessages(channel = this.channelId): FakeMessage[] {
    return this.messages.filter((m) => m.channel_id === channel);
  }

  /** The ids of a channel's pinned messages, in the order they were pinned. */
  pinned(channel = this.channelId): string[] {
    return [...(this.pins.get(channel) ?? [])];
  }

  /** A message the bot posted by other means than the code under test (a prompt a test needs to press), from a rendered body; to a user, in their DM. */
  postAsBot(to: string | FakeUser, body: object): FakeMessage {
    return this.create(typeof to === 'string' ? to : this.dmChannel(to), body as Json, this.bot);
  }

  /** Someone deletes a message (and with it its pin): a PATCH of it answers 404 Unknown Message. */
  deleteMessage(m: FakeMessage): void {
    const k = this.messages.indexOf(m);
    if (k >= 0) this.messages.splice(k, 1);
    const pins = this.pins.get(m.channel_id);
    if (pins) this.pins.set(m.channel_id, pins.filter((id) => id !== m.id));
  }

  dmChannelOf(user: FakeUser): string | undefined {
    return this.dmChannels.get(user.id);
  }

  dmsTo(user: FakeUser): FakeMessage[] {
    const ch = this.dmChannels.get(user.id);
    return ch ? this.channelMessages(ch) : [];
  }

  /**
   * Resolves once `check` holds. It is tried again each time the fake answers a request or hears from
   * the gateway (the events a bot's work shows as), and at least every 20 ms for what the fake cannot
   * see (a store, a proxy, a child process); no wall-clock guess at how long that takes, only
   * `ms` (PATIENCE_MS unless told) after which it fails the test with `what`.
   */
  async until<T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, ms = PATIENCE_MS): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await check();
      if (v) return v;
      if (Date.now() > end) throw new Error(`fake Discord: gave up after ${ms} ms waiting for ${what}`);
      await this.nextChange(20);
    }
  }

  /** Resolves at the fake's next change, or after `ms` at the latest. */
  private nextChange(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.changes.off('change', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.changes.once('change', done);
    });
  }

  /** The shards identified and ready, by id. */
  readyShards(): number[] {
    return [...this.sockets].filter((s) => s.ready).map((s) => s.shard[0]).sort();
  }

  /** Resolves once the bot connected, identified and was sent Ready. */
  connected(): Promise<true> {
    return this.until(() => [...this.sockets].some((s) => s.ready) || undefined, 'the bot to identify');
  }

  // --- interactions --------------------------------------------------------------------------

  /** A user runs a slash command in the guild channel (or in their DM with the bot). */
  async slash(o: { user: FakeUser; command: string; sub?: string; options?: Record<string, unknown>; files?: Record<string, { name: string; text: string }>; dm?: boolean; channel?: string; guild?: string; permissions?: string }): Promise<FakeInteraction> {
    const resolved: { attachments?: Record<string, unknown>; users?: Record<string, FakeUser> } = {};
    const options = this.commandOptions(o.command, o.sub ?? '', o.options ?? {}, o.files ?? {}, resolved);
    const data = { id: this.commandId(o.command), name: o.command, type: 1, options, ...(Object.keys(resolved).length ? { resolved } : {}), ...(o.dm ? {} : { guild_id: o.guild ?? this.guildId }) };
    const i = await this.dispatchInteraction(2, o.user, data, o);
    return this.until(() => this.answered(i), `an answer to /${o.command} ${o.sub ?? ''}`);
  }

  /** A user types in an autocompleted option; resolves to the choices the bot offered. */
  async autocomplete(o: { user: FakeUser; command: string; sub?: string; options?: Record<string, unknown>; focused: string; typed: string; dm?: boolean }): Promise<{ name: string; value: unknown }[]> {
    const all = { ...(o.options ?? {}), [o.focused]: o.typed };
    const options = this.commandOptions(o.command, o.sub ?? '', all, {}, {}, o.focused);
    const i = await this.dispatchInteraction(4, o.user, { id: this.commandId(o.command), name: o.command, type: 1, options }, o);
    const done = await this.until(() => (i.callback?.type === 8 ? i : undefined), `autocomplete of ${o.focused}`);
    return (done.callback!.data as { choices: { name: string; value: unknown }[] }).choices;
  }

  /**
   * The gateway delivers an interaction again, as it does when a session resumes (same id, same
   * token): whoever answered it first keeps the answer. Resolves once every bot it went to has
   * tried to answer it again (each such try is refused: already acknowledged), that is, once each
   * has run it through the umpire; with `everyShard`, to every connected shard.
   */
  async redeliver(i: FakeInteraction, everyShard = false): Promise<void> {
    const payload = this.payloads.get(i.id);
    if (!payload) throw new Error(`fake Discord: no interaction ${i.id} to deliver again`);
    const callback = `/interactions/${i.id}/${i.token}/callback`;
    const tries = () => this.requests.filter((r) => r.method === 'POST' && r.path === callback).length;
    const before = tries();
    const sent = await this.dispatch('INTERACTION_CREATE', payload, everyShard);
    await this.until(() => tries() >= before + sent, `${sent} more answer(s) to the interaction ${i.id} delivered again`);
  }

  /** A user presses a button of a message they can see. */
  async press(o: { user: FakeUser; message: FakeMessage; label: string }): Promise<FakeInteraction> {
    const button = o.message.components.flatMap((r) => r.components).find((b) => b.label === o.label);
    if (!button) throw new Error(`fake Discord: no button "${o.label}" on message ${o.message.id}`);
    const dm = [...this.dmChannels.values()].includes(o.message.channel_id);
    const i = await this.dispatchInteraction(3, o.user, { custom_id: button.custom_id, component_type: 2 }, { dm, channel: o.message.channel_id, message: o.message });
    return this.until(() => this.answered(i), `an answer to the press of ${o.label}`);
  }

  /** The modal an interaction was answered with (callback type 9), if it was. */
  modalOf(i: FakeInteraction): { custom_id: string; title: string; components: ModalComponent[] } | undefined {
    return i.callback?.type === 9 ? (i.callback.data as { custom_id: string; title: string; components: ModalComponent[] }) : undefined;
  }

  /**
   * A user fills in and submits the modal that `from` (a button press) was answered with: a
   * MODAL_SUBMIT (type 5) from the same place, its components shaped as the modal's (a label's
   * `component`, an action row's `components`) with each text input's `value`. With `customId` and
   * no `from`, a submit in the guild channel of a modal of that custom id (one the bot never showed).
   */
  async submitModal(o: { user: FakeUser; values: Record<string, string> } & ({ from: FakeInteraction; customId?: undefined } | { from?: undefined; customId: string })): Promise<FakeInteraction> {
    const modal = o.from ? this.modalOf(o.from) : undefined;
    if (o.from && !modal) throw new Error(`fake Discord: interaction ${o.from.id} was not answered with a modal`);
    const input = (f: ModalField): ModalField => ({ type: f.type, custom_id: f.custom_id, value: o.values[f.custom_id] ?? '' });
    const shown: ModalComponent[] = modal?.components ?? Object.keys(o.values).map((k) => ({ type: 1, components: [{ type: 4, custom_id: k }] }));
    const components = shown.map((c) => (c.component ? { type: c.type, component: input(c.component) } : { type: c.type, components: (c.components ?? []).map(input) }));
    const before = o.from ? (this.payloads.get(o.from.id) as { guild_id?: string; message?: FakeMessage }) : { guild_id: this.guildId };
    const where = { dm: !before.guild_id, channel: o.from?.channelId ?? this.channelId, ...(before.guild_id ? { guild: before.guild_id } : {}), ...(before.message ? { message: before.message } : {}) };
    const i = await this.dispatchInteraction(5, o.user, { custom_id: o.customId ?? modal!.custom_id, components }, where);
    return this.until(() => this.answered(i), `an answer to the modal ${o.customId ?? modal!.custom_id}`);
  }

  private answered(i: FakeInteraction): FakeInteraction | undefined {
    if (!i.callback) return undefined;
    if (i.callback.type === 5) return i.original ? i : undefined;
    return i;
  }

  private commandId(name: string): string {
    return String((this.commands.find((c) => c.name === name) as { id?: string } | undefined)?.id ?? '1200000000000000000');
  }

  /** Builds the nested options Discord would send, typed by the registered command JSON. */
  private commandOptions(
    command: string,
    sub: string,
    values: Record<string, unknown>,
    files: Record<string, { name: string; text: string }>,
    resolved: { attachments?: Record<string, unknown>; users?: Record<string, FakeUser> },
    focused?: string,
  ): Json[] {
    const def = this.commands.find((c) => c.name === command) as { options?: Json[] } | undefined;
    if (!def) throw new Error(`fake Discord: /${command} is not registered`);
    const path = sub ? sub.split(' ') : [];
    let level = def.options ?? [];
    const wrap: ((inner: Json[]) => Json[])[] = [];
    for (const name of path) {
      const o = level.find((x) => x.name === name) as { type: number; options?: Json[] } | undefined;
      if (!o) throw new Error(`fake Discord: /${command} has no subcommand ${sub}`);
      wrap.push((inner) => [{ type: o.type, name, options: inner }]);
      level = o.options ?? [];
    }
    const leaf: Json[] = [];
    for (const [name, v] of Object.entries({ ...values, ...Object.fromEntries(Object.keys(files).map((k) => [k, null])) })) {
      const o = level.find((x) => x.name === name) as { type: number } | undefined;
      if (!o) throw new Error(`fake Discord: /${command} ${sub} has no option ${name}`);
      let value = v;
      if (o.type === OPTION.Attachment) {
        const f = this.file(files[name]!.name, files[name]!.text);
        resolved.attachments = { ...resolved.attachments, [f.id]: { ...f, ephemeral: true } };
        value = f.id;
      } else if (o.type === OPTION.User) {
        const u = this.users.get(String(v)) ?? this.user(String(v));
        resolved.users = { ...resolved.users, [u.id]: u };
        value = u.id;
      }
      leaf.push({ type: o.type, name, value, ...(name === focused ? { focused: true } : {}) });
    }
    return wrap.reduceRight((inner, w) => w(inner), leaf);
  }

  private dmChannel(user: FakeUser): string {
    let id = this.dmChannels.get(user.id);
    if (!id) {
      id = this.snowflake();
      this.dmChannels.set(user.id, id);
    }
    return id;
  }

  private async dispatchInteraction(type: number, user: FakeUser, data: Json, o: { dm?: boolean; channel?: string; guild?: string; permissions?: string; message?: FakeMessage }): Promise<FakeInteraction> {
    const guildId = o.guild ?? this.guildId;
    const id = this.snowflake();
    const token = `itoken-${id}-${Math.random().toString(36).slice(2)}`;
    const channelId = o.dm ? (o.channel ?? this.dmChannel(user)) : (o.channel ?? this.channelId);
    const where = o.dm
      ? { user, channel: { id: channelId, type: 1, recipients: [user] }, context: 1 }
      : {
          guild_id: guildId,
          channel: { id: channelId, type: 0, guild_id: guildId, name: 'battle', position: 0, permission_overwrites: [] },
          member: { user, roles: [], permissions: o.permissions ?? '2248473465835073', joined_at: '2026-01-01T00:00:00.000Z', deaf: false, mute: false, flags: 0 },
          guild_locale: 'en-US',
          context: 0,
        };
    const payload = {
      id,
      application_id: this.appId,
      type,
      data,
      ...where,
      channel_id: channelId,
      token,
      version: 1,
      app_permissions: '2248473465835073',
      locale: 'en-US',
      entitlements: [],
      authorizing_integration_owners: { '0': guildId },
      ...(o.message ? { message: o.message } : {}),
    };
    const i: FakeInteraction = { id, token, user, channelId, followUps: [] };
    this.interactions.set(id, i);
    this.payloads.set(id, payload);
    await this.dispatch('INTERACTION_CREATE', payload);
    return i;
  }

  // --- gateway -------------------------------------------------------------------------------

  /**
   * To every ready connection of the shard that owns the payload's guild (all of them with
   * `everyShard`), once there is one (a bot reconnecting is waited for); how many it went to.
   */
  private async dispatch(t: string, d: unknown, everyShard = false): Promise<number> {
    const guild = (d as { guild_id?: string }).guild_id;
    const readyOnes = () => [...this.sockets].filter((s) => s.ready && (everyShard || s.shard[0] === shardOf(guild, s.shard[1])));
    const ready = await this.until(() => readyOnes().length > 0 && readyOnes(), `a bot connected to the gateway${guild ? ` for guild ${guild}` : ''}`);
    for (const s of ready) s.ws.send(JSON.stringify({ op: 0, t, s: ++s.seq, d }));
    return ready.length;
  }

  private onSocket(ws: WebSocket): void {
    const conn: Socket = { ws, seq: 0, ready: false, shard: [0, 1] };
    this.sockets.add(conn);
    ws.on('close', () => {
      this.sockets.delete(conn);
      this.changes.emit('change');
    });
    ws.on('message', (raw) => {
      const p = JSON.parse(String(raw)) as { op: number; d: Json | null };
      this.gatewayReceived.push({ op: p.op, d: p.op === 2 ? { ...p.d, token: '[token]' } : p.d });
      switch (p.op) {
        case 1: // Heartbeat
          ws.send(JSON.stringify({ op: 11 }));
          break;
        case 2: // Identify
          if (p.d?.token !== this.token) {
            ws.close(4004, 'Authentication failed');
            return;
          }
          conn.ready = true;
          if (Array.isArray(p.d.shard)) conn.shard = [Number(p.d.shard[0]), Number(p.d.shard[1])];
          ws.send(
            JSON.stringify({
              op: 0,
              t: 'READY',
              s: ++conn.seq,
              d: { v: 10, user: this.bot, guilds: [], session_id: `session-${this.snowflake()}`, resume_gateway_url: this.gatewayUrl, shard: conn.shard, application: { id: this.appId, flags: 0 } },
            }),
          );
          break;
        case 6: // Resume: not supported, start afresh
          ws.send(JSON.stringify({ op: 9, d: false }));
          break;
      }
      this.changes.emit('change');
    });
    ws.send(JSON.stringify({ op: 10, d: { heartbeat_interval: this.heartbeatMs } }));
  }

  // --- REST ----------------------------------------------------------------------------------

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const text = raw.toString('utf8');
    const type = req.headers['content-type'] ?? '';
    let body: unknown = undefined;
    if (type.startsWith('multipart/form-data')) {
      // A message with files: its JSON in payload_json, each file in files[n] (Discord's "Uploading Files").
      const form = await new Request('http://fake', { method: 'POST', headers: { 'content-type': type }, body: raw }).formData();
      const payload = JSON.parse(String(form.get('payload_json') ?? '{}')) as Json & { data?: Json; attachments?: { id: number | string; filename?: string; description?: string }[] };
      const target = payload.data ?? payload;
      const meta = (target.attachments as { id: number | string; filename?: string; description?: string }[] | undefined) ?? [];
      const files: FakeAttachment[] = [];
      for (const [key, value] of form.entries()) {
        const n = /^files\[(\d+)\]$/.exec(key)?.[1];
        if (n === undefined || typeof value === 'string') continue;
        const m = meta.find((a) => String(a.id) === n);
        const data = Buffer.from(await value.arrayBuffer());
        const id = this.snowflake();
        const filename = m?.filename ?? value.name;
        const url = `http://127.0.0.1:${this.port}/attachments/${id}/${encodeURIComponent(filename)}`;
        const a = { id, filename, ...(m?.description ? { description: m.description } : {}), content_type: value.type, size: data.length, url, proxy_url: url } as FakeAttachment;
        // The bytes stay out of the JSON the fake answers with.
        Object.defineProperty(a, 'data', { value: data, enumerable: false });
        files.push(a);
      }
      target[UPLOADED] = files;
      body = payload;
    } else if (text) body = type.includes('json') ? JSON.parse(text) : text;
    const method = req.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v\d+/, '');
    const rec: RecordedRequest = { method, path, query: Object.fromEntries(url.searchParams), body, status: 0, at: Date.now() };
    this.requests.push(rec);
    const send = (status: number, json?: unknown, headers: Record<string, string> = {}) => {
      rec.status = status;
      res.writeHead(status, { ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...headers });
      res.end(json === undefined ? undefined : JSON.stringify(json));
      this.changes.emit('change');
    };

    if (method === 'GET' && path.startsWith('/attachments/')) {
      const f = this.files.get(path.split('/')[2] ?? '');
      if (!f) return send(404, { message: 'Not Found', code: 0 });
      rec.status = 200;
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(f.body.length) });
      res.end(f.body);
      this.changes.emit('change');
      return;
    }

    const tokenless = path.startsWith('/interactions/') || path.startsWith('/webhooks/');
    if (!tokenless && req.headers.authorization !== `Bot ${this.token}`) return send(401, { message: '401: Unauthorized', code: 0 });

    const fault = this.takeFault(method, path);
    if (fault && 'network' in fault) {
      rec.status = -1;
      req.socket.destroy();
      this.changes.emit('change');
      return;
    }
    if (fault?.status === 429) return send(429, { message: 'You are being rate limited.', retry_after: fault.retryAfter, global: false }, { 'retry-after': String(fault.retryAfter), 'x-ratelimit-scope': 'user' });
    if (fault && fault.status !== 500) return send(fault.status, { message: fault.message ?? 'Refused', code: fault.code });
    if (fault && !fault.afterCommit) return send(500, { message: '500: Internal Server Error', code: 0 });

    const result = this.route(method, path, url.searchParams, body as Json);
    if (fault?.status === 500) return send(500, { message: '500: Internal Server Error', code: 0 }); // done, but the answer is lost
    send(result.status, result.json);
  }

  private takeFault(method: string, path: string): Fault | undefined {
    const f = this.faults.find((x) => x.method === method && x.path.test(path) && x.faults.length);
    return f?.faults.shift();
  }

  private route(method: string, path: string, query: URLSearchParams, body: Json): { status: number; json?: unknown } {
    const p = path.split('/').filter(Boolean).map(decodeURIComponent);
    const is = (m: string, pattern: string) => {
      if (m !== method) return false;
      const parts = pattern.split('/').filter(Boolean);
      return parts.length === p.length && parts.every((x, k) => x.startsWith(':') || x === p[k]);
    };
    if (is('GET', '/gateway/bot')) return { status: 200, json: { url: this.gatewayUrl, shards: this.shards, session_start_limit: { total: 1000, remaining: 999, reset_after: 0, max_concurrency: 1 } } };
    if (is('GET', '/gateway')) return { status: 200, json: { url: this.gatewayUrl } };
    if (is('GET', '/users/@me')) return { status: 200, json: this.bot };
    if (is('GET', '/applications/@me')) return { status: 200, json: { id: this.appId, name: 'Umpire', bot: this.bot, flags: 0 } };
    if (is('PUT', '/applications/:app/commands') || is('PUT', '/applications/:app/guilds/:guild/commands')) {
      if (p[1] !== this.appId) return { status: 404, json: { message: 'Unknown Application', code: 10002 } };
      this.commands = (body as unknown as Json[]).map((c) => ({ ...c, id: this.snowflake(), application_id: this.appId, version: this.snowflake() }));
      return { status: 200, json: this.commands };
    }
    if (is('POST', '/users/@me/channels')) {
      const user = this.users.get(String(body.recipient_id));
      if (!user) return { status: 400, json: { message: 'Invalid Recipient(s)', code: 50033 } };
      return { status: 200, json: { id: this.dmChannel(user), type: 1, recipients: [user], last_message_id: null } };
    }
    if (is('POST', '/channels/:id/messages')) {
      const channel = p[1]!;
      const recipient = [...this.dmChannels].find(([, ch]) => ch === channel)?.[0];
      if (recipient && this.closedDms.has(recipient)) return { status: 403, json: { message: 'Cannot send messages to this user', code: 50007 } };
      if (body.nonce !== undefined && body.enforce_nonce) {
        const same = this.messages.find((m) => m.channel_id === channel && m.nonce === body.nonce);
        if (same) return { status: 200, json: same };
      }
      return { status: 200, json: this.create(channel, body, this.bot) };
    }
    if (is('PATCH', '/channels/:id/messages/:mid')) {
      const m = this.messages.find((x) => x.channel_id === p[1] && x.id === p[3]);
      if (!m) return { status: 404, json: { message: 'Unknown Message', code: 10008 } };
      return { status: 200, json: this.edit(m, body) };
    }
    if (is('PUT', '/channels/:id/messages/pins/:mid') || is('PUT', '/channels/:id/pins/:mid')) {
      const channel = p[1]!;
      const mid = p.at(-1)!;
      const m = this.messages.find((x) => x.channel_id === channel && x.id === mid);
      if (!m) return { status: 404, json: { message: 'Unknown Message', code: 10008 } };
      const pins = this.pins.get(channel) ?? [];
      if (!pins.includes(mid)) {
        if (pins.length >= MAX_PINS) return { status: 400, json: { message: 'Maximum number of pins reached (50)', code: 30003 } };
        this.pins.set(channel, [...pins, mid]);
      }
      m.pinned = true;
      return { status: 204 };
    }
    if (is('POST', '/interactions/:id/:token/callback')) {
      const i = this.interactions.get(p[1]!);
      if (!i || i.token !== p[2]) return { status: 404, json: { message: 'Unknown interaction', code: 10062 } };
      if (i.callback) return { status: 400, json: { message: 'Interaction has already been acknowledged.', code: 40060 } };
      const cb = body as { type: number; data?: Json };
      i.callback = { type: cb.type, ...(cb.data ? { data: cb.data } : {}) };
      if (cb.type === 4) i.original = this.create(i.channelId, cb.data ?? {}, this.bot, true);
      const withResponse = query.get('with_response') === 'true';
      return withResponse ? { status: 200, json: { interaction: { id: i.id, type: 2 }, resource: i.original ? { type: cb.type, message: i.original } : { type: cb.type } } } : { status: 204 };
    }
    if (is('POST', '/webhooks/:app/:token')) {
      const i = this.byToken(p[2]!);
      if (!i?.callback) return { status: 404, json: { message: 'Unknown Webhook', code: 10015 } };
      const m = this.create(i.channelId, body, this.bot, true);
      i.followUps.push(m);
      return { status: 200, json: m };
    }
    if (is('PATCH', '/webhooks/:app/:token/messages/:mid')) {
      const i = this.byToken(p[2]!);
      if (!i?.callback) return { status: 404, json: { message: 'Unknown Webhook', code: 10015 } };
      if (p[4] === '@original') {
        if (!i.original) i.original = this.create(i.channelId, body, this.bot, true, Number(i.callback.data?.flags ?? 0));
        else this.edit(i.original, body);
        return { status: 200, json: i.original };
      }
      const m = i.followUps.find((x) => x.id === p[4]);
      return m ? { status: 200, json: this.edit(m, body) } : { status: 404, json: { message: 'Unknown Message', code: 10008 } };
    }
    return { status: 404, json: { message: `fake Discord does not serve ${method} ${path}`, code: 0 } };
  }

  private byToken(token: string): FakeInteraction | undefined {
    return [...this.interactions.values()].find((i) => i.token === token);
  }

  private create(channel: string, body: Json, author: FakeUser, webhook = false, flags = 0): FakeMessage {
    const m: FakeMessage = {
      id: this.snowflake(),
      channel_id: channel,
      type: 0,
      content: String(body.content ?? ''),
      embeds: (body.embeds as FakeMessage['embeds']) ?? [],
      components: (body.components as FakeMessage['components']) ?? [],
      flags: Number(body.flags ?? flags) & EPHEMERAL ? EPHEMERAL : 0,
      ...(body.nonce !== undefined ? { nonce: String(body.nonce) } : {}),
      author,
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      attachments: (body[UPLOADED] as FakeAttachment[] | undefined) ?? [],
      mentions: [],
      mention_roles: [],
      mention_everyone: false,
      pinned: false,
      tts: false,
      ...(webhook ? { application_id: this.appId, webhook_id: this.appId } : {}),
      edits: 0,
    };
    // Ephemeral answers are not channel history; keep them only on their interaction.
    if (!webhook) this.messages.push(m);
    return m;
  }

  private edit(m: FakeMessage, body: Json): FakeMessage {
    if (body.content !== undefined) m.content = String(body.content ?? '');
    if (body.embeds !== undefined) m.embeds = body.embeds as FakeMessage['embeds'];
    if (body.components !== undefined) m.components = body.components as FakeMessage['components'];
    m.edited_timestamp = new Date().toISOString();
    m.edits++;
    return m;
  }
}
