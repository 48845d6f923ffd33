import type { Text } from '../i18n/text.ts';
import { getRuleSystem, ownerOfEvent } from './registry.ts';
import { applyBallotEvent } from './ballots.ts';
import { applyHouseEvent } from './house.ts';
import { applyRollEvent } from './rolls.ts';
import { applyShareEvent } from './share.ts';
import { draft, own } from './draft.ts';
import type { BattleEvent, CoreEvent } from './events.ts';
import { initialState, type BattleState, type UndoEntry } from './state.ts';

const UNDO_DEPTH = 50;

const withoutKey = (rec: Record<string, string>, key: string): Record<string, string> => Object.fromEntries(Object.entries(rec).filter(([k]) => k !== key));

/** The effect of one event on a draft the caller owns, apart from version and undo bookkeeping. */
function apply(d: BattleState, e: BattleEvent, version: number): void {
  if (!ownerOfEvent(e.type)) applyCore(d, e as CoreEvent, version);
  // A rule system's own state follows its events and the core's (phases, units removed).
  getRuleSystem(d.system).evolve(d, e);
}

function applyCore(d: BattleState, e: CoreEvent, version: number): void {
  switch (e.type) {
    case 'BattleCreated': {
      const { battleId, name, system, channel, gm, seedHash, options, language } = e.data;
      const rules = getRuleSystem(system);
      Object.assign(d, { ...initialState(battleId), version: d.version, diceCursor: d.diceCursor, name, system, channel, language: language ?? 'en', gms: [gm], seedHash, position: rules.sequence.start, options: options ?? {}, rules: rules.initialState() });
      return;
    }
    case 'ActionHeld': {
      const { actor, action, need, dice } = e.data;
      const h = e.data.continues ? d.held : undefined;
      d.held = h ? { ...h, action, need, dice: { from: h.dice.from, to: dice.to, rolls: [...h.dice.rolls, ...dice.rolls] } } : { version, actor, action, need, dice };
      return;
    }
    case 'HeldActionResumed':
    case 'HeldActionSetAside':
      delete d.held;
      return;
    case 'GmAdded':
      own(d, 'gms').push(e.data.user);
      return;
    case 'GmRemoved':
      d.gms = d.gms.filter((u) => u !== e.data.user);
      return;
    case 'SideAdded':
      own(d, 'sides')[e.data.sideId] = { id: e.data.sideId, name: e.data.name, players: [], version };
      own(d, 'nextId').side++;
      return;
    case 'SideJoined': {
      const side = d.sides[e.data.sideId];
      if (side) own(d, 'sides')[side.id] = { ...side, players: [...side.players, e.data.user] };
      if (Object.hasOwn(d.joinRequests, e.data.user)) d.joinRequests = withoutKey(d.joinRequests, e.data.user);
      applyBallotEvent(d, e);
      return;
    }
    case 'JoinRequested':
      d.joinRequests = { ...d.joinRequests, [e.data.user]: e.data.sideId };
      return;
    case 'JoinRefused':
      d.joinRequests = withoutKey(d.joinRequests, e.data.user);
      return;
    case 'CommandAdded': {
      const { commandId, name, sideId, officer } = e.data;
      own(d, 'commands')[commandId] = officer ? { id: commandId, name, sideId, version, officer } : { id: commandId, name, sideId, version };
      own(d, 'nextId').command++;
      return;
    }
    case 'CommandAssigned': {
      const c = d.commands[e.data.commandId];
      if (c) own(d, 'commands')[c.id] = { ...c, player: e.data.user };
      applyBallotEvent(d, e);
      return;
    }
    case 'UnitAdded': {
      const { unitId, name, commandId, attrs } = e.data;
      own(d, 'units')[unitId] = { id: unitId, name, commandId, attrs };
      own(d, 'nextId').unit++;
      return;
    }
    case 'UnitEdited': {
      const u = d.units[e.data.unitId];
      if (!u) return;
      const { name = u.name, commandId = u.commandId, attrs } = e.data;
      // One literal of a unit's four fields: spreading the unit, then changing it, made this, the
      // commonest event of a long battle, nearly three times slower to fold.
      own(d, 'units')[u.id] = { id: u.id, name, commandId, attrs: { ...u.attrs, ...attrs } };
      return;
    }
    case 'UnitRemoved':
      delete own(d, 'units')[e.data.unitId];
      return;
    case 'OrderOfBattleImported':
      return;
    case 'DiceRolled':
    case 'RollRevealed':
    case 'SeedRevealed':
      applyRollEvent(d, e);
      return;
    case 'PhaseAdvanced':
      d.position = e.data.to;
      return;
    case 'DueWaived':
      d.waived = [...(d.waived ?? []), ...e.data.items.map((i) => i.key)];
      return;
    case 'BattleEnded':
      d.ended = true;
      return;
    case 'ActionUndone': {
      // Voided events are skipped by replay (replay.ts); here only the undo stack changes. By a set:
      // the undo of a 10,000-unit import voids 10,000 events of an entry of as many.
      const voids = new Set(e.data.voids);
      d.undoable = d.undoable.filter((u) => !u.versions.some((v) => voids.has(v)));
      return;
    }
    case 'BallotRevealed':
    case 'BallotOpened':
    case 'VoteCast':
    case 'VoteVoided':
    case 'BallotReminded':
      applyBallotEvent(d, e);
      return;
    case 'HouseRuleSet':
    case 'HouseRuleUnset':
      applyHouseEvent(d, e, version);
      return;
    case 'ShareLinkCreated':
    case 'ShareLinkRevoked':
    case 'BookmarkAdded':
    case 'BookmarkRemoved':
      applyShareEvent(d, e, version);
      return;
  }
}

/**
 * Events that cannot be undone: the battle's birth, an undo itself, the end (its seed is public),
 * what players and the umpire do in ballots (a vote is the voter's to change, not the GM's to undo;
 * a GM's void is answered by the voter's new vote),
 * a secret roll's reveal, and the page's links and bookmarks (share.ts): a link handed out is
 * revoked, never undone (its id would come back to a new link), and a bookmark is removed; an undo
 * passes over them to the battle's own last action.
 */
const UNDOABLE_NOT = new Set<BattleEvent['type']>(['BattleCreated', 'ActionUndone', 'HeldActionSetAside', 'BattleEnded', 'VoteCast', 'VoteVoided', 'BallotReminded', 'SeedRevealed', 'RollRevealed', 'ShareLinkCreated', 'ShareLinkRevoked', 'BookmarkAdded', 'BookmarkRemoved']);

/** Where the dice stream stands after an event that rolled (0 for one that did not). */
export const diceEnd = (e: BattleEvent): number => (e.data as { dice?: { to: number } }).dice?.to ?? 0;

export interface EventMeta {
  version: number;
  /** The request that appended the event; events of one request are undone together. */
  requestId: string | null;
  /**
   * The event in words, read from the state before it: asked only for an event that opens an undo
   * entry (the first of its request), so a long replay does not word every event.
   */
  describe: (e: BattleEvent, before: BattleState) => Text;
}

/** True when the event starts a new entry of the undo stack (bookkeep's last branch). */
function opensUndoEntry(d: BattleState, e: BattleEvent, meta: EventMeta): boolean {
  if (diceEnd(e) || UNDOABLE_NOT.has(e.type)) return false;
  const last = d.undoable.at(-1);
  return !(last && meta.requestId !== null && last.requestId === meta.requestId);
}

/**
 * The undo entry a state opened (or copied) itself while being folded, which it alone holds and so
 * may lengthen in place: copying an entry's versions at each event of its request made a request
 * of 10,000 events (an order of battle) quadratic to fold. A state drafted from it holds the same
 * entry but is another key here, so it copies the entry before changing it.
 */
const ownEntry = new WeakMap<BattleState, UndoEntry>();

/** Version, dice cursor and undo stack: what every logged event does besides its own effect. */
function bookkeep(d: BattleState, e: BattleEvent, meta: EventMeta, summary: Text): void {
  d.version = meta.version;
  const rolled = diceEnd(e);
  if (rolled > d.diceCursor) d.diceCursor = rolled;
  // An action that rolled dice is not undone: undoing it would be a way to roll again (docs/architecture.md, Dice).
  // A rules resolution (anything on the dice but a free /roll) also stands on what came before it, the
  // phase, the figures, the orders: none of that can be undone from under it.
  if (rolled) {
    if (e.type !== 'DiceRolled') d.undoable = [];
    else if (meta.requestId !== null && d.undoable.some((u) => u.requestId === meta.requestId)) d.undoable = d.undoable.filter((u) => u.requestId !== meta.requestId);
    return;
  }
  if (UNDOABLE_NOT.has(e.type)) return;
  const undoable = own(d, 'undoable');
  const last = undoable.at(-1);
  if (last && meta.requestId !== null && last.requestId === meta.requestId) {
    if (ownEntry.get(d) === last) last.versions.push(meta.version);
    else {
      // One literal, not a spread of `last`: a spread entry folds a long request's events far slower.
      const entry: UndoEntry = { versions: [...last.versions, meta.version], summary: last.summary, requestId: last.requestId };
      undoable[undoable.length - 1] = entry;
      ownEntry.set(d, entry);
    }
  } else {
    const entry: UndoEntry = { versions: [meta.version], summary, requestId: meta.requestId };
    undoable.push(entry);
    ownEntry.set(d, entry);
    if (undoable.length > UNDO_DEPTH) undoable.shift();
  }
}

/** One event's own effect, without bookkeeping, on a draft the caller owns (decide previews with it). */
export function applySetup(d: BattleState, e: BattleEvent): void {
  apply(d, e, d.version + 1);
}

/** evolve(state, event): the state after one logged event. Pure. */
export function evolve(s: BattleState, e: BattleEvent, meta: EventMeta): BattleState {
  const d = draft(s);
  evolveOwned(d, e, meta);
  return d;
}

/**
 * The same as `evolve` on a state the caller owns and nobody else sees (replay's fold), changed in
 * place: a long battle replays without copying its records at every event.
 */
export function evolveOwned(d: BattleState, e: BattleEvent, meta: EventMeta): void {
  const summary = opensUndoEntry(d, e, meta) ? meta.describe(e, d) : '';
  apply(d, e, meta.version);
  bookkeep(d, e, meta, summary);
}
