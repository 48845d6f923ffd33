import type { BattleState, ShareLink } from '../battle/state.ts';
import { FALLBACK, type Locale } from '../i18n/locales.ts';
import type { Message } from '../messages.ts';
import { audienceOf, postsFor, type Audience } from './audience.ts';
import type { BattleData } from './battle-data.ts';

/** What a link sees of one version of a battle: its audience, the battle at its last event, and what it was told. */
export interface LinkView {
  audience: Audience;
  state: BattleState;
  posts: Map<number, Message<string>[]>;
}

/** Links' views kept a battle version: more are made again when asked for, the oldest left first. */
const MAX_VIEWS = 16;

/**
 * Views by the battle's data (one a version of its log) and link id (issue 38): an audience and its
 * posts are a pass over the whole log, so a step through a battle of 10,000 events would cost as
 * much as its timeline; made once a version, a step reads only the states around its event. A new
 * event makes new data, and so new views; old data, and its views, go with the BattleCache's entry.
 */
const made = new WeakMap<BattleData, Map<string, LinkView>>();

/**
 * The view of `link`, live in `now` (the battle at `data`'s last version), its posts worded in
 * `locale`. The language words the posts only: the audience is the link's whatever it is.
 */
export function viewOf(data: BattleData, link: ShareLink, now: BattleState, locale: Locale = FALLBACK): LinkView {
  let views = made.get(data);
  if (!views) made.set(data, (views = new Map()));
  const id = `${link.id} ${locale}`;
  const hit = views.get(id);
  if (hit) return hit;
  const audience = audienceOf(link, now, data.events);
  const view = { audience, state: data.stateAt(audience.through), posts: postsFor(audience, now.channel, data.posts, locale) };
  views.set(id, view);
  if (views.size > MAX_VIEWS) views.delete(views.keys().next().value!);
  return view;
}
