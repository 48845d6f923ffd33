import { getRuleSystem } from '../rules/index.ts';
import type { BattleEvent } from './events.ts';
import { initialState, type BattleState, type UndoEntry } from './state.ts';

const UNDO_DEPTH = 50;

const without = <T>(rec: Record<string, T>, key: string): Record<string, T> => {
  const { [key]: _gone, ...rest } = rec;
  return rest;
};

/** The effect of one event on the battle, apart from version and undo bookkeeping. Pure. */
export function evolveSetup(s: BattleState, e: BattleEvent): BattleState {
  switch (e.type) {
    case 'BattleCreated': {
      const { battleId, name, system, channel, gm, seedHash } = e.data;
      const base = initialState(battleId);
      const position = getRuleSystem(system).sequence.start;
      return { ...base, version: s.version, diceCursor: s.diceCursor, name, system, channel, gms: [gm], seedHash, position };
    }
    case 'GmAdded':
      return { ...s, gms: [...s.gms, e.data.user] };
    case 'GmRemoved':
      return { ...s, gms: s.gms.filter((u) => u !== e.data.user) };
    case 'SideAdded':
      return {
        ...s,
        sides: { ...s.sides, [e.data.sideId]: { id: e.data.sideId, name: e.data.name, players: [] } },
        nextId: { ...s.nextId, side: s.nextId.side + 1 },
      };
    case 'SideJoined': {
      const side = s.sides[e.data.sideId];
      if (!side) return s;
      return { ...s, sides: { ...s.sides, [side.id]: { ...side, players: [...side.players, e.data.user] } } };
    }
    case 'CommandAdded': {
      const { commandId, name, sideId, officer } = e.data;
      return {
        ...s,
        commands: { ...s.commands, [commandId]: officer ? { id: commandId, name, sideId, officer } : { id: commandId, name, sideId } },
        nextId: { ...s.nextId, command: s.nextId.command + 1 },
      };
    }
    case 'CommandAssigned': {
      const c = s.commands[e.data.commandId];
      if (!c) return s;
      return { ...s, commands: { ...s.commands, [c.id]: { ...c, player: e.data.user } } };
    }
    case 'UnitAdded': {
      const { unitId, name, commandId, attrs } = e.data;
      return {
        ...s,
        units: { ...s.units, [unitId]: { id: unitId, name, commandId, attrs } },
        nextId: { ...s.nextId, unit: s.nextId.unit + 1 },
      };
    }
    case 'UnitEdited': {
      const u = s.units[e.data.unitId];
      if (!u) return s;
      const edited = { ...u, attrs: { ...u.attrs, ...e.data.attrs } };
      if (e.data.name !== undefined) edited.name = e.data.name;
      if (e.data.commandId !== undefined) edited.commandId = e.data.commandId;
      return { ...s, units: { ...s.units, [u.id]: edited } };
    }
    case 'UnitRemoved':
      return { ...s, units: without(s.units, e.data.unitId) };
    case 'OrderOfBattleImported':
      return s;
    case 'PhaseAdvanced':
      return { ...s, position: e.data.to };
    case 'BattleEnded':
      return { ...s, ended: true };
    case 'ActionUndone':
      // Voided events are skipped by replay (replay.ts); here only the undo stack changes.
      return { ...s, undoable: s.undoable.filter((u) => !u.versions.some((v) => e.data.voids.includes(v))) };
  }
}

/** Events that cannot be undone: the battle's birth, an undo itself, and the end (its seed is public). */
const UNDOABLE_NOT = new Set<BattleEvent['type']>(['BattleCreated', 'ActionUndone', 'BattleEnded']);

export interface EventMeta {
  version: number;
  /** The request that appended the event; events of one request are undone together. */
  requestId: string | null;
  summary: string;
}

/** evolve(state, event): the state after one logged event. Pure. */
export function evolve(s: BattleState, e: BattleEvent, meta: EventMeta): BattleState {
  const next = evolveSetup(s, e);
  const rolled = (e.data as { dice?: { to: number } }).dice?.to ?? 0;
  const out: BattleState = { ...next, version: meta.version, diceCursor: Math.max(next.diceCursor, rolled) };
  if (UNDOABLE_NOT.has(e.type)) return out;
  const last = out.undoable.at(-1);
  const sameRequest = last && meta.requestId !== null && last.requestId === meta.requestId;
  const entry: UndoEntry = sameRequest
    ? { ...last, versions: [...last.versions, meta.version] }
    : { versions: [meta.version], summary: meta.summary, requestId: meta.requestId };
  const stack = sameRequest ? [...out.undoable.slice(0, -1), entry] : [...out.undoable, entry];
  return { ...out, undoable: stack.slice(-UNDO_DEPTH) };
}
