/** How rows are written and read back, the same in every store. */
import type { Destination, Message } from '../messages.ts';
import type { BattleRow, OutboxRow, PostRow, RequestResult } from './types.ts';

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

/** An outbox row as a stream's pages read it (EventStore.posts). */
export const toPostRow = (r: { message: string; version: number | null }): PostRow => ({ version: r.version, message: JSON.parse(r.message) as Message });

/** The id of the share key's row among the seeds: no stream is called so. */
export const SHARE_KEY_ROW = '~share';

/** Events that register (a battle or campaign created or ended): each store writes the registry's rows beside them. */
export const REGISTERING: ReadonlySet<string> = new Set(['BattleCreated', 'BattleEnded', 'CampaignCreated', 'CampaignEnded']);

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

/** A registry row as selected, `ended` still the stored 0/1. */
export type StoredBattleRow = Omit<BattleRow, 'ended'> & { ended: number };

export const toBattleRow = (b: StoredBattleRow): BattleRow => ({ ...b, ended: b.ended !== 0 });

/** The request id stored on a request's `index`-th event: `<requestId>#<index>` (null for events no request caused). */
export function eventRequestId(requestId: string, index: number): string;
export function eventRequestId(requestId: string | null, index: number): string | null;
export function eventRequestId(requestId: string | null, index: number): string | null {
  return requestId === null ? null : `${requestId}#${index}`;
}

/** The result stored on a request's first event (or its row of requests): the versions it appended and its replies. */
export function requestResultJson(firstVersion: number, count: number, replies: Message[]): string {
  // Written as JSON.stringify writes a RequestResult ({ versions, replies }), without building the array first: it is on every append's way.
  let versions = '';
  for (let i = 0; i < count; i++) versions += i === 0 ? `${firstVersion}` : `,${firstVersion + i}`;
  return `{"versions":[${versions}],"replies":${JSON.stringify(replies)}}`;
}

/** A stored result read back; none stored, none returned. */
export const parseRequestResult = (result: string | null | undefined): RequestResult | undefined =>
  result === undefined || result === null ? undefined : (JSON.parse(result) as RequestResult);
