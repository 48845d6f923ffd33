import { optionsText } from '../../battle/describe.ts';
import { houseValueText } from '../../battle/house.ts';
import type { CampaignEvent, LeaderResult, LoggedCampaignEvent, UnitResult } from '../../campaign/events.ts';
import { changesText } from '../../campaign/aftermath.ts';
import { figuresOf } from '../../campaign/decide.ts';
import { armyUsers, changesOrders, currentTurn, rulingLine, type CampaignState, type CampaignTurn } from '../../campaign/state.ts';
import { english } from '../../i18n/text.ts';
import { mention, plural, when, type Message } from '../../messages.ts';
import { ordersButtonId } from './buttons.ts';
import type { ShareBase } from './private-messages.ts';
import { shareUrl } from './share.ts';

const dm = (user: string, text: string, title: string, extra: Partial<Message> = {}): Message => ({ to: { kind: 'dm', user }, title, text, ...extra });

/** The key of a campaign's one status post, edited in place (Message.status). */
export const statusKey = (campaignId: string): string => `campaign:${campaignId}:status`;

/** How many armies the status post lists by name: Discord's embed description holds 4,096 characters. */
const STATUS_ARMIES = 30;
/** How many of the turn's GM rulings the status post lists, the latest. */
const STATUS_RULINGS = 10;

/**
 * The campaign's status post: the turn, its deadline in every reader's own time zone (a Discord
 * timestamp), and who has sent orders, never what. One post, pinned, edited in place.
 */
export function statusPost(s: CampaignState): Message {
  const t = currentTurn(s);
  const lines: string[] = [];
  if (!t) lines.push('No campaign turn has opened yet. A GM opens one with /campaign turn open.');
  else {
    lines.push(
      t.revealed
        ? `Turn ${t.number}: orders revealed.`
        : t.paused
          ? `Turn ${t.number}: orders open, **paused** by a GM${t.paused.remainingMs !== undefined ? ` with ${duration(t.paused.remainingMs)} left` : ''}.`
          : `Turn ${t.number}: orders due ${t.deadline ? when(t.deadline) : 'when all are in (no deadline)'}.`,
    );
    const armies = t.voters.map((v) => ({ v, army: s.armies[v.armyId]!, sent: !!t.orders[v.armyId] }));
    const sent = armies.filter((a) => a.sent);
    const waiting = armies.filter((a) => !a.sent);
    lines.push(`Orders in: ${sent.length} of ${armies.length}.`);
    // Orders a GM entered are marked so, as at the reveal; the mark is the first orders' (a change is told to nobody).
    const entered = (a: (typeof armies)[number]) => {
      const gm = t.enteredBy?.[a.v.armyId];
      return gm ? ` (entered by a GM, ${mention(gm)})` : '';
    };
    const list = (xs: typeof armies, mark: string, who: boolean) =>
      xs.slice(0, STATUS_ARMIES).map((a) => `${mark} ${a.army.name}${who ? ` (${a.v.users.length ? a.v.users.map(mention).join(', ') : 'no player: a GM enters its orders'})` : entered(a)}`);
    if (!t.revealed) {
      lines.push(...list(sent, '✅', false), ...list(waiting, '⏳', true));
      const cut = Math.max(0, sent.length - STATUS_ARMIES) + Math.max(0, waiting.length - STATUS_ARMIES);
      if (cut) lines.push(`…and ${plural(cut, 'more army', 'more armies')}.`);
    }
  }
  const running = Object.values(s.battles).filter((b) => b.stage === 'running' || b.stage === 'proposed');
  if (running.length) lines.push(`Battles: ${running.map((b) => `${b.name} (${b.id}, <#${b.channel}>${b.stage === 'proposed' ? ', result waiting for the GM' : ''})`).join('; ')}.`);
  const rulings = s.rulings.filter((r) => r.turn === (t?.number ?? 0));
  if (rulings.length) {
    lines.push(`GM's rulings ${t ? `in turn ${t.number}` : 'before the first turn'}:`);
    if (rulings.length > STATUS_RULINGS) lines.push(`…${plural(rulings.length - STATUS_RULINGS, 'earlier ruling')} (/campaign report lists them all).`);
    lines.push(...rulings.slice(-STATUS_RULINGS).map(rulingLine));
  }
  return { to: { kind: 'channel', channel: s.channel }, title: `${s.name} — campaign status`, text: lines.join('\n'), status: statusKey(s.id), pin: true };
}

const duration = (ms: number): string => {
  const m = Math.round(ms / 60_000);
  return m >= 120 ? `${Math.round(m / 60)} hours` : plural(m, 'minute');
};

/** The DM asking a player for an army's orders: a button that opens a text box, and the command to type where buttons cannot be used. */
export function ordersPrompt(s: CampaignState, t: CampaignTurn, armyId: string, user: string): Message {
  const army = s.armies[armyId]!;
  const mine = t.orders[armyId];
  const lines = [
    `${s.name}, turn ${t.number}: write the orders for ${army.name}.`,
    `Press "Write orders", or answer with /campaign orders send army:"${army.name}" orders:"…".`,
    `You can change them until the reveal${t.deadline ? ` (${when(t.deadline)})` : ''}. Nobody else sees them before then.`,
    ...(mine ? [`Your orders so far: ${mine.text}`] : []),
  ];
  return dm(user, lines.join('\n'), `Orders: ${army.name}, turn ${t.number}`, { buttons: [{ label: 'Write orders', customId: ordersButtonId(s.id, armyId) }] });
}

/** Every prompt still waiting for a user in a campaign: the orders of each army they send for, in the open turn. */
export function pendingOrderPrompts(s: CampaignState, user: string): Message[] {
  const t = currentTurn(s);
  if (!t || t.revealed) return [];
  return t.voters.filter((v) => v.users.includes(user)).map((v) => ordersPrompt(s, t, v.armyId, user));
}

/** A unit's line of a result: what the log proposed, or the GM's ruling with what the log proposed beside it. */
const unitLine = (r: UnitResult): string =>
  `${r.name}: ${r.before.figures} → ${figuresOf(r.after.attrs)} figures, ${r.after.status}${r.before.status !== r.after.status ? ` (was ${r.before.status})` : ''} — ${r.why.map(english).join('; ')}${changesText(r)}${
    r.ruling ? ` — GM's ruling (${mention(r.ruling.by)}): ${r.ruling.note}${r.proposed ? `; the log proposed ${figuresOf(r.proposed.attrs)} figures, ${r.proposed.status}` : ''}` : ''
  }`;

/** A leader's line of a result: fallen as the log shows it, or as a GM ruled, with what the log proposed beside it. */
const leaderLine = (l: LeaderResult, confirmed: boolean): string => {
  const fate = l.fate ?? 'fallen';
  const log = l.proposed === undefined ? '' : l.proposed === 'fit' ? '; the log proposed him unhurt' : `; the log proposed him ${l.proposed} (${l.why})`;
  const why = l.ruling ? ` — GM's ruling (${mention(l.ruling.by)}): ${l.ruling.note}${log}` : ` — ${l.why}`;
  return `Leader ${fate}: ${l.officer} (${l.command})${why}${confirmed && fate !== 'fit' ? '; the command fights on without him.' : ''}`;
};

/** One line of the campaign's log for a reader, and the messages it sends besides (prompts, receipts). */
function describe(e: CampaignEvent, s: CampaignState, actor: string): { line: string; messages: Message[] } {
  switch (e.type) {
    case 'CampaignCreated':
      return { line: `${mention(e.data.gm)} created the campaign "${e.data.name}" (${e.data.campaignId}). Next: /campaign side, /campaign join, /campaign army import.`, messages: [] };
    case 'CampaignGmAdded':
      return { line: `${mention(e.data.user)} is now a GM of the campaign.`, messages: [] };
    case 'CampaignSideAdded':
      return { line: `Side added: ${e.data.name}.`, messages: [] };
    case 'CampaignSideJoined':
      return { line: `${mention(e.data.user)} joined ${s.sides[e.data.sideId]!.name}.`, messages: [] };
    case 'ArmiesImported':
      return {
        line: `${s.sides[e.data.sideId]!.name} imported ${plural(e.data.armies.length, 'army', 'armies')} from ${e.data.source}: ${e.data.armies.map((a) => `${a.name} (${a.system}, ${plural(a.units.length, 'unit')}, ${a.units.reduce((n, u) => n + figuresOf(u.attrs), 0)} figures)`).join('; ')}.`,
        messages: [],
      };
    case 'UnitsReinforced':
      return { line: `Reinforcements for ${s.armies[e.data.armyId]!.name} (GM): ${e.data.units.map((u) => `${u.name} (${figuresOf(u.attrs)} figures)`).join(', ')}${e.data.note ? ` — ${e.data.note}` : ''}.`, messages: [] };
    case 'UnitStateSet': {
      const u = s.units[e.data.unitId]!;
      const leader = u.attrs.leader !== e.data.attrs.leader ? `, leader ${u.attrs.leader ?? 'none'} → ${e.data.attrs.leader ?? 'none'}` : '';
      return { line: `GM's ruling (${mention(actor)}) on ${u.name}: ${figuresOf(u.attrs)} → ${figuresOf(e.data.attrs)} figures, ${u.status} → ${e.data.status}${leader} — ${e.data.note}`, messages: [] };
    }
    case 'UnitTransferred': {
      const u = s.units[e.data.unitId]!;
      const where = e.data.from === e.data.to ? `from ${u.command} to ${e.data.command} of ${s.armies[e.data.to]!.name}` : `from ${s.armies[e.data.from]!.name} to ${s.armies[e.data.to]!.name} (${e.data.command})`;
      return { line: `${u.name} moved ${where} by a GM (${mention(actor)})${e.data.note ? ` — ${e.data.note}` : '.'}`, messages: [] };
    }
    case 'LeaderRuled': {
      const d = e.data;
      const army = s.armies[d.armyId]!.name;
      if (d.officer === undefined) return { line: `GM's ruling (${mention(d.by)}): ${d.replacement} leads ${d.command} of ${army} — ${d.note}`, messages: [] };
      const what = [d.fate ? (d.fate === 'fit' ? 'fit again' : d.fate) : '', d.replacement ? `replaced by ${d.replacement}${d.unitId ? `, who leads ${s.units[d.unitId]!.name}` : ''}` : ''].filter(Boolean).join(', ');
      const gone = d.fate && d.fate !== 'fit' && !d.replacement ? `; ${d.command} fights on without him until a GM names his replacement (replacement:)` : '';
      return { line: `GM's ruling (${mention(d.by)}) on ${d.officer} (${d.command} of ${army}): ${what}${gone} — ${d.note}`, messages: [] };
    }
    case 'ArmyAssigned': {
      const army = s.armies[e.data.armyId]!;
      const was = [...new Set(army.commands.filter((c) => e.data.commands.includes(c.name) && c.player).map((c) => mention(c.player!)))];
      // The battle keeps the players it was created with: its GM reassigns there.
      const fighting = Object.values(s.battles).filter((b) => b.stage === 'running' && b.armies.includes(army.id));
      return {
        line: `${mention(actor)} gave ${e.data.commands.join(', ')} of ${army.name} to ${mention(e.data.user)}${was.length ? ` (was ${was.join(', ')})` : ''}.${fighting.length ? ` In ${fighting.map((b) => `${b.name} (${b.id})`).join(', ')}, already under way, a GM of the battle does it with /command assign.` : ''}`,
        messages: [],
      };
    }
    case 'CampaignTurnOpened': {
      const orphans = e.data.voters.filter((v) => !v.users.length).map((v) => s.armies[v.armyId]!.name);
      return {
        line: `Turn ${e.data.turn} is open: orders for ${plural(e.data.voters.length, 'army', 'armies')}, due ${e.data.deadline ? when(e.data.deadline) : 'when all are in'}. Prompts went to each army's players by DM.${orphans.length ? ` No player for ${orphans.join(', ')}: a GM enters their orders with /campaign orders enter.` : ''}`,
        messages: [],
      };
    }
    case 'OrdersSent': {
      const army = s.armies[e.data.armyId]!;
      const t = s.turns.find((x) => x.number === e.data.turn)!;
      const users = t.voters.find((v) => v.armyId === army.id)?.users ?? [];
      const receipt = `Recorded for ${army.name}, turn ${e.data.turn}${e.data.onBehalf ? ` (entered by ${mention(e.data.by)} on your behalf)` : ''}:\n${e.data.text}\nYou can change them until the reveal.`;
      const to = new Set([...users, ...(e.data.onBehalf ? [e.data.by] : [])]);
      const line = changesOrders(s, e) ? `Orders for ${army.name} changed (nobody else is told).` : `Orders in for ${army.name}${e.data.onBehalf ? ` (entered by a GM, ${mention(e.data.by)})` : ''}.`;
      return { line, messages: [...to].map((u) => dm(u, receipt, `Orders recorded: ${army.name}`)) };
    }
    case 'OrdersReminded':
      return { line: `Reminded by DM: ${e.data.waitingFor.map((a) => s.armies[a]!.name).join(', ')}.`, messages: [] };
    case 'TurnDeadlineExtended':
      return { line: `Turn ${e.data.turn}'s deadline extended by ${mention(actor)}: orders now due ${when(e.data.deadline)}.`, messages: [] };
    case 'CampaignTurnPaused':
      return { line: `Turn ${e.data.turn} paused by ${mention(actor)}: its deadline is stopped${e.data.remainingMs !== undefined ? ` with ${duration(e.data.remainingMs)} left` : ''}.`, messages: [] };
    case 'CampaignTurnResumed':
      return { line: `Turn ${e.data.turn} resumed by ${mention(actor)}${e.data.deadline ? `: orders due ${when(e.data.deadline)}` : ''}.`, messages: [] };
    case 'OrdersRevealed':
      return {
        line: [
          `Turn ${e.data.turn}'s orders, revealed ${e.data.reason === 'all sent' ? 'as the last came in' : e.data.reason === 'deadline' ? 'at the deadline' : `by a GM (${mention(actor)})`}:`,
          ...e.data.orders.map((o) => `**${o.army}**: ${o.text === null ? '(no orders)' : `${o.text}${o.onBehalf ? ` (entered by a GM, ${mention(o.by!)})` : ''}`}`),
        ].join('\n'),
        messages: [],
      };
    case 'CampaignBattleStarted': {
      // A battle starts every unit as its rules start one: a unit routed in the campaign is the GM's to set there.
      const unfit = e.data.units.map((u) => s.units[u]!).filter((u) => u.status !== 'fit');
      const note = unfit.length ? ` Not fit in the campaign: ${unfit.map((u) => `${u.name} (${u.status})`).join(', ')}; the battle starts them as its rules start any unit, so a GM sets their state there as the scenario says.` : '';
      // Destroyed and captured units stay home: said, so nobody looks for them on the table.
      const drawn = new Set(e.data.units);
      const home = Object.values(s.units).filter((u) => e.data.armies.includes(u.armyId) && !drawn.has(u.unitId));
      const out = home.filter((u) => u.status === 'destroyed' || u.status === 'captured');
      const held = home.filter((u) => !out.includes(u));
      const left = `${out.length ? ` Left out: ${out.map((u) => `${u.name} (${u.status})`).join(', ')}.` : ''}${held.length ? ` Not fielded (a detachment fights): ${held.map((u) => u.name).join(', ')}.` : ''}`;
      const rules = [...(e.data.options ? [`options ${optionsText(e.data.system, e.data.options)}`] : []), ...(e.data.house?.length ? [`${plural(e.data.house.length, 'house rule')} (${e.data.house.map((h) => h.key).join(', ')})`] : [])];
      const ruled = rules.length ? ` It starts with the campaign's ${rules.join(' and ')}, listed in its first post.` : '';
      // Which original a rule counting losses (MED-MORALE-MOD.33) counts from, where the two differ (issue 41).
      const below = e.data.units.map((u) => s.units[u]!).filter((u) => figuresOf(u.attrs) < u.original);
      const carried = below.length ? ` Below their original strength: ${below.map((u) => `${u.name} ${figuresOf(u.attrs)} of ${u.original}`).join(', ')}; the battle counts a unit's losses from the figures it begins it with.` : '';
      return { line: `Battle "${e.data.name}" (${e.data.battleId}) begins in <#${e.data.channel}> under the ${e.data.system} rules: ${e.data.armies.map((a) => s.armies[a]!.name).join(' against ')}, ${plural(e.data.units.length, 'unit')} in their current state.${ruled}${left}${carried}${note}`, messages: [] };
    }
    case 'CampaignBattleCancelled':
      return { line: `Battle ${e.data.battleId} could not start: ${e.data.reason} Its units are free again.`, messages: [] };
    case 'BattleResultProposed':
      return {
        line: [
          `${s.battles[e.data.battleId]!.name} (${e.data.battleId}) has ended. ${e.data.result}`,
          `Proposed from its log (up to event ${e.data.through.version}, hash ${e.data.through.hash.slice(0, 12)}…):`,
          ...e.data.units.map(unitLine),
          ...e.data.leaders.map((l) => leaderLine(l, false)),
          `A GM confirms with /campaign battle confirm battle:${e.data.battleId}, or first rules on a unit or a leader with /campaign battle adjust.`,
        ].join('\n'),
        messages: [],
      };
    case 'BattleResultAdjusted': {
      const b = s.battles[e.data.battleId]!;
      const r = b.result!.units.find((x) => x.unitId === e.data.unitId)!;
      // A second ruling on the unit is set beside the log's proposal, not beside the first ruling.
      const log = r.proposed ?? r.after;
      return { line: `GM's ruling (${mention(e.data.by)}) on ${r.name} after ${b.name}: ${figuresOf(e.data.after.attrs)} figures, ${e.data.after.status}, where the log proposed ${figuresOf(log.attrs)}, ${log.status} — ${e.data.note}`, messages: [] };
    }
    case 'BattleLeaderAdjusted': {
      const d = e.data;
      const b = s.battles[d.battleId]!;
      const was = b.result!.leaders.find((l) => l.officer === d.officer);
      const log = was ? (was.proposed ?? was.fate ?? 'fallen') : 'fit';
      return { line: `GM's ruling (${mention(d.by)}) on ${d.officer} (${d.command}) after ${b.name}: ${d.fate}, where the log proposed him ${log === 'fit' ? 'unhurt' : log} — ${d.note}`, messages: [] };
    }
    case 'BattleResultApplied':
      return {
        line: [
          `${s.battles[e.data.battleId]!.name} (${e.data.battleId}): result confirmed by ${mention(actor)} and carried into the campaign.`,
          ...e.data.units.map(unitLine),
          ...e.data.leaders.map((l) => leaderLine(l, true)),
        ].join('\n'),
        messages: [],
      };
    case 'CampaignHouseRuleSet':
      return {
        line: `House rule ${e.data.key} (${e.data.rules.join(', ')}) of the campaign's ${e.data.system} battles: ${houseValueText(e.data.value)}, set by ${mention(e.data.by)}${e.data.source ? ` from ${e.data.source}` : ''}. Each ${e.data.system} battle it starts from now on starts with it, logged there; the battle's GM may change it there with /house set.`,
        messages: [],
      };
    case 'CampaignHouseRuleUnset':
      return { line: `House rule ${e.data.key} of the campaign's ${e.data.system} battles unset by ${mention(e.data.by)}: its battles start with it open.`, messages: [] };
    case 'CampaignOptionsSet':
      return {
        line: `Options of the campaign's ${e.data.system} battles, set by ${mention(e.data.by)}: ${optionsText(e.data.system, e.data.options) || 'none'}. Each ${e.data.system} battle it starts from now on is created with them, unless its /campaign battle start gives another.`,
        messages: [],
      };
    case 'CampaignEnded':
      return { line: `The campaign has ended (${mention(e.data.by)}). Its log can still be read, replayed and verified.`, messages: [] };
    case 'CampaignShared':
      return { line: `${mention(actor)} shared the campaign's page (link ${e.data.link}).`, messages: [] };
    case 'CampaignShareRevoked':
      return { line: `Link ${e.data.link} (the campaign's page) revoked by ${mention(e.data.by)}: it no longer opens.`, messages: [] };
  }
}

/**
 * The DMs of a GM's reassignment (issue 38): to each player who played the commands given, or sent
 * the army's orders and no longer does, and to the new player with the army's orders prompt if the
 * open turn now waits for them.
 */
function reassigned(before: CampaignState, after: CampaignState, d: Extract<CampaignEvent, { type: 'ArmyAssigned' }>['data'], actor: string): Message[] {
  const old = before.armies[d.armyId]!;
  const army = after.armies[d.armyId]!;
  const given = `${d.commands.join(', ')} of ${army.name}`;
  const sends = armyUsers(after, army);
  const told = new Set([...old.commands.filter((c) => d.commands.includes(c.name) && c.player).map((c) => c.player!), ...armyUsers(before, old).filter((u) => !sends.includes(u))]);
  told.delete(d.user);
  const title = `${after.name}: ${army.name} reassigned`;
  const out = [...told].map((u) =>
    dm(u, `${mention(actor)}, a GM of ${after.name}, gave ${given} to ${mention(d.user)}. ${sends.includes(u) ? `You still send ${army.name}'s orders.` : `You no longer send ${army.name}'s orders.`}`, title),
  );
  out.push(dm(d.user, `${mention(actor)}, a GM of ${after.name}, gave you ${given}: you send ${army.name}'s orders and play ${d.commands.length > 1 ? 'them' : 'it'} in its battles.`, title));
  const t = currentTurn(after);
  const asks = (s: CampaignState) => !!currentTurn(s)?.voters.some((v) => v.armyId === army.id && v.users.includes(d.user));
  if (t && !t.revealed && asks(after) && !asks(before)) out.push(ordersPrompt(after, t, army.id, d.user));
  return out;
}

/** Events whose post changes the status post's content. */
const STATUS_EVENTS = new Set<CampaignEvent['type']>([
  'CampaignTurnOpened',
  'ArmyAssigned',
  'UnitStateSet',
  'UnitTransferred',
  'LeaderRuled',
  'OrdersSent',
  'TurnDeadlineExtended',
  'CampaignTurnPaused',
  'CampaignTurnResumed',
  'OrdersRevealed',
  'CampaignBattleStarted',
  'CampaignBattleCancelled',
  'BattleResultProposed',
  'BattleResultApplied',
]);

/**
 * What the campaign's channel is told of new events, the DMs they send (prompts, receipts,
 * reminders), the status post when it changed, and the invoking user's reply. `share` writes out
 * the address of a link the events made.
 */
export function announceCampaign(
  before: CampaignState,
  after: CampaignState,
  events: LoggedCampaignEvent[],
  fold: (s: CampaignState, e: LoggedCampaignEvent) => CampaignState,
  actor: string,
  share?: ShareBase,
): { posts: Message[]; reply: Message } {
  const lines: string[] = [];
  const extra: Message[] = [];
  // What the actor alone is told of orders changed, which nobody else hears of (issue 37).
  const untold: string[] = [];
  let status = false;
  let s = before;
  // The last orders in are revealed with the rest: the reveal lists them once, and no receipt after
  // it offers to change them "until the reveal" (issue 39).
  const revealed = events.some((e) => e.event.type === 'OrdersRevealed');
  for (const e of events) {
    const next = fold(s, e);
    // Described against the state before it: a ruling shows what the log proposed, a change what it changed from.
    const d = describe(e.event, s, actor);
    const changed = changesOrders(s, e.event);
    if (!(revealed && e.event.type === 'OrdersSent')) {
      (changed ? untold : lines).push(d.line);
      extra.push(...d.messages);
    }
    // A change leaves the board as it was: not even an edit of it says that orders changed.
    if (STATUS_EVENTS.has(e.event.type) && !changed) status = true;
    if (share && e.event.type === 'CampaignShared') lines.push(`Campaign page (its battles, and what this channel was shown): ${shareUrl(share.base, share.key, after.id, e.event.data.link, 'c')}`);
    if (e.event.type === 'CampaignSideJoined') {
      // A player joining mid-turn is asked for the orders they now send.
      const user = e.event.data.user;
      extra.push(...pendingOrderPrompts(next, user).filter((p) => !pendingOrderPrompts(s, user).some((q) => q.title === p.title)));
    }
    if (e.event.type === 'ArmyAssigned') extra.push(...reassigned(s, next, e.event.data, actor));
    if (e.event.type === 'CampaignTurnOpened') {
      const t = currentTurn(next)!;
      extra.push(...t.voters.flatMap((v) => v.users.map((u) => ordersPrompt(next, t, v.armyId, u))));
    }
    if (e.event.type === 'OrdersReminded') {
      const t = currentTurn(next)!;
      const waiting = new Set(e.event.data.waitingFor);
      const late = t.voters.filter((v) => waiting.has(v.armyId));
      extra.push(...late.flatMap((v) => v.users.map((u) => { const p = ordersPrompt(next, t, v.armyId, u); return { ...p, title: `Reminder — ${p.title}`, text: `Reminder: turn ${t.number}'s orders are due ${t.deadline ? when(t.deadline) : 'soon'}.\n${p.text}` }; })));
    }
    s = next;
  }
  const version = events.at(-1)!.version;
  const first = events[0]!.event;
  const title = first.type === 'CampaignCreated' ? `Campaign "${first.data.name}" (${first.data.campaignId})` : `Campaign: ${after.name}`;
  const post: Message = { to: { kind: 'channel', channel: after.channel }, title, text: lines.join('\n'), event: version };
  // A reminder is for the late players alone: the channel already shows who is late on the status post.
  const quiet = events.every((e) => e.event.type === 'OrdersReminded');
  // What the channel reads of an order sent is the status post's: one post per order would bury it.
  const onlyOrders = events.every((e) => e.event.type === 'OrdersSent');
  const posts = [...(quiet || onlyOrders || !lines.length ? [] : [post]), ...(status ? [statusPost(after)] : []), ...extra];
  // Where the page's link will not open yet, the GM who shared is told why: the reply says more than
  // the post, so it is not held back at the table as an acknowledgement (its event left off).
  const note = share?.note && events.some((e) => e.event.type === 'CampaignShared') ? share.note : undefined;
  const reply: Message = { to: { kind: 'reply', user: actor, channel: after.channel }, text: onlyOrders ? [...untold, ...lines].join('\n') : [`Done (campaign event ${version}).`, ...(note ? [note] : [])].join('\n') };
  if (!note) reply.event = version;
  return { posts, reply };
}

