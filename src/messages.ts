/**
 * The neutral message model: what the bot says, to whom, before any adapter renders it
 * (Discord embeds and components, or lines at the local table).
 * User mentions in `text` are written `<@userId>` and rendered by the adapter.
 */
export type Destination =
  | { kind: 'channel'; channel: string }
  | { kind: 'dm'; user: string }
  /** The invoking user's own answer (ephemeral in Discord). */
  | { kind: 'reply'; user: string; channel: string };

export interface Button {
  label: string;
  /** Versioned custom id, e.g. `v1:ballot:<ballotId>:<option>`; carries no authority. */
  customId: string;
}

/** A file that goes with a message: a battle report's chart (PNG). */
export interface MessageFile {
  name: string;
  data: Uint8Array;
  /** What it shows, for people who cannot see it (Discord's attachment description). */
  description?: string;
}

export interface Message {
  to: Destination;
  /** Short heading (an embed's title in Discord). */
  title?: string;
  text: string;
  /** Structured outcome of a resolution, for `--json` and for embeds' fields. */
  outcome?: unknown;
  /** The log version the message reports. */
  event?: number;
  buttons?: Button[];
  /** Set on replies that refuse an action. */
  error?: boolean;
  /**
   * A status that changes (a ballot's "who has voted"): a later channel post with the same key
   * replaces this one where the adapter can edit messages (Discord); the table prints each.
   */
  status?: string;
  /**
   * Files sent with the message: only on replies to the invoking user, which are answered at once
   * (channel posts and DMs go through the outbox, which keeps text).
   */
  files?: MessageFile[];
}

export const mention = (user: string): string => `<@${user}>`;

/** A sentence starting with a name written in lower case ("the medieval d10 rules leave..."). */
export const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
