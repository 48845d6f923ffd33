import { owedLine } from '../../battle/advance.ts';
import { positionText } from '../../battle/describe.ts';
import { getRuleSystem } from '../../battle/registry.ts';
import type { BattleState } from '../../battle/state.ts';
import type { Owed } from '../../battle/system.ts';
import { dueLine, dueNow } from '../../campaign/due.ts';
import { currentTurn, isCampaignGm, type CampaignState } from '../../campaign/state.ts';
import { capitalize } from '../../messages.ts';
import type { InvokeContext, SubcommandDef } from './commands.ts';
import { accepts, exampleAnyway, exampleNow, pathOf, reading, subcommandOf, type Reading } from './examples.ts';
import { commands } from './registry.ts';
import { mayUse, mayUseCampaign } from './who.ts';

/**
 * The phase the battle is in, as its banner (`reader` undefined: the channel) and /help say it: who
 * acts, the commands the phase is for with an example each built for the reader now (examples.ts),
 * and those that are not open to them now, named. A GM's command is marked so on the banner.
 */
export const phaseGuide = (s: BattleState, now: string, reader?: string): string[] => guide(reading(s, reader, now));

function guide(r: Reading): string[] {
  const s = r.ctx.state;
  const system = getRuleSystem(s.system);
  const info = system.sequence.describe(s.position);
  const acts = system.acting?.(s, s.position) ?? info.acts;
  const lines: string[] = [];
  if (acts) lines.push(`Acts: ${acts}.`);
  const examples: string[] = [];
  const closed: string[] = [];
  for (const path of info.commands) {
    const d = subcommandOf(s, path);
    if (!d) continue;
    // The channel is shown what a player may type, else what only a GM may (a GM's ruling the rules ask for), marked so.
    const example = exampleNow(r, path, d);
    const gms = !example && !r.ctx.reader && d.who !== 'gm' ? exampleNow({ ...r, asGm: true }, path, d) : undefined;
    if (example || gms) examples.push(`• ${(d.who === 'gm' && !r.ctx.reader) || gms ? 'GM: ' : ''}${example ?? gms}`);
    else closed.push(`/${path}`);
  }
  if (examples.length) lines.push('Commands of this phase, for example:', ...examples);
  if (closed.length) lines.push(`${examples.length ? 'Also of this phase, n' : 'N'}ot open to ${r.ctx.reader ? 'you' : 'anyone'} now: ${closed.join(' · ')}`);
  return lines;
}

/** An owed item as /help shows it to a reader: its example only where the reader may do it now. */
function owedFor(r: Reading, o: Owed): string {
  const path = o.example ? pathOf(r.ctx.state, o.example) : undefined;
  const d = path ? subcommandOf(r.ctx.state, path) : undefined;
  return d && accepts(r, path!, d, o.example!) ? owedLine(o) : o.text;
}

const entry = (path: string, d: SubcommandDef, example = d.example): string => `/${path.trim()} — ${d.description}\n    e.g. ${example}`;

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
  if (!s && ctx.campaign && !all) return campaignHelp(ctx, ctx.campaign);
  if (!s || all) return everything(ctx);
  const info = getRuleSystem(s.system).sequence.describe(s.position);
  const r = reading(s, ctx.actor, ctx.app.now().toISOString());
  const lines = [`${capitalize(positionText(s.position, info.number))}: ${info.name} [${info.id}]`, ...guide(r)];
  if (r.ctx.owed.length) lines.push('Owed before the phase ends:', ...r.ctx.owed.map((o) => `• ${owedFor(r, o)}`));
  const may = (paths: string[]) => paths.filter((p) => subcommandOf(s, p) && mayUse(subcommandOf(s, p)!.who, s, ctx.actor) === true).map((p) => `/${p}`);
  lines.push(`Any time: ${may(ANY_TIME).join(' · ')}`);
  const gm = may(GM_TIME);
  if (gm.length) lines.push(`GM: ${gm.join(' · ')}`);
  lines.push('Everything you may use here: /help all:true');
  return lines.join('\n');
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
function campaignHelp(ctx: InvokeContext, c: CampaignState): string {
  const gm = isCampaignGm(c, ctx.actor);
  const t = currentTurn(c);
  const lines = [`${c.name} (campaign ${c.id})${c.ended ? ' has ended.' : t ? `, turn ${t.number}.` : '.'}`];
  const may = (paths: string[]) => {
    const cmd = commands().find((x) => x.name === 'campaign');
    return paths.filter((p) => cmd?.subcommands[p] && mayUseCampaign(cmd.subcommands[p].who, c, ctx.actor) === true).map((p) => `/campaign ${p}`);
  };
  if (c.ended) {
    lines.push(`Its log is read here: ${may(CAMPAIGN_ANY_TIME).join(' · ')}. A new campaign starts here with /campaign create.`);
    if (gm) lines.push(`GM: ${may(CAMPAIGN_AFTER_END).join(' · ')}`);
  }
  else {
    lines.push('Due now:', ...dueNow(c).map((d) => dueLine(c, d, ctx.actor)), `Any time: ${may(CAMPAIGN_ANY_TIME).join(' · ')}`);
    if (gm) lines.push(`GM: ${may(CAMPAIGN_GM_TIME).join(' · ')}`);
  }
  lines.push('Everything you may use here: /help all:true');
  return lines.join('\n');
}

/** Every subcommand the user may use now, in this channel, with one example each: in a battle, built for them (the one open now where there is one). */
function everything(ctx: InvokeContext): string {
  const lines: string[] = [];
  const r = ctx.state && reading(ctx.state, ctx.actor, ctx.app.now().toISOString());
  for (const c of commands()) {
    for (const [name, shared] of Object.entries(c.subcommands) as [string, SubcommandDef][]) {
      const s = (ctx.state && shared.variants?.[ctx.state.system]) || shared;
      if (s.scope === 'campaign') {
        // A campaign's commands are its channel's (by its roles), and where there is neither a battle nor a campaign, its creation.
        // An ended campaign is read (its queries), and its page shared, no more (issue 41).
        const open = ctx.campaign && (!ctx.campaign.ended || s.query !== undefined || CAMPAIGN_AFTER_END.includes(name));
        const here = !ctx.state && (ctx.campaign ? open && s.needsCampaign !== false && mayUseCampaign(s.who, ctx.campaign, ctx.actor) === true : s.needsCampaign === false);
        if (here) lines.push(entry(`${c.name} ${name}`, s));
        continue;
      }
      if (s.needsBattle !== false && !ctx.state) continue;
      if (s.needsBattle === false && name === 'create' && ctx.state) continue;
      if (ctx.state && shared.systems && !shared.systems.includes(ctx.state.system)) continue;
      if (mayUse(s.who, ctx.state, ctx.actor) !== true) continue;
      lines.push(entry(`${c.name} ${name}`, s, r && exampleAnyway(r, `${c.name} ${name}`.trim(), s)));
    }
  }
  if (!ctx.state) lines.push('', `There is no battle in this channel yet: start one with /battle create${ctx.campaign && !ctx.campaign.ended ? `, or a battle of the campaign ${ctx.campaign.name} with /campaign battle start in a channel of its own` : ''}.`);
  return lines.join('\n');
}
