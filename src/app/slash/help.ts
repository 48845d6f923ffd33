import { owedLine } from '../../battle/advance.ts';
import { getRuleSystem } from '../../battle/registry.ts';
import type { BattleState } from '../../battle/state.ts';
import type { TurnPosition } from '../../rules/sequence.ts';
import type { Owed } from '../../battle/system.ts';
import { dueLine, dueNow } from '../../campaign/due.ts';
import { currentTurn, isCampaignGm, type CampaignState } from '../../campaign/state.ts';
import { lines, say, type Text } from '../../i18n/text.ts';
import { literal, messages } from '../../i18n/catalog.ts';
import { FALLBACK } from '../../i18n/locales.ts';
import { descriptionKey, variantKey } from './catalog.ts';
import type { InvokeContext, SubcommandDef } from './commands.ts';
import { accepts, exampleAnyway, exampleNow, pathOf, reading, subcommandOf, type Reading } from './examples.ts';
import { commands } from './registry.ts';
import { mayUse, mayUseCampaign } from './who.ts';

/**
 * The phase the battle is in, as its banner (`reader` undefined: the channel) and /help say it: who
 * acts, the commands the phase is for with an example each built for the reader now (examples.ts),
 * and those that are not open to them now, named. A GM's command is marked so on the banner.
 */
export const phaseGuide = (s: BattleState, now: string, reader?: string): Text[] => guide(reading(s, reader, now));

/** "turn 3 (night), phase 2": where a battle is, as a line of the channel names it. */
export const positionSaid = (p: TurnPosition, number = p.phase + 1): Text =>
  p.period ? say('slash.help.positionAt', { turn: String(p.turn), period: p.period, phase: String(number) }) : say('slash.help.position', { turn: String(p.turn), phase: String(number) });

/** The items of a list on one line: "/battle status · /battle log". */
const dotted = (items: readonly string[]): string => items.join(' · ');

function guide(r: Reading): Text[] {
  const s = r.ctx.state;
  const system = getRuleSystem(s.system);
  const info = system.sequence.describe(s.position);
  const acts = system.acting?.(s, s.position) ?? info.acts;
  const out: Text[] = [];
  if (acts) out.push(say('slash.help.acts', { acts }));
  const examples: Text[] = [];
  const closed: string[] = [];
  for (const path of info.commands) {
    const d = subcommandOf(s, path);
    if (!d) continue;
    // The channel is shown what a player may type, else what only a GM may (a GM's ruling the rules ask for), marked so.
    const example = exampleNow(r, path, d);
    const gms = !example && !r.ctx.reader && d.who !== 'gm' ? exampleNow({ ...r, asGm: true }, path, d) : undefined;
    if (example || gms) examples.push(say('core.bullet', { step: (d.who === 'gm' && !r.ctx.reader) || gms ? say('slash.help.gmExample', { example: (example ?? gms)! }) : (example ?? gms)! }));
    else closed.push(`/${path}`);
  }
  if (examples.length) out.push(say('slash.help.phaseCommands'), ...examples);
  const who = r.ctx.reader ? 'you' : 'anyone';
  if (closed.length) out.push(examples.length ? say('slash.help.alsoClosed', { who, commands: dotted(closed) }) : say('slash.help.closed', { who, commands: dotted(closed) }));
  return out;
}

/** An owed item as /help shows it to a reader: its example only where the reader may do it now. */
function owedFor(r: Reading, o: Owed): Text {
  const path = o.example ? pathOf(r.ctx.state, o.example) : undefined;
  const d = path ? subcommandOf(r.ctx.state, path) : undefined;
  return d && accepts(r, path!, d, o.example!) ? owedLine(o) : o.text;
}

/**
 * A subcommand in /help all: its description in the reader's words where the catalog has it as `d`
 * says it: the command's or subcommand's, a lone subcommand's own (which may say more than its
 * command's), or the battle's rule system's variant of it.
 */
function entry(path: string, d: SubcommandDef, system: string | undefined, example = d.example): Text {
  const at = path.trim().split(' ');
  const own = at.length === 1 ? [...at, ''] : at;
  const keys = [descriptionKey(at), descriptionKey(own), ...(system ? [variantKey(own, system)] : [])];
  const key = keys.find((k) => messages(FALLBACK).get(k) === literal(d.description));
  return say('slash.help.entry', { path: path.trim(), description: key ? say(key) : d.description, example });
}

/** Always at hand in a battle: what anyone reads, and the GM's walk through the turn. */
const ANY_TIME = ['battle status', 'battle log', 'unit show', 'roll', 'ballot status'];
const GM_TIME = ['phase next', 'phase goto', 'turn next', 'battle undo'];

/**
 * /help: outside a battle, how to start one; in a battle, the phase it is in (who acts, its commands
 * with an example, what it owes) and what is always at hand, short. `all` lists every subcommand the
 * user may use here, one example each.
 */
export function helpText(ctx: InvokeContext, all = false): Text {
  const s = ctx.state;
  if (!s && ctx.campaign && !all) return campaignHelp(ctx, ctx.campaign);
  if (!s || all) return everything(ctx);
  const info = getRuleSystem(s.system).sequence.describe(s.position);
  const r = reading(s, ctx.actor, ctx.app.now().toISOString());
  const p = s.position;
  const head = p.period
    ? say('slash.help.phaseAt', { turn: String(p.turn), period: p.period, number: String(info.number), phase: info.name, id: info.id })
    : say('slash.help.phase', { turn: String(p.turn), number: String(info.number), phase: info.name, id: info.id });
  const out: Text[] = [head, ...guide(r)];
  if (r.ctx.owed.length) out.push(say('slash.help.owed'), ...r.ctx.owed.map((o) => say('core.bullet', { step: owedFor(r, o) })));
  const may = (paths: string[]) => paths.filter((p) => subcommandOf(s, p) && mayUse(subcommandOf(s, p)!.who, s, ctx.actor) === true).map((p) => `/${p}`);
  out.push(say('slash.help.anyTime', { commands: dotted(may(ANY_TIME)) }));
  const gm = may(GM_TIME);
  if (gm.length) out.push(say('slash.help.gm', { commands: dotted(gm) }));
  out.push(say('slash.help.everything'));
  return lines(...out);
}

/** Always at hand in a campaign's channel: what anyone reads, and what a GM does between turns. */
const CAMPAIGN_ANY_TIME = ['status', 'army show', 'unit show', 'report'];
const CAMPAIGN_GM_TIME = ['turn open', 'battle start', 'unit set', 'army reinforce'];
/** What a GM still does once the campaign has ended: its page (ShareCampaign, RevokeCampaignShare). */
const CAMPAIGN_AFTER_END = ['share', 'unshare'];

/**
 * /help in a campaign's channel (issue 41): what the campaign waits for now and from whom, the
 * reader's own with the command to type; once it has ended, how its log is read here.
 */
function campaignHelp(ctx: InvokeContext, c: CampaignState): Text {
  const gm = isCampaignGm(c, ctx.actor);
  const t = currentTurn(c);
  const named = { campaign: c.name, id: c.id };
  const out: Text[] = [c.ended ? say('slash.help.campaignEnded', named) : t ? say('slash.help.campaignTurn', { ...named, turn: String(t.number) }) : say('slash.help.campaign', named)];
  const may = (paths: string[]) => {
    const cmd = commands().find((x) => x.name === 'campaign');
    return paths.filter((p) => cmd?.subcommands[p] && mayUseCampaign(cmd.subcommands[p].who, c, ctx.actor) === true).map((p) => `/campaign ${p}`);
  };
  if (c.ended) {
    out.push(say('slash.help.campaignLog', { commands: dotted(may(CAMPAIGN_ANY_TIME)) }));
    if (gm) out.push(say('slash.help.gm', { commands: dotted(may(CAMPAIGN_AFTER_END)) }));
  }
  else {
    out.push(say('slash.help.due'), ...dueNow(c).map((d) => dueLine(c, d, ctx.actor)), say('slash.help.anyTime', { commands: dotted(may(CAMPAIGN_ANY_TIME)) }));
    if (gm) out.push(say('slash.help.gm', { commands: dotted(may(CAMPAIGN_GM_TIME)) }));
  }
  out.push(say('slash.help.everything'));
  return lines(...out);
}

/** Every subcommand the user may use now, in this channel, with one example each: in a battle, built for them (the one open now where there is one). */
function everything(ctx: InvokeContext): Text {
  const out: Text[] = [];
  const r = ctx.state && reading(ctx.state, ctx.actor, ctx.app.now().toISOString());
  for (const c of commands()) {
    for (const [name, shared] of Object.entries(c.subcommands) as [string, SubcommandDef][]) {
      const s = (ctx.state && shared.variants?.[ctx.state.system]) || shared;
      if (s.scope === 'campaign') {
        // A campaign's commands are its channel's (by its roles), and where there is neither a battle nor a campaign, its creation.
        // An ended campaign is read (its queries), and its page shared, no more (issue 41).
        const open = ctx.campaign && (!ctx.campaign.ended || s.query !== undefined || CAMPAIGN_AFTER_END.includes(name));
        const here = !ctx.state && (ctx.campaign ? open && s.needsCampaign !== false && mayUseCampaign(s.who, ctx.campaign, ctx.actor) === true : s.needsCampaign === false);
        if (here) out.push(entry(`${c.name} ${name}`, s, undefined));
        continue;
      }
      if (s.needsBattle !== false && !ctx.state) continue;
      if (s.needsBattle === false && name === 'create' && ctx.state) continue;
      if (ctx.state && shared.systems && !shared.systems.includes(ctx.state.system)) continue;
      if (mayUse(s.who, ctx.state, ctx.actor) !== true) continue;
      out.push(entry(`${c.name} ${name}`, s, ctx.state?.system, r && exampleAnyway(r, `${c.name} ${name}`.trim(), s)));
    }
  }
  if (!ctx.state) out.push('', ctx.campaign && !ctx.campaign.ended ? say('slash.help.noBattleYetCampaign', { campaign: ctx.campaign.name }) : say('slash.help.noBattleYet'));
  return lines(...out);
}
