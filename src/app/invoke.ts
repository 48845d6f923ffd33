import { randomUUID } from 'node:crypto';
import { RuleError } from '../rules/errors.ts';
import { isGm, isPlayer, type BattleState } from '../battle/state.ts';
import { capEchoes, type Message } from '../messages.ts';
import { parseOptions, type InvokeContext, type SubcommandDef, type Who } from './commands.ts';
import { findCommand } from './registry.ts';
import { errorReply } from './replies.ts';
import type { Umpire } from './umpire.ts';

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
}

/** True when the user may use a subcommand of that role, else the reason why not. */
export function mayUse(who: Who, state: BattleState | undefined, actor: string): true | string {
  if (who === 'anyone') return true;
  if (!state) return 'There is no battle in this channel. A GM starts one with /battle create.';
  if (who === 'gm') return isGm(state, actor) || 'Only a GM of this battle may do that.';
  return isPlayer(state, actor) || 'Only a player of this battle may do that: join a side with /join.';
}

const noFiles: InvokeContext['readFile'] = async () => {
  throw new RuleError('Files cannot be read here.');
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

async function run(app: Umpire, inv: Invocation): Promise<{ messages: Message[]; versions: number[] }> {
  const requestId = inv.requestId ?? randomUUID();
  const ctxBase = { actor: inv.actor, channel: inv.channel };
  const path = `/${inv.command}${inv.sub ? ` ${inv.sub}` : ''}`;
  const fail = (text: string) => ({ messages: [errorReply(ctxBase, text)], versions: [] });
  const def = findCommand(inv.command);
  if (!def) return fail(`There is no command /${inv.command}. Type /help for the commands you can use.`);
  const s: SubcommandDef | undefined = Object.hasOwn(def.subcommands, inv.sub) ? def.subcommands[inv.sub] : undefined;
  if (!s) {
    const subs = Object.keys(def.subcommands).map((k) => `/${def.name} ${k}`.trim());
    return fail(`${path} is not a command. Did you mean ${subs.join(', ')}?`);
  }
  let parsed = parseOptions(path, s, inv.options);
  if (!parsed.ok) return fail(parsed.error);
  try {
    const running = await app.battleIn(inv.channel);
    if (inv.battle && running?.id !== inv.battle) return fail('That prompt belongs to a battle that has ended; nothing was recorded.');
    const state = running ? await app.state(running.id) : undefined;
    if (s.needsBattle !== false && !state) return fail('There is no battle in this channel. A GM starts one with /battle create.');
    if (state && s.systems && !s.systems.includes(state.system)) {
      const others = Object.entries(def.subcommands).filter(([, o]) => o.systems?.includes(state.system)).map(([k]) => `/${def.name} ${k}`);
      return fail(`${path} is for ${s.systems.join(' or ')} battles; this one plays ${state.system}.${others.length ? ` Use ${others.join(' or ')}.` : ''}`);
    }
    // A subcommand several systems answer: the battle's own checks the options and answers.
    const own = (state && s.variants?.[state.system]) || s;
    if (own !== s && !(parsed = parseOptions(path, own, inv.options)).ok) return fail(parsed.error);
    const allowed = mayUse(own.who, state, inv.actor);
    if (allowed !== true) return fail(allowed);
    const ctx: InvokeContext = { app, ...ctxBase, state, readFile: inv.readFile ?? noFiles };
    if (own.query) return { messages: await own.query(parsed.values, ctx), versions: [] };
    const action = await own.action!(parsed.values, ctx);
    if (Array.isArray(action)) return { messages: action, versions: [] };
    const result = await app.handle(state?.id ?? null, action, inv.actor, requestId);
    return { messages: result.replies, versions: result.versions };
  } catch (err) {
    if (err instanceof RuleError) return fail(err.message);
    // The database refused the write (a full disk, a file made read-only): the transaction rolled back.
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && /^SQLITE_(FULL|READONLY|IOERR)/.test(code)) {
      app.logger?.error({ err, requestId, command: path }, 'the database refused a write');
      return fail(`The battle's database cannot be written now (${code === 'SQLITE_FULL' ? 'the disk is full' : code === 'SQLITE_READONLY' ? 'it is read-only' : 'a disk error'}); nothing was recorded. Tell the bot's host; request ${requestId}.`);
    }
    app.logger?.error({ err, requestId, command: path }, 'unexpected error');
    return fail(`Something went wrong on our side; nothing was changed. Please report request ${requestId}.`);
  }
}
