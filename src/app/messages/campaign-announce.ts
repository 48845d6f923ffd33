import { optionsText } from '../../battle/describe.ts';
import { houseValueText } from '../../battle/house.ts';
import { concat, joinedBy, lines, say, type Text } from '../../i18n/text.ts';
import type { CampaignEvent, LeaderResult, LoggedCampaignEvent, UnitResult } from '../../campaign/events.ts';
import { changesText } from '../../campaign/aftermath.ts';
import { figuresOf } from '../../campaign/decide.ts';
import { fateWord, joined, statusWord } from '../../campaign/words.ts';
import { armyUsers, changesOrders, currentTurn, rulingLine, type CampaignState, type CampaignTurn } from '../../campaign/state.ts';
import { mention, when, type Message } from '../../messages.ts';
import { ordersButtonId } from './buttons.ts';
import type { ShareBase } from './private-messages.ts';
import { shareUrl } from './share.ts';

const dm = (user: string, text: Text, title: Text, extra: Partial<Message> = {}): Message => ({ to: { kind: 'dm', user }, title, text, ...extra });

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
  const out: Text[] = [];
  if (!t) out.push(say('campaign.announce.noTurn'));
  else {
    const turn = String(t.number);
    out.push(
      t.revealed
        ? say('campaign.announce.turnRevealed', { turn })
        : t.paused
          ? t.paused.remainingMs !== undefined
            ? say('campaign.announce.turnPausedLeft', { turn, left: duration(t.paused.remainingMs) })
            : say('campaign.announce.turnPaused', { turn })
          : t.deadline
            ? say('campaign.announce.turnDue', { turn, deadline: when(t.deadline) })
            : say('campaign.announce.turnDueAllIn', { turn }),
    );
    const armies = t.voters.map((v) => ({ v, army: s.armies[v.armyId]!, sent: !!t.orders[v.armyId] }));
    const sent = armies.filter((a) => a.sent);
    const waiting = armies.filter((a) => !a.sent);
    out.push(say('campaign.announce.ordersIn', { sent: String(sent.length), total: String(armies.length) }));
    // Orders a GM entered are marked so, as at the reveal; the mark is the first orders' (a change is told to nobody).
    const line = (a: (typeof armies)[number], who: boolean): Text => {
      const army = a.army.name;
      if (who) return a.v.users.length ? say('campaign.announce.armyWaiting', { army, users: a.v.users.map(mention).join(', ') }) : say('campaign.announce.armyWaitingNobody', { army });
      const gm = t.enteredBy?.[a.v.armyId];
      return gm ? say('campaign.announce.armySentByGm', { army, user: mention(gm) }) : say('campaign.announce.armySent', { army });
    };
    const list = (xs: typeof armies, who: boolean) => xs.slice(0, STATUS_ARMIES).map((a) => line(a, who));
    if (!t.revealed) {
      out.push(...list(sent, false), ...list(waiting, true));
      const cut = Math.max(0, sent.length - STATUS_ARMIES) + Math.max(0, waiting.length - STATUS_ARMIES);
      if (cut) out.push(say('campaign.announce.moreArmies', { n: cut }));
    }
  }
  const running = Object.values(s.battles).filter((b) => b.stage === 'running' || b.stage === 'proposed');
  if (running.length) out.push(say('campaign.announce.battles', { battles: joinedBy(running.map((b) => {
          const values = { battle: b.name, id: b.id, channel: `<#${b.channel}>` };
          return b.stage === 'proposed' ? say('campaign.announce.battleProposed', values) : say('campaign.announce.battleRunning', values);
        }), '; ') }));
  const rulings = s.rulings.filter((r) => r.turn === (t?.number ?? 0));
  if (rulings.length) {
    out.push(t ? say('campaign.announce.rulingsInTurn', { turn: String(t.number) }) : say('campaign.announce.rulingsBeforeFirst'));
    if (rulings.length > STATUS_RULINGS) out.push(say('campaign.announce.earlierRulings', { n: rulings.length - STATUS_RULINGS }));
    out.push(...rulings.slice(-STATUS_RULINGS).map(rulingLine));
  }
  return { to: { kind: 'channel', channel: s.channel }, title: say('campaign.announce.statusTitle', { campaign: s.name }), text: lines(...out), status: statusKey(s.id), pin: true };
}

const duration = (ms: number): Text => {
  const m = Math.round(ms / 60_000);
  return m >= 120 ? say('campaign.announce.hours', { n: String(Math.round(m / 60)) }) : say('campaign.announce.minutes', { n: m });
};

/** The DM asking a player for an army's orders: a button that opens a text box, and the command to type where buttons cannot be used. */
export function ordersPrompt(s: CampaignState, t: CampaignTurn, armyId: string, user: string): Message {
  const army = s.armies[armyId]!;
  const mine = t.orders[armyId];
  const turn = String(t.number);
  const text = lines(
    say('campaign.announce.promptHead', { campaign: s.name, turn, army: army.name }),
    say('campaign.announce.promptHow', { army: army.name }),
    t.deadline ? say('campaign.announce.promptChangeDeadline', { deadline: when(t.deadline) }) : say('campaign.announce.promptChange'),
    ...(mine ? [say('campaign.announce.promptSoFar', { orders: mine.text })] : []),
  );
  return dm(user, text, say('campaign.announce.promptTitle', { army: army.name, turn }), { buttons: [{ label: say('campaign.announce.writeOrders'), customId: ordersButtonId(s.id, armyId) }] });
}

/** Every prompt still waiting for a user in a campaign: the orders of each army they send for, in the open turn. */
export function pendingOrderPrompts(s: CampaignState, user: string): Message[] {
  const t = currentTurn(s);
  if (!t || t.revealed) return [];
  return t.voters.filter((v) => v.users.includes(user)).map((v) => ordersPrompt(s, t, v.armyId, user));
}

/** A unit's line of a result: what the log proposed, or the GM's ruling with what the log proposed beside it. */
const unitLine = (r: UnitResult): Text => {
  const ruling: Text = r.ruling
    ? r.proposed
      ? say('campaign.announce.unitRulingProposed', { user: mention(r.ruling.by), note: r.ruling.note, figures: String(figuresOf(r.proposed.attrs)), status: statusWord(r.proposed.status) })
      : say('campaign.announce.unitRuling', { user: mention(r.ruling.by), note: r.ruling.note })
    : '';
  const values = { unit: r.name, before: String(r.before.figures), after: String(figuresOf(r.after.attrs)), status: statusWord(r.after.status), was: statusWord(r.before.status), why: joinedBy(r.why, '; '), changes: changesText(r), ruling };
  return r.before.status !== r.after.status ? say('campaign.announce.unitWas', values) : say('campaign.announce.unit', values);
};

/** A leader's line of a result: fallen as the log shows it, or as a GM ruled, with what the log proposed beside it. */
const leaderLine = (l: LeaderResult, confirmed: boolean): Text => {
  const fate = l.fate ?? 'fallen';
  const who = { fate: fateWord(fate), officer: l.officer, command: l.command };
  const line = !l.ruling
    ? say('campaign.announce.leader', { ...who, why: l.why })
    : l.proposed === undefined
      ? say('campaign.announce.leaderRuling', { ...who, user: mention(l.ruling.by), note: l.ruling.note })
      : l.proposed === 'fit'
        ? say('campaign.announce.leaderRulingUnhurt', { ...who, user: mention(l.ruling.by), note: l.ruling.note })
        : say('campaign.announce.leaderRulingProposed', { ...who, user: mention(l.ruling.by), note: l.ruling.note, proposed: fateWord(l.proposed), why: l.why });
  return confirmed && fate !== 'fit' ? concat(line, say('campaign.announce.fightsOn')) : line;
};

/** One line of the campaign's log for a reader, and the messages it sends besides (prompts, receipts). */
function describe(e: CampaignEvent, s: CampaignState, actor: string): { line: Text; messages: Message[] } {
  switch (e.type) {
    case 'CampaignCreated':
      return { line: say('campaign.announce.created', { gm: mention(e.data.gm), campaign: e.data.name, id: e.data.campaignId }), messages: [] };
    case 'CampaignGmAdded':
      return { line: say('campaign.announce.gmAdded', { user: mention(e.data.user) }), messages: [] };
    case 'CampaignSideAdded':
      return { line: say('campaign.announce.sideAdded', { side: e.data.name }), messages: [] };
    case 'CampaignSideJoined':
      return { line: say('campaign.announce.sideJoined', { user: mention(e.data.user), side: s.sides[e.data.sideId]!.name }), messages: [] };
    case 'ArmiesImported': {
      const armies = e.data.armies.map((a) => say('campaign.announce.importedArmy', { army: a.name, system: a.system, units: a.units.length, figures: String(a.units.reduce((n, u) => n + figuresOf(u.attrs), 0)) }));
      return { line: say('campaign.announce.imported', { side: s.sides[e.data.sideId]!.name, n: e.data.armies.length, source: e.data.source, armies: joinedBy(armies, '; ') }), messages: [] };
    }
    case 'UnitsReinforced': {
      const values = { army: s.armies[e.data.armyId]!.name, units: joinedBy(e.data.units.map((u) => say('campaign.announce.unitFigures', { unit: u.name, figures: String(figuresOf(u.attrs)) })), ', ') };
      return { line: e.data.note ? say('campaign.announce.reinforcedNote', { ...values, note: e.data.note }) : say('campaign.announce.reinforced', values), messages: [] };
    }
    case 'UnitStateSet': {
      const u = s.units[e.data.unitId]!;
      const leader = u.attrs.leader !== e.data.attrs.leader ? say('campaign.announce.leaderChange', { from: u.attrs.leader ?? say('campaign.announce.none'), to: e.data.attrs.leader ?? say('campaign.announce.none') }) : '';
      return {
        line: say('campaign.announce.stateSet', { user: mention(actor), unit: u.name, before: String(figuresOf(u.attrs)), after: String(figuresOf(e.data.attrs)), was: statusWord(u.status), status: statusWord(e.data.status), leader, note: e.data.note }),
        messages: [],
      };
    }
    case 'UnitTransferred': {
      const u = s.units[e.data.unitId]!;
      const where =
        e.data.from === e.data.to
          ? say('campaign.announce.whereCommand', { from: u.command, command: e.data.command, army: s.armies[e.data.to]!.name })
          : say('campaign.announce.whereArmy', { from: s.armies[e.data.from]!.name, to: s.armies[e.data.to]!.name, command: e.data.command });
      const values = { unit: u.name, where, user: mention(actor) };
      return { line: e.data.note ? say('campaign.announce.movedNote', { ...values, note: e.data.note }) : say('campaign.announce.moved', values), messages: [] };
    }
    case 'LeaderRuled': {
      const d = e.data;
      const army = s.armies[d.armyId]!.name;
      if (d.officer === undefined) return { line: say('campaign.announce.replacementLeads', { user: mention(d.by), replacement: d.replacement ?? '', command: d.command, army, note: d.note }), messages: [] };
      const what: Text[] = [
        ...(d.fate ? [d.fate === 'fit' ? say('campaign.announce.fitAgain') : fateWord(d.fate)] : []),
        ...(d.replacement ? [d.unitId ? say('campaign.announce.replacedByLeading', { replacement: d.replacement, unit: s.units[d.unitId]!.name }) : say('campaign.announce.replacedBy', { replacement: d.replacement })] : []),
      ];
      const gone = d.fate && d.fate !== 'fit' && !d.replacement ? say('campaign.announce.gone', { command: d.command }) : '';
      return { line: say('campaign.announce.officerRuled', { user: mention(d.by), officer: d.officer, command: d.command, army, what: joinedBy(what, ', '), gone, note: d.note }), messages: [] };
    }
    case 'ArmyAssigned': {
      const army = s.armies[e.data.armyId]!;
      const was = [...new Set(army.commands.filter((c) => e.data.commands.includes(c.name) && c.player).map((c) => mention(c.player!)))];
      // The battle keeps the players it was created with: its GM reassigns there.
      const fighting = Object.values(s.battles).filter((b) => b.stage === 'running' && b.armies.includes(army.id));
      const values = { actor: mention(actor), commands: e.data.commands.join(', '), army: army.name, user: mention(e.data.user) };
      const gave = was.length ? say('campaign.announce.assignedWas', { ...values, was: was.join(', ') }) : say('campaign.announce.assigned', values);
      return {
        line: fighting.length ? concat(gave, say('campaign.announce.assignedFighting', { battles: joinedBy(fighting.map((b) => say('campaign.announce.battleIdName', { battle: b.name, id: b.id })), ', ') })) : gave,
        messages: [],
      };
    }
    case 'CampaignTurnOpened': {
      const orphans = e.data.voters.filter((v) => !v.users.length).map((v) => s.armies[v.armyId]!.name);
      const open = say('campaign.announce.turnOpened', { turn: String(e.data.turn), n: e.data.voters.length, due: e.data.deadline ? when(e.data.deadline) : say('campaign.announce.whenAllIn') });
      return { line: orphans.length ? concat(open, say('campaign.announce.orphans', { armies: orphans.join(', ') })) : open, messages: [] };
    }
    case 'OrdersSent': {
      const army = s.armies[e.data.armyId]!;
      const t = s.turns.find((x) => x.number === e.data.turn)!;
      const users = t.voters.find((v) => v.armyId === army.id)?.users ?? [];
      const turn = String(e.data.turn);
      const receipt = lines(
        e.data.onBehalf ? say('campaign.announce.recordedBehalf', { army: army.name, turn, user: mention(e.data.by) }) : say('campaign.announce.recorded', { army: army.name, turn }),
        e.data.text,
        say('campaign.announce.canChange'),
      );
      const to = new Set([...users, ...(e.data.onBehalf ? [e.data.by] : [])]);
      const line = changesOrders(s, e) ? say('campaign.announce.ordersChanged', { army: army.name }) : e.data.onBehalf ? say('campaign.announce.ordersInForByGm', { army: army.name, user: mention(e.data.by) }) : say('campaign.announce.ordersInFor', { army: army.name });
      return { line, messages: [...to].map((u) => dm(u, receipt, say('campaign.announce.recordedTitle', { army: army.name }))) };
    }
    case 'OrdersReminded':
      return { line: say('campaign.announce.reminded', { armies: e.data.waitingFor.map((a) => s.armies[a]!.name).join(', ') }), messages: [] };
    case 'TurnDeadlineExtended':
      return { line: say('campaign.announce.extended', { turn: String(e.data.turn), user: mention(actor), deadline: when(e.data.deadline) }), messages: [] };
    case 'CampaignTurnPaused': {
      const values = { turn: String(e.data.turn), user: mention(actor) };
      return { line: e.data.remainingMs !== undefined ? say('campaign.announce.pausedLeft', { ...values, left: duration(e.data.remainingMs) }) : say('campaign.announce.paused', values), messages: [] };
    }
    case 'CampaignTurnResumed': {
      const values = { turn: String(e.data.turn), user: mention(actor) };
      return { line: e.data.deadline ? say('campaign.announce.resumedDue', { ...values, deadline: when(e.data.deadline) }) : say('campaign.announce.resumed', values), messages: [] };
    }
    case 'OrdersRevealed': {
      const turn = String(e.data.turn);
      return {
        line: lines(
          e.data.reason === 'all sent' ? say('campaign.announce.revealedAllSent', { turn }) : e.data.reason === 'deadline' ? say('campaign.announce.revealedDeadline', { turn }) : say('campaign.announce.revealedByGm', { turn, user: mention(actor) }),
          ...e.data.orders.map((o) =>
            o.text === null ? say('campaign.announce.revealedNone', { army: o.army }) : o.onBehalf ? say('campaign.announce.revealedOrdersByGm', { army: o.army, orders: o.text, user: mention(o.by!) }) : say('campaign.announce.revealedOrders', { army: o.army, orders: o.text }),
          ),
        ),
        messages: [],
      };
    }
    case 'CampaignBattleStarted': {
      const withStatus = (u: { name: string; status: string }) => say('campaign.announce.unitStatus', { unit: u.name, status: statusWord(u.status) });
      // A battle starts every unit as its rules start one: a unit routed in the campaign is the GM's to set there.
      const unfit = e.data.units.map((u) => s.units[u]!).filter((u) => u.status !== 'fit');
      const note: Text[] = unfit.length ? [say('campaign.announce.notFit', { units: joinedBy(unfit.map(withStatus), ', ') })] : [];
      // Destroyed and captured units stay home: said, so nobody looks for them on the table.
      const drawn = new Set(e.data.units);
      const home = Object.values(s.units).filter((u) => e.data.armies.includes(u.armyId) && !drawn.has(u.unitId));
      const out = home.filter((u) => u.status === 'destroyed' || u.status === 'captured');
      const held = home.filter((u) => !out.includes(u));
      const left: Text[] = [...(out.length ? [say('campaign.announce.leftOut', { units: joinedBy(out.map(withStatus), ', ') })] : []), ...(held.length ? [say('campaign.announce.notFielded', { units: held.map((u) => u.name).join(', ') })] : [])];
      const rules: Text[] = [
        ...(e.data.options ? [say('campaign.announce.rulesOptions', { options: optionsText(e.data.system, e.data.options) })] : []),
        ...(e.data.house?.length ? [say('campaign.announce.rulesHouse', { n: e.data.house.length, keys: e.data.house.map((h) => h.key).join(', ') })] : []),
      ];
      const ruled: Text[] = rules.length ? [say('campaign.announce.startsWith', { rules: joined(rules, 'and') })] : [];
      // Which original a rule counting losses (MED-MORALE-MOD.33) counts from, where the two differ (issue 41).
      const below = e.data.units.map((u) => s.units[u]!).filter((u) => figuresOf(u.attrs) < u.original);
      const carried: Text[] = below.length ? [say('campaign.announce.belowOriginal', { units: joinedBy(below.map((u) => say('campaign.announce.unitOf', { unit: u.name, figures: String(figuresOf(u.attrs)), original: String(u.original) })), ', ') })] : [];
      const begins = say('campaign.announce.battleBegins', {
        battle: e.data.name,
        id: e.data.battleId,
        channel: `<#${e.data.channel}>`,
        system: e.data.system,
        armies: e.data.armies.map((a): Text => s.armies[a]!.name).reduce((a, b) => say('campaign.announce.against', { a, b })),
        n: e.data.units.length,
      });
      return { line: concat(begins, ...ruled, ...left, ...carried, ...note), messages: [] };
    }
    case 'CampaignBattleCancelled':
      return { line: say('campaign.announce.cancelled', { id: e.data.battleId, reason: e.data.reason }), messages: [] };
    case 'BattleResultProposed':
      return {
        line: lines(
          say('campaign.announce.ended', { battle: s.battles[e.data.battleId]!.name, id: e.data.battleId, result: e.data.result }),
          say('campaign.announce.proposedFrom', { version: String(e.data.through.version), hash: e.data.through.hash.slice(0, 12) }),
          ...e.data.units.map(unitLine),
          ...e.data.leaders.map((l) => leaderLine(l, false)),
          say('campaign.announce.confirmHow', { id: e.data.battleId }),
        ),
        messages: [],
      };
    case 'BattleResultAdjusted': {
      const b = s.battles[e.data.battleId]!;
      const r = b.result!.units.find((x) => x.unitId === e.data.unitId)!;
      // A second ruling on the unit is set beside the log's proposal, not beside the first ruling.
      const log = r.proposed ?? r.after;
      return {
        line: say('campaign.announce.resultAdjusted', {
          user: mention(e.data.by),
          unit: r.name,
          battle: b.name,
          figures: String(figuresOf(e.data.after.attrs)),
          status: statusWord(e.data.after.status),
          logFigures: String(figuresOf(log.attrs)),
          logStatus: statusWord(log.status),
          note: e.data.note,
        }),
        messages: [],
      };
    }
    case 'BattleLeaderAdjusted': {
      const d = e.data;
      const b = s.battles[d.battleId]!;
      const was = b.result!.leaders.find((l) => l.officer === d.officer);
      const log = was ? (was.proposed ?? was.fate ?? 'fallen') : 'fit';
      return { line: say('campaign.announce.leaderAdjusted', { user: mention(d.by), officer: d.officer, command: d.command, battle: b.name, fate: fateWord(d.fate), log: log === 'fit' ? say('campaign.announce.unhurt') : fateWord(log), note: d.note }), messages: [] };
    }
    case 'BattleResultApplied':
      return {
        line: lines(
          say('campaign.announce.applied', { battle: s.battles[e.data.battleId]!.name, id: e.data.battleId, user: mention(actor) }),
          ...e.data.units.map(unitLine),
          ...e.data.leaders.map((l) => leaderLine(l, true)),
        ),
        messages: [],
      };
    case 'CampaignHouseRuleSet': {
      const values = { key: e.data.key, rules: e.data.rules.join(', '), system: e.data.system, value: houseValueText(e.data.value), user: mention(e.data.by) };
      return { line: e.data.source ? say('campaign.announce.houseSetFrom', { ...values, source: e.data.source }) : say('campaign.announce.houseSet', values), messages: [] };
    }
    case 'CampaignHouseRuleUnset':
      return { line: say('campaign.announce.houseUnset', { key: e.data.key, system: e.data.system, user: mention(e.data.by) }), messages: [] };
    case 'CampaignOptionsSet':
      return { line: say('campaign.announce.optionsSet', { system: e.data.system, user: mention(e.data.by), options: optionsText(e.data.system, e.data.options) || say('campaign.announce.none') }), messages: [] };
    case 'CampaignEnded':
      return { line: say('campaign.announce.campaignEnded', { user: mention(e.data.by) }), messages: [] };
    case 'CampaignShared':
      return { line: say('campaign.announce.shared', { user: mention(actor), link: e.data.link }), messages: [] };
    case 'CampaignShareRevoked':
      return { line: say('campaign.announce.revoked', { link: e.data.link, user: mention(e.data.by) }), messages: [] };
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
  const values = { actor: mention(actor), campaign: after.name, commands: d.commands.join(', '), army: army.name };
  const sends = armyUsers(after, army);
  const told = new Set([...old.commands.filter((c) => d.commands.includes(c.name) && c.player).map((c) => c.player!), ...armyUsers(before, old).filter((u) => !sends.includes(u))]);
  told.delete(d.user);
  const title = say('campaign.announce.reassignedTitle', { campaign: after.name, army: army.name });
  const out = [...told].map((u) => dm(u, sends.includes(u) ? say('campaign.announce.reassignedStill', { ...values, user: mention(d.user) }) : say('campaign.announce.reassignedNoLonger', { ...values, user: mention(d.user) }), title));
  out.push(dm(d.user, say('campaign.announce.reassignedYou', { ...values, n: d.commands.length }), title));
  const t = currentTurn(after);
  const asks = (s: CampaignState) => !!currentTurn(s)?.voters.some((v) => v.armyId === army.id && v.users.includes(d.user));
  if (t && !t.revealed && asks(after) && !asks(before)) out.push(ordersPrompt(after, t, army.id, d.user));
  return out;
}

/** Two titles the same: the same words, or the same phrase with the same values. */
const same = (a: Text | undefined, b: Text | undefined): boolean => JSON.stringify(a) === JSON.stringify(b);

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
  const told: Text[] = [];
  const extra: Message[] = [];
  // What the actor alone is told of orders changed, which nobody else hears of (issue 37).
  const untold: Text[] = [];
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
      (changed ? untold : told).push(d.line);
      extra.push(...d.messages);
    }
    // A change leaves the board as it was: not even an edit of it says that orders changed.
    if (STATUS_EVENTS.has(e.event.type) && !changed) status = true;
    if (share && e.event.type === 'CampaignShared') told.push(say('campaign.announce.pageLink', { url: shareUrl(share.base, share.key, after.id, e.event.data.link, 'c') }));
    if (e.event.type === 'CampaignSideJoined') {
      // A player joining mid-turn is asked for the orders they now send.
      const user = e.event.data.user;
      extra.push(...pendingOrderPrompts(next, user).filter((p) => !pendingOrderPrompts(s, user).some((q) => same(q.title, p.title))));
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
      const reminder = say('campaign.announce.reminder', { turn: String(t.number), due: t.deadline ? when(t.deadline) : say('campaign.announce.soon') });
      extra.push(...late.flatMap((v) => v.users.map((u) => { const p = ordersPrompt(next, t, v.armyId, u); return { ...p, title: say('campaign.announce.reminderTitle', { title: p.title ?? '' }), text: lines(reminder, p.text) }; })));
    }
    s = next;
  }
  const version = events.at(-1)!.version;
  const first = events[0]!.event;
  const title = first.type === 'CampaignCreated' ? say('campaign.announce.titleCreated', { campaign: first.data.name, id: first.data.campaignId }) : say('campaign.announce.title', { campaign: after.name });
  const post: Message = { to: { kind: 'channel', channel: after.channel }, title, text: lines(...told), event: version };
  // A reminder is for the late players alone: the channel already shows who is late on the status post.
  const quiet = events.every((e) => e.event.type === 'OrdersReminded');
  // What the channel reads of an order sent is the status post's: one post per order would bury it.
  const onlyOrders = events.every((e) => e.event.type === 'OrdersSent');
  const posts = [...(quiet || onlyOrders || !told.length ? [] : [post]), ...(status ? [statusPost(after)] : []), ...extra];
  // Where the page's link will not open yet, the GM who shared is told why: the reply says more than
  // the post, so it is not held back at the table as an acknowledgement (its event left off).
  const note = share?.note && events.some((e) => e.event.type === 'CampaignShared') ? share.note : undefined;
  const reply: Message = { to: { kind: 'reply', user: actor, channel: after.channel }, text: onlyOrders ? lines(...untold, ...told) : lines(say('campaign.announce.done', { version: String(version) }), ...(note ? [note] : [])) };
  if (!note) reply.event = version;
  return { posts, reply };
}

