import { say } from '../../i18n/text.ts';
import { RuleError } from '../../rules/errors.ts';

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A ballot deadline as a user types it: a delay (`45m`, `12h`, `2d`, `1h30m`) or an ISO time
 * (`2026-11-23T18:00Z`). Returns the ISO time; refuses what it cannot read, or a time past.
 */
export function parseDeadline(text: string, now: Date): string {
  const t = text.trim();
  const parts = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?$/i.exec(t);
  let at: number;
  if (parts && t) {
    at = now.getTime() + [parts[1], parts[2], parts[3]].reduce((sum, v, i) => sum + Number(v ?? 0) * UNITS['dhm'[i]!]!, 0);
  } else {
    at = /^\d{4}-\d{2}-\d{2}T/.test(t) ? Date.parse(t) : NaN;
    if (Number.isNaN(at)) throw new RuleError(say('service.deadline.unreadable', { text }));
  }
  if (at <= now.getTime()) throw new RuleError(say('service.deadline.past', { text }));
  if (at - now.getTime() > 30 * UNITS.d!) throw new RuleError(say('service.deadline.tooFar', { text, days: 30 }));
  return new Date(at).toISOString();
}

/** When to remind the voters who have not voted: a quarter of the time before the deadline, at most an hour. */
export function reminderTime(openedAt: string, deadline: string): string {
  const start = Date.parse(openedAt);
  const end = Date.parse(deadline);
  return new Date(end - Math.min((end - start) / 4, UNITS.h!)).toISOString();
}

/** What a deadline calls for at `now`: the close once it passed, else the reminder once due and not yet sent. */
export function deadlineWork(openedAt: string, deadline: string, reminded: boolean, now: string): 'close' | 'remind' | undefined {
  if (deadline <= now) return 'close';
  return !reminded && reminderTime(openedAt, deadline) <= now ? 'remind' : undefined;
}
