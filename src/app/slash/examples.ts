import type { Action } from '../../battle/actions.ts';
import { owedNow } from '../../battle/advance.ts';
import { decide } from '../../battle/decide.ts';
import { getRuleSystem } from '../../battle/registry.ts';
import { findByName, isGm, isPlayer, type BattleState, type Unit } from '../../battle/state.ts';
import { DiceStream } from '../../dice/stream.ts';
import { RuleError } from '../../rules/errors.ts';
import { say, type Text } from '../../i18n/text.ts';
import { parseOptions, type CommandApp, type ExampleContext, type InvokeContext, type SubcommandDef } from './commands.ts';
import { commandNames, sideNames, unitNames } from './complete.ts';
import { findCommand } from './registry.ts';
import { mayUse } from './who.ts';

/**
 * The examples the bot shows (/help, a phase's banner, a refusal's "Example:"), built for their
 * reader and the moment (issue 40): the reader's own units against an enemy's, and of the candidates
 * a subcommand gives (`exampleFor`, else its `example` so filled) the first the rules accept now.
 * Accepted means what the battle would do with it, typed by that reader: its options check, the
 * reader may use it, and `decide`, which is pure, takes it without a refusal and without holding it
 * for a GM. It is asked on dice of no battle (a seed of zeros): what the example would roll is never
 * seen, and the battle's own dice are not touched.
 */

/** A reading of the battle: the context the candidates are built in, and the time a check reads. */
export interface Reading {
  ctx: Omit<ExampleContext, 'filled'>;
  now: string;
  /** The channel's reading checked as its GM: what a GM may do where no player may. */
  asGm?: boolean;
  /** Each unit's id by its name, for the checks (`ids`). */
  idOf: () => ReadonlyMap<string, string>;
}

/** How many of the reader's units, and how many enemies of each, the filling of a template tries; and the candidates at most. */
const MAX_ACTORS = 20;
const MAX_TARGETS = 2;
const MAX_CANDIDATES = 40;

/** Options whose values are lists of units (brigade's melee): the first is the reader's, the second the enemy's. */
const UNIT_LISTS = ['units_a', 'units_b'];

/**
 * The battle as `reader` reads it: their units (a GM's and the channel's: all), those of the sides
 * acting in the phase first; a spectator reads it as the channel does.
 */
export function reading(s: BattleState, reader: string | undefined, now: string): Reading {
  const who = reader !== undefined && isPlayer(s, reader) ? reader : undefined;
  const sideOf = (u: Unit) => s.commands[u.commandId]?.sideId ?? '';
  const all = who === undefined || isGm(s, who);
  const played = new Set<string>();
  if (!all) {
    for (const side of Object.values(s.sides)) if (side.players.includes(who)) played.add(side.id);
    for (const c of Object.values(s.commands)) if (c.player === who) played.add(c.sideId);
  }
  // mechanics.ts actsFor, kept to one look-up a unit: a battle may hold thousands.
  const actsFor = (u: Unit) => {
    if (all) return true;
    const c = s.commands[u.commandId];
    return c?.player ? c.player === who : played.has(sideOf(u));
  };
  const acting = getRuleSystem(s.system).actingSides?.(s, s.position);
  const mine = Object.values(s.units).filter(actsFor);
  const units = acting ? [...mine.filter((u) => acting.includes(sideOf(u))), ...mine.filter((u) => !acting.includes(sideOf(u)))] : mine;
  const bySide = new Map<string, Unit[]>();
  const enemies = (u: Unit): readonly Unit[] => {
    const side = sideOf(u);
    let them = bySide.get(side);
    if (!them) bySide.set(side, (them = Object.values(s.units).filter((x) => sideOf(x) !== side)));
    return them;
  };
  const owed = owedNow(s);
  const owing = owed.flatMap((o) => (o.unitId && s.units[o.unitId] && actsFor(s.units[o.unitId]!) ? [s.units[o.unitId]!] : []));
  let ids: Map<string, string> | undefined;
  const idOf = () => (ids ??= new Map(Object.values(s.units).map((u) => [u.name, u.id])));
  return { ctx: { state: s, reader: who, units, enemies, owed, owing }, now, idOf };
}

/** A name as an option's value at the table: quoted, a quote in it escaped. */
export const quoted = (name: string) => `"${name.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

const OPTION = /\b([a-z][a-z0-9_]*):("(?:[^"\\]|\\.)*"|\S+)/g;
const unquote = (v: string) => (v.startsWith('"') && v.endsWith('"') && v.length >= 2 ? v.slice(1, -1).replace(/\\(.)/g, '$1') : v);

type Kind = 'unit' | 'command' | 'side';
function kindOf(d: SubcommandDef, name: string): Kind | undefined {
  const o = d.options[name];
  if (!o) return undefined;
  if (o.complete === unitNames || UNIT_LISTS.includes(name)) return 'unit';
  if (o.complete === commandNames) return 'command';
  return o.complete === sideNames ? 'side' : undefined;
}

/**
 * A template's candidates for the reading: its first option naming a unit given each of the
 * reader's units in turn, the others an enemy of it; an option naming a command, the reader's
 * commands (the enemy's for a second); one naming a side, each side, the reader's first. None where
 * the template names a unit and the reader has none.
 */
export function fill(r: Reading, d: SubcommandDef, template: string): string[] {
  const s = r.ctx.state;
  const named = [...template.matchAll(OPTION)].map((m) => ({ name: m[1]!, kind: kindOf(d, m[1]!) })).filter((o) => o.kind);
  if (!named.length) return [template];
  const sideOf = (u: Unit) => s.commands[u.commandId]?.sideId ?? '';
  const set = (text: string, values: Record<string, string>) => text.replace(OPTION, (all, name: string) => (Object.hasOwn(values, name) ? `${name}:${quoted(values[name]!)}` : all));
  // Units first: the actor and its enemies decide which commands and sides are the reader's.
  const unitOpts = named.filter((o) => o.kind === 'unit').map((o) => o.name);
  let out: { text: string; side?: string }[] = [{ text: template }];
  if (unitOpts.length) {
    out = [];
    for (const actor of r.ctx.units.slice(0, MAX_ACTORS)) {
      const targets = unitOpts.length > 1 ? r.ctx.enemies(actor).slice(0, MAX_TARGETS) : [undefined];
      for (const target of targets) {
        if (unitOpts.length > 1 && !target) continue;
        const values = Object.fromEntries(unitOpts.map((name, i) => [name, i === 0 ? actor.name : target!.name]));
        out.push({ text: set(template, values), side: sideOf(actor) });
      }
    }
  }
  const mySides = new Set(r.ctx.units.map(sideOf));
  const commands = Object.values(s.commands);
  const commandOpts = named.filter((o) => o.kind === 'command').map((o) => o.name);
  if (commandOpts.length) {
    out = out.flatMap(({ text, side }) => {
      const own = commands.filter((c) => (side ? c.sideId === side : mySides.has(c.sideId) || r.ctx.reader === undefined || isGm(s, r.ctx.reader)));
      return own.flatMap((c) => {
        const foes = commandOpts.length > 1 ? commands.filter((x) => x.sideId !== c.sideId).slice(0, MAX_TARGETS) : [undefined];
        return foes.filter((f) => commandOpts.length === 1 || f).map((f) => ({ text: set(text, Object.fromEntries(commandOpts.map((name, i) => [name, i === 0 ? c.name : f!.name]))), side: c.sideId }));
      });
    });
  }
  const sideOpts = named.filter((o) => o.kind === 'side').map((o) => o.name);
  if (sideOpts.length) {
    const sides = Object.values(s.sides).sort((a, b) => Number(mySides.has(b.id)) - Number(mySides.has(a.id)));
    out = out.flatMap(({ text }) => sides.map((x) => ({ text: set(text, Object.fromEntries(sideOpts.map((name) => [name, x.name]))) })));
  }
  return [...new Set(out.map((c) => c.text))].slice(0, MAX_CANDIDATES);
}

/** The template without the options only a GM gives (their description says "GM:"): what a player may type, and a GM where no ruling is needed. */
function withoutRulings(d: SubcommandDef, template: string): string {
  return template.replace(OPTION, (all, name: string) => (/^GM\b/.test(d.options[name]?.description ?? '') ? '' : all)).replace(/\s+/g, ' ').trim();
}

/** Two lists taken in turn, one from each: [a1, b1, a2, b2, ...]. */
const alternate = (a: readonly string[], b: readonly string[]): string[] => Array.from({ length: Math.max(a.length, b.length) }, (_, i) => [a[i], b[i]]).flat().filter((x): x is string => x !== undefined);

/**
 * The candidates of a subcommand for the reading: its own (`exampleFor`), else its example filled,
 * each first without the options only a GM gives (rulings a player may not type).
 */
export function candidates(r: Reading, d: SubcommandDef): readonly string[] {
  if (!d.exampleFor) {
    const plain = withoutRulings(d, d.example);
    return [...new Set(plain === d.example ? fill(r, d, d.example) : alternate(fill(r, d, plain), fill(r, d, d.example)))].slice(0, MAX_CANDIDATES);
  }
  let given: string | readonly string[] | undefined;
  try {
    given = d.exampleFor({ ...r.ctx, filled: (template = d.example) => fill(r, d, template) });
  } catch {
    // An example is a help, never a reason for a banner or /help to fail: the filled template stands in, checked as any.
    return fill(r, d, d.example).slice(0, MAX_CANDIDATES);
  }
  return (given === undefined ? [] : typeof given === 'string' ? [given] : given).slice(0, MAX_CANDIDATES);
}

/** An example's options as typed after its path: name:value pairs, and words before them for the default option. */
function optionsOf(example: string, path: string, d: SubcommandDef): Record<string, unknown> | undefined {
  const head = `/${path}`;
  if (example !== head && !example.startsWith(`${head} `)) return undefined;
  const rest = example.slice(head.length);
  const raw: Record<string, unknown> = {};
  for (const m of rest.matchAll(OPTION)) raw[m[1]!] = unquote(m[2]!);
  const words = rest.replace(OPTION, '').trim();
  if (words) {
    const fallback = Object.entries(d.options).find(([, o]) => o.default)?.[0];
    if (!fallback || Object.hasOwn(raw, fallback)) return undefined;
    raw[fallback] = words;
  }
  return raw;
}

/**
 * Who a channel's example is checked as: a GM for a GM's subcommand (or `asGm`); else the player of
 * the first unit it names (its command's, else its side's), else a player of the battle, else a GM.
 */
function actorFor(s: BattleState, d: SubcommandDef, raw: Record<string, unknown>, asGm = false): string {
  const gm = s.gms[0] ?? '';
  if (d.who === 'gm' || asGm) return gm;
  for (const [name, value] of Object.entries(raw)) {
    if (kindOf(d, name) !== 'unit' || typeof value !== 'string') continue;
    const u = findByName(s.units, value.split(',')[0]!.trim());
    const c = u && s.commands[u.commandId];
    const player = c && (c.player ?? s.sides[c.sideId]?.players[0]);
    if (player) return player;
  }
  return Object.values(s.sides).flatMap((x) => x.players)[0] ?? Object.values(s.commands).find((c) => c.player)?.player ?? gm;
}

/**
 * The options with each unit named by its id, which the battle finds at once (findByName), where a
 * name is looked up among all the units: a check tries many examples, in battles of thousands of
 * units. The example shown keeps the names; the unit found is the same.
 */
function ids(r: Reading, d: SubcommandDef, raw: Record<string, unknown>): Record<string, unknown> {
  const out = { ...raw };
  for (const [name, value] of Object.entries(raw)) {
    const id = typeof value === 'string' && kindOf(d, name) === 'unit' ? r.idOf().get(value) : undefined;
    if (id) out[name] = id;
  }
  return out;
}

/** No battle's seed: a check's dice say nothing of the battle's. */
const NO_SEED = new Uint8Array(32);

/** The app as an action sees it while an example is checked: its clock, and nothing it could read or change. */
const checking = (now: string): CommandApp => ({ now: () => new Date(now) }) as unknown as CommandApp;

/** A query's answer or an action's promise is taken as it stands: nothing waits for it, nor hears of its failure. */
const settle = (p: unknown): undefined => {
  if (p instanceof Promise) p.catch(() => undefined);
  return undefined;
};

/** Why the battle would refuse the example now, typed by the reader (by the channel's: `actorFor`); undefined: it is accepted. */
export function refusal(r: Reading, path: string, d: SubcommandDef, example: string): Text | undefined {
  const s = r.ctx.state;
  const raw = optionsOf(example, path, d);
  if (!raw) return say('slash.examples.notTyped', { path });
  const parsed = parseOptions(`/${path}`, d, ids(r, d, raw));
  if (!parsed.ok) return parsed.error;
  const actor = r.ctx.reader ?? actorFor(s, d, raw, r.asGm);
  const may = d.scope === 'campaign' ? say('slash.examples.campaignCommand') : mayUse(d.who, s, actor);
  if (may !== true) return may;
  const ctx: InvokeContext = { app: checking(r.now), actor, channel: s.channel, state: s, readFile: () => Promise.reject(new RuleError(say('slash.examples.noFile'))) };
  try {
    // A query changes nothing: one that answers (or needs what is not at hand here) is taken.
    if (d.query) return settle(d.query(parsed.values, ctx));
    const action = d.action!(parsed.values, ctx);
    if (action instanceof Promise || Array.isArray(action)) return settle(action);
    const events = decide(s, action as Action, { actor, now: r.now, dice: DiceStream.fromSeed(NO_SEED, s.id, s.diceCursor) });
    const held = events.find((e) => e.type === 'ActionHeld');
    return held ? say('slash.examples.waitsForGm', { need: held.data.need }) : undefined;
  } catch (err) {
    if (err instanceof RuleError) return err.text;
    return d.query ? undefined : String(err);
  }
}

export const accepts = (r: Reading, path: string, d: SubcommandDef, example: string): boolean => refusal(r, path, d, example) === undefined;

/** The example of a subcommand for the reading now: the first candidate the battle accepts; none if it accepts none. */
export function exampleNow(r: Reading, path: string, d: SubcommandDef): string | undefined {
  return candidates(r, d).find((c) => accepts(r, path, d, c));
}

/**
 * An example whatever the moment (/help all:true, a refusal): for a command of the phase, the one
 * the battle takes now where there is one; else the first candidate (the reader's units in it), else
 * the template. Only a command of the phase is checked: /help all:true lists every command, and a
 * check may be slow where the rules are (a /roll loads its dice library).
 */
export function exampleAnyway(r: Reading, path: string, d: SubcommandDef): string {
  const all = candidates(r, d);
  const s = r.ctx.state;
  const ofPhase = getRuleSystem(s.system).sequence.describe(s.position).commands.includes(path);
  return (ofPhase ? all.find((c) => accepts(r, path, d, c)) : undefined) ?? all[0] ?? d.example;
}

/** A subcommand by its path (`fire medieval`, `phase next`), as the battle's system answers it; undefined where it does not apply. */
export function subcommandOf(s: BattleState | undefined, path: string): SubcommandDef | undefined {
  const [name, ...rest] = path.split(' ');
  const shared = findCommand(name!)?.subcommands[rest.join(' ')];
  if (!shared) return undefined;
  if (s && shared.systems && !shared.systems.includes(s.system)) return undefined;
  return (s && shared.variants?.[s.system]) || shared;
}

/** The subcommand a typed example is of (`/morale test unit:"X"`), by its longest path: undefined if it names none. */
export function pathOf(s: BattleState, example: string): string | undefined {
  const words = example.replace(/^\//, '').replace(OPTION, '').trim().split(/\s+/);
  for (const n of [3, 2, 1]) {
    const path = words.slice(0, n).join(' ');
    if (words.length >= n && subcommandOf(s, path)) return path;
  }
  return undefined;
}
