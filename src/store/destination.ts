import type { Destination } from '../messages.ts';

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
