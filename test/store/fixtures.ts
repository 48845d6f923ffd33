import type { Message } from '../../src/messages.ts';
import { openDatabase, type Db } from '../../src/store/db.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import type { AppendMeta, NewEvent } from '../../src/store/types.ts';

export function memoryStore(): { db: Db; store: SqliteEventStore } {
  const db = openDatabase(':memory:');
  return { db, store: new SqliteEventStore(db) };
}

export const created = (battleId: string, channel = 'chan-1', name = 'Quatre Bras'): NewEvent => ({
  type: 'BattleCreated',
  data: { battleId, name, system: 'napoleonic', channel, gm: 'u-gm' },
});

export const meta = (requestId: string | null, at = '2025-06-16T14:00:00.000Z', actor = 'u-gm'): AppendMeta => ({
  actor,
  at,
  requestId,
});

export const post = (channel: string, text: string): Message => ({ to: { kind: 'channel', channel }, text });
export const dm = (user: string, text: string): Message => ({ to: { kind: 'dm', user }, text });
export const reply = (user: string, text: string): Message => ({ to: { kind: 'reply', user, channel: 'chan-1' }, text });

/** A campaign's first event (src/campaign/events.ts), as the campaign service appends it to stream `campaignId`. */
export const campaignCreated = (campaignId: string, channel = 'chan-1', name = 'The Hundred Days'): NewEvent => ({
  type: 'CampaignCreated',
  data: { campaignId, name, channel, gm: 'u-gm' },
});

export const campaignEnded: NewEvent = { type: 'CampaignEnded', data: { by: 'u-gm' } };
