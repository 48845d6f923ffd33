import { firstLine, say, type Text } from '../../i18n/text.ts';
import { describeEvent, phaseNameOf, rulesNameStart, systemName, toldToChannel } from '../../battle/describe.ts';
import { houseUploadText, openValuesText } from '../../battle/house.ts';
import type { LoggedEvent } from '../../battle/events.ts';
import { foldAll } from '../../battle/replay.ts';
import type { BattleState } from '../../battle/state.ts';
import { getRuleSystem } from '../../battle/registry.ts';
import { mention, type Message } from '../../messages.ts';
import { bookmarkLine, linkMessages, privateMessages, type ShareBase } from './private-messages.ts';
import { phaseGuide, positionSaid } from '../slash/help.ts';

/**
 * What the channel is told of newly appended events, and the invoking user's reply.
 * An order of battle import is summed up rather than listed line by line. `share` writes out the
 * addresses of the links the events made; without it they are named by id only.
 */
export function announce(before: BattleState, after: BattleState, events: LoggedEvent[], actor: string, share?: ShareBase): { posts: Message[]; reply: Message } {
  const channel = after.channel;
  const last = events.at(-1)!.version;
  const first = events[0]!.event;
  const lines: Text[] = [];
  const extra: Message[] = [];
  const answer: Text[] = [];
  // /phase goto logs each phase it passes: all but the last read as one line each.
  const entered = events.filter((e) => e.event.type === 'PhaseAdvanced').at(-1);
  // What the actor alone is told of events the channel never hears of (a changed vote, issue 37).
  const untold: Text[] = [];
  // A file of house rules (/house upload) is told in one list, as an import is summed up.
  const uploaded = first.type === 'HouseRuleSet' && first.data.source ? events.flatMap((e) => (e.event.type === 'HouseRuleSet' ? [e.event] : [])) : undefined;
  foldAll(before, events, (e, s) => {
    const told = toldToChannel(e.event, s);
    if (!told) untold.push(describeEvent(e.event, s));
    else if (e.event.type === 'PhaseAdvanced' && e !== entered) lines.push(say('messages.announce.passed', { position: positionSaid(e.event.data.to, e.event.data.phaseNumber), phase: phaseNameOf(after.system, e.event.data) }));
    else if (uploaded) {
      if (e === events[0]) lines.push(...houseUploadText(uploaded));
    } else if (first.type !== 'OrderOfBattleImported' || e === events[0]) lines.push(describeEvent(e.event, s));
    const more = privateMessages(e.event, after);
    if (told) lines.push(...more.lines);
    extra.push(...more.messages);
    if (share && e.event.type === 'ShareLinkCreated') {
      const link = linkMessages(e.event, after, share);
      lines.push(...link.lines);
      extra.push(...link.messages);
      answer.push(...link.reply);
      if (share.note && !answer.includes(share.note)) answer.push(share.note);
    }
    if (share && e.event.type === 'BookmarkAdded') lines.push(...bookmarkLine(e.event, after, share));
  });
  let title: Text | undefined;
  switch (first.type) {
    case 'BattleCreated': {
      const system = getRuleSystem(first.data.system);
      title = say('messages.announce.battle', { name: first.data.name, id: first.data.battleId });
      lines.push(say('messages.announce.created', { system: systemName(system.id), gm: mention(first.data.gm) }));
      // A campaign's battle starts with the campaign's house rules (issue 41): only those left are open.
      const open = (system.house ?? []).filter((r) => !Object.hasOwn(after.house, r.key));
      if (open.length) lines.push(openValuesText(open, rulesNameStart(system.id), open.length === system.house!.length ? system.houseFile : undefined));
      if (first.data.seedHash) lines.push(say('messages.announce.commitment', { hash: `\`${first.data.seedHash}\`` }));
      lines.push(first.data.campaign ? say('messages.announce.campaignRoster', { campaign: first.data.campaign }) : say('messages.announce.next'));
      break;
    }
    case 'OrderOfBattleImported': {
      title = say('messages.announce.imported');
      // Counted in one pass each: a 10,000-unit import has hundreds of commands.
      const count = (sideIds: string[]) => sideIds.reduce((n, id) => n.set(id, (n.get(id) ?? 0) + 1), new Map<string, number>());
      const cmds = count(Object.values(after.commands).map((c) => c.sideId));
      const units = count(Object.values(after.units).map((u) => after.commands[u.commandId]?.sideId ?? ''));
      // The counts as the import's line prints them (battle.describe.imported): without digit groups.
      for (const side of Object.values(after.sides)) {
        const [commandsOf, unitsOf] = [cmds.get(side.id) ?? 0, units.get(side.id) ?? 0];
        lines.push(say('messages.announce.importedSide', { side: side.name, commands: commandsOf, commandCount: String(commandsOf), units: unitsOf, unitCount: String(unitsOf) }));
      }
      break;
    }

    case 'HouseRuleSet':
      if (uploaded) title = say('messages.announce.houseFrom', { source: first.data.source! });
      break;
    case 'BattleEnded':
      title = say('messages.announce.ended', { name: after.name });
      break;
    case 'ActionUndone':
      title = say('messages.announce.undone');
      break;
    case 'ShareLinkCreated':
      title = say('messages.announce.page', { name: after.name });
      break;
    case 'BallotOpened':
      title = say('messages.announce.ballotOpen', { id: first.data.ballotId, title: first.data.title });
      break;
    case 'VoteCast':
    case 'BallotRevealed':
      if (events.some((e) => e.event.type === 'BallotRevealed')) {
        const b = after.ballots[(first.data as { ballotId: string }).ballotId];
        title = b?.audience === 'gms' ? say('messages.announce.ballotClosed', { title: b.title }) : say('messages.announce.ballotRevealed', { title: b?.title ?? (first.data as { ballotId: string }).ballotId });
      }
      break;
  }
  // A phase entered (by /phase next, /turn next, /phase goto, after a waiver): its banner says who acts and with what.
  if (entered?.event.type === 'PhaseAdvanced') {
    const to = entered.event.data.to;
    title = to.period ? say('messages.announce.bannerAt', { turn: String(to.turn), period: to.period, phase: phaseNameOf(after.system, entered.event.data) }) : say('messages.announce.banner', { turn: String(to.turn), phase: phaseNameOf(after.system, entered.event.data) });
    lines.push(...phaseGuide(after, entered.at));
  }
  const post: Message = { to: { kind: 'channel', channel }, text: { lines }, event: last };
  if (title) post.title = title;
  // A resolution's structured outcome rides with the post: every die and modifier, for --json and embeds.
  const resolved = events.map((e) => e.event.data as { outcome?: unknown; dice?: unknown }).filter((d) => d.outcome !== undefined);
  if (resolved.length) post.outcome = resolved.length === 1 ? { ...resolved[0]!.outcome!, dice: resolved[0]!.dice } : resolved.map((d) => ({ ...d.outcome!, dice: d.dice }));
  // A vote changes only who has voted: one status post per ballot, edited in place where possible.
  if (first.type === 'VoteCast' && !title) post.status = `ballot:${after.id}:${first.data.ballotId}`;
  const reply: Message = { to: { kind: 'reply', user: actor, channel }, text: { lines: [say('app.done', { events: events.length > 1 ? `${events[0]!.version}-${last}` : `${last}`, what: firstLine(lines[0] ?? untold[0]!) }), ...answer] } };
  // A reply carrying addresses for the GM alone says more than the post: not an acknowledgement
  // tied to its event, which the table would hold back as repeating the post (src/table/table.ts).
  if (!answer.length) reply.event = last;
  // Events the channel is not told of post nothing there, not even an unchanged status.
  return { posts: lines.length ? [post, ...extra] : extra, reply };
}
