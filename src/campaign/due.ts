import { mention, when } from '../messages.ts';
import { currentTurn, sideOf, type CampaignState } from './state.ts';

/**
 * What a campaign waits for now, and from whom (issue 41): /help in its channel leads with it. Each
 * item is a GM's (`by` empty), the named users', or anyone's of no side yet; `example` is the command that does it.
 */
export interface Due {
  text: string;
  by: string[] | 'anyone';
  example: string;
}

const gm = (text: string, example: string): Due => ({ text, by: [], example });

/** Everything the campaign waits for now, its battles first (a unit in one fights no other), then the turn; nothing once it has ended. */
export function dueNow(s: CampaignState): Due[] {
  if (s.ended) return [];
  const sides = Object.values(s.sides);
  if (sides.length < 2) return [gm(`${s.name} needs two sides`, '/campaign side name:…')];
  const armies = Object.values(s.armies);
  const bare = sides.filter((side) => !armies.some((a) => a.sideId === side.id));
  if (bare.length)
    return bare.map((side) =>
      side.players.length ? { text: `${side.name}'s armies, to import`, by: side.players, example: '/campaign army import file:…' } : { text: `A player for ${side.name}`, by: 'anyone', example: `/campaign join side:${side.name}` },
    );
  const due: Due[] = [];
  for (const b of Object.values(s.battles)) {
    if (b.stage === 'running') due.push(gm(`${b.name} (${b.id}), fought in <#${b.channel}>, to end`, `/battle end in <#${b.channel}>`));
    if (b.stage === 'proposed') due.push(gm(`${b.name}'s result (${b.id}), to confirm`, `/campaign battle confirm battle:${b.id} (/campaign battle adjust first where the log cannot say)`));
  }
  const t = currentTurn(s);
  if (t && !t.revealed) {
    if (t.paused) return [...due, gm(`Turn ${t.number}, paused, to resume`, '/campaign turn resume')];
    const deadline = t.deadline ? `, due ${when(t.deadline)}` : '';
    for (const v of t.voters.filter((x) => !t.orders[x.armyId])) {
      const army = s.armies[v.armyId]!.name;
      due.push(
        v.users.length
          ? { text: `Orders for ${army}, turn ${t.number}${deadline}`, by: v.users, example: `/campaign orders send army:"${army}" orders:"…"` }
          : gm(`Orders for ${army}, turn ${t.number}${deadline} (it has no player)`, `/campaign orders enter army:"${army}" orders:"…"`),
      );
    }
    return due;
  }
  if (due.length) return due;
  if (!t) return [gm('Turn 1, to open', '/campaign turn open deadline:2d')];
  return [gm(`Turn ${t.number}'s orders are revealed; next, a battle in a channel of its own, or turn ${t.number + 1}`, '/campaign battle start (in the battle\'s channel) or /campaign turn open')];
}

/** A due item as `reader` reads it: theirs with the command to type, else who it waits for. */
export function dueLine(s: CampaignState, d: Due, reader: string): string {
  const mine = d.by === 'anyone' ? !sideOf(s, reader) : d.by.length ? d.by.includes(reader) : s.gms.includes(reader);
  const who = d.by === 'anyone' ? 'a player to join' : d.by.length ? d.by.map(mention).join(' or ') : 'a GM';
  return `• ${d.text} — ${mine ? `yours: ${d.example}` : `waiting for ${who}`}`;
}
