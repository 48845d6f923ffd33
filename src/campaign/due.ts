import { say, type Text } from '../i18n/text.ts';
import { mention, when } from '../messages.ts';
import { joined } from './words.ts';
import { currentTurn, sideOf, type CampaignState } from './state.ts';

/**
 * What a campaign waits for now, and from whom (issue 41): /help in its channel leads with it. Each
 * item is a GM's (`by` empty), the named users', or anyone's of no side yet; `example` is the command that does it.
 */
export interface Due {
  text: Text;
  by: string[] | 'anyone';
  example: Text;
}

const gm = (text: Text, example: Text): Due => ({ text, by: [], example });

/** Everything the campaign waits for now, its battles first (a unit in one fights no other), then the turn; nothing once it has ended. */
export function dueNow(s: CampaignState): Due[] {
  if (s.ended) return [];
  const sides = Object.values(s.sides);
  if (sides.length < 2) return [gm(say('campaign.due.twoSides', { campaign: s.name }), '/campaign side name:…')];
  const armies = Object.values(s.armies);
  const bare = sides.filter((side) => !armies.some((a) => a.sideId === side.id));
  if (bare.length)
    return bare.map((side) =>
      side.players.length
        ? { text: say('campaign.due.importArmies', { side: side.name }), by: side.players, example: '/campaign army import file:…' }
        : { text: say('campaign.due.player', { side: side.name }), by: 'anyone', example: `/campaign join side:${side.name}` },
    );
  const due: Due[] = [];
  for (const b of Object.values(s.battles)) {
    if (b.stage === 'running') due.push(gm(say('campaign.due.endBattle', { battle: b.name, id: b.id, channel: `<#${b.channel}>` }), `/battle end in <#${b.channel}>`));
    if (b.stage === 'proposed') due.push(gm(say('campaign.due.confirmResult', { battle: b.name, id: b.id }), say('campaign.due.confirmExample', { id: b.id })));
  }
  const t = currentTurn(s);
  if (t && !t.revealed) {
    if (t.paused) return [...due, gm(say('campaign.due.resume', { turn: String(t.number) }), '/campaign turn resume')];
    const due_ = t.deadline ? when(t.deadline) : undefined;
    for (const v of t.voters.filter((x) => !t.orders[x.armyId])) {
      const army = s.armies[v.armyId]!.name;
      const what = { army, turn: String(t.number), ...(due_ ? { deadline: due_ } : {}) };
      due.push(
        v.users.length
          ? { text: say(due_ ? 'campaign.due.ordersBy' : 'campaign.due.orders', what), by: v.users, example: `/campaign orders send army:"${army}" orders:"…"` }
          : gm(say(due_ ? 'campaign.due.ordersByNoPlayer' : 'campaign.due.ordersNoPlayer', what), `/campaign orders enter army:"${army}" orders:"…"`),
      );
    }
    return due;
  }
  if (due.length) return due;
  if (!t) return [gm(say('campaign.due.openFirst'), '/campaign turn open deadline:2d')];
  return [gm(say('campaign.due.revealed', { turn: String(t.number), next: String(t.number + 1) }), say('campaign.due.nextExample'))];
}

/** A due item as `reader` reads it: theirs with the command to type, else who it waits for. */
export function dueText(s: CampaignState, d: Due, reader: string): Text {
  const mine = d.by === 'anyone' ? !sideOf(s, reader) : d.by.length ? d.by.includes(reader) : s.gms.includes(reader);
  if (mine) return say('campaign.due.yours', { what: d.text, example: d.example });
  const who = d.by === 'anyone' ? say('campaign.due.anyone') : d.by.length ? joined(d.by.map(mention), 'or') : say('campaign.due.aGm');
  return say('campaign.due.waiting', { what: d.text, who });
}

/** A due item as /help lists it for `reader`: dueText, worded where it is shown. */
export const dueLine = (s: CampaignState, d: Due, reader: string): Text => dueText(s, d, reader);
