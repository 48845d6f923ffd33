/** How rows are written and read back, the same in every store. */
import type { Destination, Message } from '../messages.ts';
import type { OutboxRow } from './types.ts';

/** Destination as JSON with a fixed key order, so one destination is always the same text. */
export function destinationJson(d: Destination): string {
  switch (d.kind) {
    case 'channel':
      return JSON.stringify({ kind: d.kind, channel: d.channel });
    case 'dm':
      return JSON.stringify({ kind: d.kind, user: d.user });
    case 'reply':
      return JSON.stringify({ kind: d.kind, user: d.user, channel: d.channel });
  }
}

/** An outbox row as selected, its JSON read back. */
export const toOutboxRow = (r: { id: number; battleId: string; destination: string; message: string; attempts: number; createdAt: string }): OutboxRow => ({
  id: r.id,
  battleId: r.battleId,
  destination: JSON.parse(r.destination) as Destination,
  message: JSON.parse(r.message) as Message,
  attempts: r.attempts,
  createdAt: r.createdAt,
});

interface BattleCreatedData {
  name: string;
  system: string;
  channel: string;
}

/** The registry's columns from a BattleCreated; one without them cannot be stored. */
export function battleCreatedData(battleId: string, data: unknown): BattleCreatedData {
  const d = data as Partial<Record<keyof BattleCreatedData, unknown>> | null;
  if (d && typeof d.name === 'string' && typeof d.system === 'string' && typeof d.channel === 'string') {
    return { name: d.name, system: d.system, channel: d.channel };
  }
  throw new Error(`BattleCreated of ${battleId} lacks name, system or channel`);
}
