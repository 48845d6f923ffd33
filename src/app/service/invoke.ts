import type { Language } from '../../i18n/locales.ts';
import { randomUUID } from 'node:crypto';
import { RuleError, ValueNeeded } from '../../rules/errors.ts';
import type { Action } from '../../battle/actions.ts';
import type { CampaignAction } from '../../campaign/decide.ts';
import type { CampaignState } from '../../campaign/state.ts';
import type { BattleRow, CampaignRow } from '../../store/types.ts';
import { capEchoes, type Message } from '../../messages.ts';
import { english, say, type Text } from '../../i18n/text.ts';
import { parseOptions, type CommandDef, type InvokeContext, type OptionDef, type OptionValues, type SubcommandDef } from '../slash/commands.ts';
import { exampleAnyway, reading } from '../slash/examples.ts';
import { commands, findCommand } from '../slash/registry.ts';
import { errorReply } from '../slash/replies.ts';
import { didYouMean, eitherOf, sentences } from '../slash/words.ts';
import { mayUse, mayUseCampaign } from '../slash/who.ts';
import { StaleCache, type Umpire } from './umpire.ts';

export interface Invocation {
  command: string;
  /** Subcommand name, `group sub` for groups, '' for none. */
  sub: string;
  options: Record<string, unknown>;
  actor: string;
  channel: string;
  requestId?: string;
  readFile?: InvokeContext['readFile'];
  /** Set by a button press: the battle its prompt belonged to, which must still be the channel's. */
  battle?: string;
  /** The language of the place it comes from (InvokeContext.language). */
  language?: Language;
}

/**
 * A command's words that name none of its subcommands (`typed`, as "/battle shre"): the nearest,
 * when one is close enough to be meant, else every one it has.
 */
export function subcommandRefused(def: CommandDef, typed: string, words: string): Text {
  const subs = Object.keys(def.subcommands).filter(Boolean);
  const shown = (k: string) => `/${def.name} ${k}`.trim();
  const meant = didYouMean(subs, words, shown) ?? say('app.didYouMean', { names: Object.keys(def.subcommands).map(shown).join(', ') });
  return sentences(say('service.invoke.notACommand', { typed }), meant);
}

/** The same in English: what the local table answers until it words its refusals (src/table/table.ts). */
export const notASubcommand = (def: CommandDef, typed: string, words: string): string => english(subcommandRefused(def, typed, words));

const noFiles: InvokeContext['readFile'] = async () => {
  throw new RuleError(say('service.invoke.noFiles'));
};

/**
 * Runs one slash command for a user: validates its options, checks the role, and either answers a
 * query or handles the action. Always answers; never throws for anything a user can cause.
 */
export async function invoke(app: Umpire, inv: Invocation): Promise<{ messages: Message[]; versions: number[] }> {
  const result = await run(app, inv);
  // A refusal repeats at most an excerpt of a long input, whichever message quoted it (issue 27).
  const inputs = [inv.command, inv.sub, ...Object.keys(inv.options), ...Object.values(inv.options)];
  return { ...result, messages: result.messages.map((m) => (m.error ? { ...m, text: capEchoes(m.text, inputs) } : m)) };
}

async function run(app: Umpire, inv: Invocation): Promise<Answer> {
  const requestId = inv.requestId ?? randomUUID();
  const ctxBase = { actor: inv.actor, channel: inv.channel };
  const path = `/${inv.command}${inv.sub ? ` ${inv.sub}` : ''}`;
  const fail = (text: Text): Answer => ({ messages: [errorReply(ctxBase, text)], versions: [] });
  const def = findCommand(inv.command);
  // The nearest command keeps the subcommand typed where it has one of that name (/battel status: /battle status).
  const meant = (n: string) => `/${n}${inv.sub && Object.hasOwn(findCommand(n)!.subcommands, inv.sub) ? ` ${inv.sub}` : ''}`;
  if (!def) return fail(sentences(say('service.invoke.noCommand', { command: inv.command }), didYouMean(commands().map((c) => c.name), inv.command, meant), say('service.invoke.typeHelp')));
  const s: SubcommandDef | undefined = Object.hasOwn(def.subcommands, inv.sub) ? def.subcommands[inv.sub] : undefined;
  if (!s) return fail(subcommandRefused(def, path, inv.sub));
  const parsed = parseOptions(path, s, inv.options);
  if (!parsed.ok) return fail(await optionsRefused(app, inv, path, s, parsed.error));
  const command: Command = { inv, requestId, path, def, s, values: parsed.values, fail };
  try {
    if (s.scope === 'campaign') return await runCampaign(app, inv, s, parsed.values, requestId, fail);
    // First on what this process holds of the channel's battle, read from nothing (issue 44).
    const cached = app.cached(inv.channel);
    if (cached) {
      try {
        return await onBattle(app, command, cached);
      } catch (err) {
        if (!(err instanceof StaleCache)) throw err;
      }
    }
    return await onBattle(app, command, undefined);
  } catch (err) {
    if (err instanceof ValueNeeded) return { messages: [{ ...errorReply(ctxBase, err.text), need: err.need }], versions: [] };
    if (err instanceof RuleError) return fail(err.text);
    // The database refused the write (a full disk, a file made read-only): the transaction rolled back.
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && /^SQLITE_(FULL|READONLY|IOERR)/.test(code)) {
      app.logger?.error({ err, requestId, command: path }, 'the database refused a write');
      return fail(say('service.invoke.writeRefused', { why: code === 'SQLITE_FULL' ? 'full' : code === 'SQLITE_READONLY' ? 'readonly' : 'other', requestId }));
    }
    app.logger?.error({ err, requestId, command: path }, 'unexpected error');
    return fail(say('service.invoke.unexpected', { requestId }));
  }
}

/** A command whose options were read: what onBattle runs. */
interface Command {
  inv: Invocation;
  requestId: string;
  path: string;
  def: CommandDef;
  s: SubcommandDef;
  values: OptionValues<Record<string, OptionDef>>;
  fail: (text: Text) => Answer;
}

type Cached = NonNullable<ReturnType<Umpire['cached']>>;

/**
 * A battle's command, on the channel's battle and state as this process holds them (`cached`) or as
 * the store has them. Cached, an action goes to the append, whose expected version checks the state
 * it was decided on; any other answer (a query, a refusal, a reply the action builds) is given once a
 * version read shows the battle did not move. Where it did, or the append conflicts, StaleCache:
 * the caller runs the command again on the store's.
 */
async function onBattle(app: Umpire, { inv, requestId, path, def, s, values, fail }: Command, cached: Cached | undefined): Promise<Answer> {
  const current = async (answer: Answer): Promise<Answer> => {
    if (cached && (await app.moved(cached.row.id, cached.state.version))) throw new StaleCache(cached.row.id);
    return answer;
  };
  const refuse = (text: Text) => current(fail(text));
  const running = cached?.row ?? (await app.battleIn(inv.channel)) ?? (s.ended ? await latestIn(app, inv.channel) : undefined);
  if (inv.battle && running?.id !== inv.battle) return refuse(say('service.invoke.promptEnded'));
  const state = cached?.state ?? (running ? await app.state(running.id) : undefined);
  if (s.needsBattle !== false && !state) return fail(say('slash.who.noBattle'));
  if (state && s.systems && !s.systems.includes(state.system)) {
    const others = Object.entries(def.subcommands).filter(([, o]) => o.systems?.includes(state.system)).map(([k]) => `/${def.name} ${k}`);
    return fail(sentences(say('service.invoke.otherSystem', { path, systems: eitherOf(s.systems), system: state.system }), others.length ? say('service.invoke.use', { commands: eitherOf(others) }) : undefined));
  }
  // A subcommand several systems answer: the battle's own checks the options and answers.
  const own = (state && s.variants?.[state.system]) || s;
  let opts = values;
  if (own !== s) {
    const parsed = parseOptions(path, own, inv.options);
    if (!parsed.ok) return fail(await optionsRefused(app, inv, path, own, parsed.error));
    opts = parsed.values;
  }
  const allowed = mayUse(own.who, state, inv.actor);
  if (allowed !== true) return refuse(allowed);
  const ctx: InvokeContext = { app, actor: inv.actor, channel: inv.channel, state, readFile: inv.readFile ?? noFiles, ...(inv.language ? { language: inv.language } : {}) };
  if (own.query) {
    await current({ messages: [], versions: [] });
    return { messages: await own.query(opts, ctx), versions: [] };
  }
  let action;
  try {
    action = await own.action!(opts, ctx);
  } catch (err) {
    if (err instanceof RuleError) await current({ messages: [], versions: [] });
    throw err;
  }
  if (Array.isArray(action)) return current({ messages: action, versions: [] });
  // Decided on the cached state, a refusal or a conflict comes back as StaleCache (Umpire.handle).
  const result = await app.handle(state?.id ?? null, action as Action, inv.actor, requestId, cached ? { basis: cached.state } : {});
  return { messages: result.replies, versions: result.versions };
}

/**
 * Options refused: the refusal again with its example built for the user in the channel's battle,
 * where there is one that plays this subcommand (examples.ts); else as it was.
 */
async function optionsRefused(app: Umpire, inv: Invocation, path: string, s: SubcommandDef, error: Text): Promise<Text> {
  if (s.scope === 'campaign') return error;
  try {
    const row = await app.battleIn(inv.channel);
    const state = row ? await app.state(row.id) : undefined;
    if (!state || (s.systems && !s.systems.includes(state.system))) return error;
    const own = s.variants?.[state.system] ?? s;
    if (own !== s && parseOptions(path, own, inv.options).ok) return error;
    const again = parseOptions(path, own, inv.options, exampleAnyway(reading(state, inv.actor, app.now().toISOString()), path.slice(1), own));
    return again.ok ? error : again.error;
  } catch {
    return error;
  }
}

/** The channel's newest battle, ended or not: what a subcommand for ended battles acts on where none is running. */
async function latestIn(app: Umpire, channel: string): Promise<BattleRow | undefined> {
  return (await app.battles()).filter((b) => b.channel === channel).at(-1);
}

type Answer = { messages: Message[]; versions: number[] };

/**
 * The campaign a /campaign subcommand acts on: the one named by `campaign:`, else the channel's
 * (its latest, ended or not: an ended one is read in its channel, and refuses a change as ended), else (for a query, or a subcommand
 * used elsewhere by design: orders from a DM, a battle started in its own channel) the one campaign
 * the user plays in or runs.
 */
async function findCampaign(app: Umpire, inv: Invocation, s: SubcommandDef, ref: unknown): Promise<CampaignRow | { refused: Text }> {
  const rows = await app.campaigns.list();
  if (typeof ref === 'string' && ref.trim()) {
    const r = ref.trim().toLowerCase();
    const named = rows.filter((c) => c.id === ref.trim() || c.name.toLowerCase() === r);
    const found = named.find((c) => !c.ended) ?? named[0];
    if (found) return found;
    const campaigns = rows.map((c) => `${c.name} (${c.id})`).join(', ');
    return { refused: campaigns ? say('service.invoke.noCampaignNamed', { ref: `"${ref}"`, campaigns }) : say('service.invoke.noCampaignNamedNone', { ref: `"${ref}"` }) };
  }
  const here = await app.campaigns.latestIn(inv.channel);
  if (here) return here;
  if (!s.query && !s.elsewhere) return { refused: say('service.invoke.noCampaignHere') };
  const mine = await app.campaigns.of(inv.actor);
  if (mine.length === 1) return mine[0]!;
  return { refused: mine.length ? say('service.invoke.severalCampaigns', { campaigns: mine.map((c) => `${c.name} (${c.id})`).join(', ') }) : say('service.invoke.noCampaignAtAll') };
}

/** A /campaign subcommand: the campaign's roles, its action handled by the campaign (Campaigns.handle). */
async function runCampaign(app: Umpire, inv: Invocation, s: SubcommandDef, values: Record<string, unknown>, requestId: string, fail: (text: Text) => Answer): Promise<Answer> {
  let campaign: CampaignState | undefined;
  if (s.needsCampaign !== false) {
    const row = await findCampaign(app, inv, s, values.campaign);
    if ('refused' in row) return fail(row.refused);
    campaign = await app.campaigns.state(row.id);
    const allowed = mayUseCampaign(s.who, campaign, inv.actor);
    if (allowed !== true) return fail(allowed);
  }
  const ctx: InvokeContext = { app, actor: inv.actor, channel: inv.channel, campaign, readFile: inv.readFile ?? noFiles, ...(inv.language ? { language: inv.language } : {}) };
  if (s.query) return { messages: await s.query(values as never, ctx), versions: [] };
  const action = await s.action!(values as never, ctx);
  if (Array.isArray(action)) return { messages: action, versions: [] };
  const result = await app.campaigns.handle(campaign?.id ?? null, action as CampaignAction, inv.actor, requestId);
  return { messages: result.replies, versions: result.versions };
}
