import { say } from '../../../i18n/text.ts';
import { refuse } from '../../../rules/errors.ts';
import type { ModifierChoice } from '../index.ts';

/** Input syntax shared by the slash commands: modifier and reason lists as players type them. */

const TOKEN = /^(-)?(?:(MED-[A-Z-]+)\.)?(\d+)(?:x(\d+))?(?:=([+-]?\d+))?$/i;

/**
 * Modifiers by id, separated by spaces or commas: `MED-FIRE-MOD.12` or just `12`; `x2` after an id
 * counts an "each" row (`MED-MORALE-MOD.4x2`); `=+2` gives a value the source lost (`26=+2`); a
 * leading `-` drops a modifier the umpire derived (`-9`), a GM's ruling.
 */
export function parseModifierList(text: string | undefined, table: string): ModifierChoice[] {
  if (text === undefined) return [];
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((token) => {
      const m = TOKEN.exec(token) ?? refuse(say('medieval.parse.notModifier', { token, table }));
      if (m[2] !== undefined && m[2].toUpperCase() !== table) refuse(say('medieval.parse.otherModifier', { token, table }));
      if (m[1] !== undefined && (m[4] !== undefined || m[5] !== undefined)) refuse(say('medieval.parse.droppedTakesNoValue', { token }));
      return {
        id: `${table}.${Number(m[3])}`,
        ...(m[1] !== undefined ? { exclude: true } : {}),
        ...(m[4] !== undefined ? { count: Number(m[4]) } : {}),
        ...(m[5] !== undefined ? { value: Number(m[5]) } : {}),
      };
    });
}

/** Reasons by id or number, separated by spaces or commas (`MED-MORALE-REASONS.4 8`). */
export function parseReasonList(text: string, table: string): string[] {
  const ids = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((token) => {
      const m = /^(?:(MED-[A-Z-]+)\.)?(\d+)$/i.exec(token) ?? refuse(say('medieval.parse.notReason', { token, table }));
      if (m[1] !== undefined && m[1].toUpperCase() !== table) refuse(say('medieval.parse.otherReason', { token, table }));
      return `${table}.${Number(m[2])}`;
    });
  if (!ids.length) refuse(say('medieval.parse.noReason', { table }));
  return ids;
}

/**
 * Reasons as `parseReasonList` reads them, and those a leading `-` drops (`4 -8`): a reason the log
 * gives that a GM rules does not apply. None at all is allowed: the log may give them.
 */
export function parseReasonChoices(text: string | undefined, table: string): { ids: string[]; drop: string[] } {
  const tokens = (text ?? '').split(/[\s,]+/).filter(Boolean);
  const drop = tokens.filter((t) => t.startsWith('-')).map((t) => t.slice(1));
  const keep = tokens.filter((t) => !t.startsWith('-'));
  return { ids: keep.length ? parseReasonList(keep.join(' '), table) : [], drop: drop.length ? parseReasonList(drop.join(' '), table) : [] };
}
