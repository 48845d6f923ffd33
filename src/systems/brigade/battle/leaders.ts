import { say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import { findSide, sideName, type Ruling } from '../../../battle/mechanics.ts';
import { clashText, findNamed, lookAlike, normalizeName, sameName } from '../../../battle/names.ts';
import type { BattleState } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import { brigadePack as pack, LEADER_KINDS, type LeaderKind, type LeaderReplacementOutcome } from '../index.ts';
import { brg, lines, setState } from './state.ts';

/** Leaders (BRG-1.2): declared by a GM, fallen (BRG-2.2.3, BRG-3.3.5), replaced at the start of a later turn. */
export type LeaderAction =
  | { type: 'BrigadeSetLeader'; name: string; side: string; kind: LeaderKind | null }
  | { type: 'BrigadeLeaderFell'; leader: string; rule: 'BRG-2.2.3' | 'BRG-3.3.5' };

export type LeaderEvent =
  | { type: 'BrigadeLeaderSet'; data: { name: string; sideId: string; kind: LeaderKind | null } }
  | { type: 'BrigadeLeaderFallen'; data: { turn: number; leader: string; kind: LeaderKind; sideId: string; rule: string; by: string; ruling?: Ruling } }
  | { type: 'BrigadeLeadersReplaced'; data: { turn: number; outcome: LeaderReplacementOutcome } };

const KINDS: Record<LeaderKind, Text> = {
  'army-commander': say('brigade.leaders.armyCommander'),
  'sub-general': say('brigade.leaders.subGeneral'),
  'brigade-commander': say('brigade.leaders.brigadeCommander'),
};
/** A leader's kind as a reader reads it ("army-commander" in English, as the roster writes it). */
export const kindText = (kind: LeaderKind): Text => KINDS[kind] ?? kind;

/** The leaders the battle knows (BRG-1.2): declared by a GM, then commands' officers (brigade commanders), one per name. */
function leaders(s: BattleState): { name: string; kind: LeaderKind; sideId: string }[] {
  const all = [
    ...Object.values(brg(s).leaders).map((l) => ({ name: l.name, kind: l.kind, sideId: l.sideId })),
    ...Object.values(s.commands).flatMap((c) => (c.officer ? [{ name: c.officer, kind: 'brigade-commander' as const, sideId: c.sideId }] : [])),
  ];
  return all.filter((l, i) => all.findIndex((x) => sameName(x.name, l.name)) === i);
}

/** A GM declares a leader's kind (BRG-1.2): army commander or Sub General; a brigade's officer is its brigade commander. */
export function setLeader(s: BattleState, a: Extract<LeaderAction, { type: 'BrigadeSetLeader' }>): BattleEvent[] {
  const side = findSide(s, a.side);
  const name = normalizeName(a.name);
  if (!name || name.length > 80) refuse(say('brigade.leaders.giveName'));
  if (a.kind !== null && !LEADER_KINDS.includes(a.kind)) refuse(say('brigade.leaders.kinds', { kinds: LEADER_KINDS.join(', '), got: a.kind }));
  // The same leader again takes his new kind; one who only looks like him would be a second leader.
  const like = lookAlike(leaders(s).map((l) => l.name), name);
  if (like !== undefined && !sameName(like, name)) refuse(say('brigade.leaders.looksLike', { clash: clashText('leader', name, like) }));
  return [{ type: 'BrigadeLeaderSet', data: { name, sideId: side.id, kind: a.kind } }];
}

/** The leader's name, kind and side as the battle knows them: declared by a GM, or a command's officer (brigade commander); by a look-alike if only one. */
function knownLeader(s: BattleState, name: string): { name: string; kind: LeaderKind; sideId: string } | undefined {
  return findNamed(leaders(s), name, (l) => l.name);
}

/** The Fallen Leader table is not in the source (BRG-2.2.3, BRG-3.3.5): a GM records that a leader fell; he is replaced by BRG-1.2. */
export function leaderFell(s: BattleState, a: Extract<LeaderAction, { type: 'BrigadeLeaderFell' }>, ctx: DecideContext): BattleEvent[] {
  const known = knownLeader(s, a.leader) ?? refuse(say('brigade.leaders.unknown', { leader: a.leader }));
  // As typed when it is his name (in any case), else the name he is known by.
  const leader = sameName(a.leader, known.name) ? normalizeName(a.leader) : known.name;
  if (brg(s).fallen.some((f) => sameName(f.leader, leader))) refuse(say('brigade.leaders.fallenAlready', { leader }));
  return [{ type: 'BrigadeLeaderFallen', data: { turn: s.position.turn, leader, kind: known.kind, sideId: known.sideId, rule: a.rule, by: ctx.actor } }];
}

export function evolveLeaders(d: BattleState, e: LeaderEvent): void {
  switch (e.type) {
    case 'BrigadeLeaderSet': {
      const key = e.data.name.toLowerCase();
      const { [key]: _old, ...rest } = brg(d).leaders;
      setState(d, { leaders: e.data.kind ? { ...rest, [key]: { name: e.data.name, kind: e.data.kind, sideId: e.data.sideId } } : rest });
      return;
    }
    case 'BrigadeLeaderFallen':
      setState(d, { fallen: [...brg(d).fallen, { leader: e.data.leader, kind: e.data.kind, sideId: e.data.sideId, removedTurn: e.data.turn }] });
      return;
    case 'BrigadeLeadersReplaced': {
      const back = e.data.outcome.replaced.map((r) => r.leader);
      setState(d, { fallen: brg(d).fallen.filter((f) => !back.includes(f.leader)) });
      return;
    }
  }
}

export function describeLeaders(e: LeaderEvent, s: BattleState): Text {
  switch (e.type) {
    case 'BrigadeLeaderSet':
      return e.data.kind
        ? say('brigade.leaders.set', { name: e.data.name, side: sideName(s, e.data.sideId), kind: kindText(e.data.kind) })
        : say('brigade.leaders.unset', { name: e.data.name, side: sideName(s, e.data.sideId) });
    case 'BrigadeLeaderFallen':
      return say('brigade.leaders.fallen', {
        leader: e.data.leader,
        kind: kindText(e.data.kind),
        side: sideName(s, e.data.sideId),
        rule: e.data.rule,
        turn: String(e.data.turn + (pack.leaders.replacedAfterTurns.find((r) => r.kind === e.data.kind)?.turns ?? 0)),
      });
    case 'BrigadeLeadersReplaced':
      return lines(say('brigade.leaders.headReplaced', { turn: String(e.data.turn) }), e.data.outcome.steps);
  }
}
