import { owedLine, owedNow } from '../../battle/advance.ts';
import { positionText } from '../../battle/describe.ts';
import { getRuleSystem } from '../../battle/registry.ts';
import type { BattleState } from '../../battle/state.ts';
import { capitalize } from '../../messages.ts';
import type { InvokeContext, SubcommandDef } from './commands.ts';
import { commands, findCommand } from './registry.ts';
import { mayUse, mayUseCampaign } from './who.ts';

/** A subcommand by its path (`fire medieval`, `phase next`), as the battle's system answers it; undefined where it does not apply. */
function subcommand(s: BattleState | undefined, path: string): SubcommandDef | undefined {
  const [name, sub = ''] = path.split(' ');
  const shared = findCommand(name!)?.subcommands[sub];
  if (!shared) return undefined;
  if (s && shared.systems && !shared.systems.includes(s.system)) return undefined;
  return (s && shared.variants?.[s.system]) || shared;
}

const entry = (path: string, d: SubcommandDef, example = d.example): string => `/${path.trim()} — ${d.description}\n    e.g. ${example}`;

/** Options that name the acting unit, and those that name the unit acted on: an example fills them from the roster. */
const ACTOR_OPTIONS = ['unit', 'firer', 'attacker', 'cavalry', 'units_a'];
const TARGET_OPTIONS = ['target', 'defender', 'infantry', 'units_b'];

/**
 * A subcommand's example with this battle's own units in it, so it can be typed as it stands: a unit
 * of the side acting in the phase where the system tells which (else the first unit), and one of another side.
 */
function localExample(s: BattleState, example: string, acting: readonly string[] | undefined): string {
  const units = Object.values(s.units);
  const sideOf = (commandId: string) => s.commands[commandId]?.sideId;
  const actor = (acting && units.find((u) => acting.includes(sideOf(u.commandId) ?? ''))) || units[0];
  if (!actor) return example;
  const target = units.find((u) => sideOf(u.commandId) !== sideOf(actor.commandId)) ?? actor;
  const quoted = (name: string) => `"${name.replace(/"/g, "'")}"`;
  return example.replace(/\b([a-z_]+):"[^"]*"/g, (all, option: string) =>
    ACTOR_OPTIONS.includes(option) ? `${option}:${quoted(actor.name)}` : TARGET_OPTIONS.includes(option) ? `${option}:${quoted(target.name)}` : all,
  );
}

/**
 * The phase the battle is in, as its banner and /help say it: who acts, the commands the phase is
 * for with an example each, and what it still owes.
 */
export function phaseGuide(s: BattleState): string[] {
  const system = getRuleSystem(s.system);
  const info = system.sequence.describe(s.position);
  const acts = system.acting?.(s, s.position) ?? info.acts;
  const lines: string[] = [];
  if (acts) lines.push(`Acts: ${acts}.`);
  const sides = system.actingSides?.(s, s.position);
  const examples = info.commands.flatMap((path) => {
    const d = subcommand(s, path);
    return d ? [`• ${localExample(s, d.example, sides)}`] : [];
  });
  if (examples.length) lines.push('Commands of this phase, for example:', ...examples);
  return lines;
}

/** Always at hand in a battle: what anyone reads, and the GM's walk through the turn. */
const ANY_TIME = ['battle status', 'battle log', 'unit show', 'roll', 'ballot status'];
const GM_TIME = ['phase next', 'phase goto', 'turn next', 'battle undo'];

/**
 * /help: outside a battle, how to start one; in a battle, the phase it is in (who acts, its commands
 * with an example, what it owes) and what is always at hand, short. `all` lists every subcommand the
 * user may use here, one example each.
 */
export function helpText(ctx: InvokeContext, all = false): string {
  const s = ctx.state;
  if (!s || all) return everything(ctx);
  const info = getRuleSystem(s.system).sequence.describe(s.position);
  const lines = [`${capitalize(positionText(s.position, info.number))}: ${info.name} [${info.id}]`, ...phaseGuide(s)];
  const owed = owedNow(s);
  if (owed.length) lines.push('Owed before the phase ends:', ...owed.map((o) => `• ${owedLine(o)}`));
  const may = (paths: string[]) => paths.filter((p) => subcommand(s, p) && mayUse(subcommand(s, p)!.who, s, ctx.actor) === true).map((p) => `/${p}`);
  lines.push(`Any time: ${may(ANY_TIME).join(' · ')}`);
  const gm = may(GM_TIME);
  if (gm.length) lines.push(`GM: ${gm.join(' · ')}`);
  lines.push('Everything you may use here: /help all:true');
  return lines.join('\n');
}

/** Every subcommand the user may use now, in this channel, with one example each. */
function everything(ctx: InvokeContext): string {
  const lines: string[] = [];
  for (const c of commands()) {
    for (const [name, shared] of Object.entries(c.subcommands) as [string, SubcommandDef][]) {
      const s = (ctx.state && shared.variants?.[ctx.state.system]) || shared;
      if (s.scope === 'campaign') {
        // A campaign's commands are its channel's (by its roles), and where there is neither a battle nor a campaign, its creation.
        const here = !ctx.state && (ctx.campaign ? s.needsCampaign !== false && mayUseCampaign(s.who, ctx.campaign, ctx.actor) === true : s.needsCampaign === false);
        if (here) lines.push(entry(`${c.name} ${name}`, s));
        continue;
      }
      if (s.needsBattle !== false && !ctx.state) continue;
      if (s.needsBattle === false && name === 'create' && ctx.state) continue;
      if (ctx.state && shared.systems && !shared.systems.includes(ctx.state.system)) continue;
      if (mayUse(s.who, ctx.state, ctx.actor) !== true) continue;
      lines.push(entry(`${c.name} ${name}`, s));
    }
  }
  if (!ctx.state) lines.push('', `There is no battle in this channel yet: start one with /battle create${ctx.campaign ? `, or a battle of the campaign ${ctx.campaign.name} with /campaign battle start in a channel of its own` : ''}.`);
  return lines.join('\n');
}
