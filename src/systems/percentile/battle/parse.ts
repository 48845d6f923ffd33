import { say } from '../../../i18n/text.ts';
import { refuse } from '../../../rules/errors.ts';
import { percentilePack as pack } from '../index.ts';

/** Input syntax of the percentile slash commands: option text read into the numbers and ids of an action. */

/** A measured distance or percentage typed as text: 8, 7.5. */
export function parseDecimal(what: string, text: string): number {
  const t = text.trim();
  if (!/^\d{1,6}(\.\d{1,4})?$/.test(t)) refuse(say('percentile.parse.decimal', { what, text }));
  return Number(t);
}

/** Fire Chart modifiers by pack id, separated by spaces or commas, with `=value` where the pack has none: `maximum-roundshot=0.5`. */
export function parseFireModifiers(text: string | undefined): { id: string; value?: number }[] {
  if (text === undefined) return [];
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((token) => {
      const m = /^([a-z][a-z0-9-]*)(?:=([+-]?\d{1,6}(?:\.\d{1,4})?))?$/i.exec(token) ?? refuse(say('percentile.parse.modifier', { token, ids: namedModifiers().join(', ') }));
      return { id: m[1]!.toLowerCase(), ...(m[2] !== undefined ? { value: Number(m[2]) } : {}) };
    });
}

/** The modifiers a player names (the umpire applies the derivable ones from the log). */
export const namedModifiers = (): string[] => pack.fire.modifiers.filter((m) => !m.derivable).map((m) => m.id);
