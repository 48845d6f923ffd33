import { refuse } from '../../../rules/errors.ts';
import { say } from '../../../i18n/text.ts';
import type { GivenModifier } from '../index.ts';

// Input syntax shared by the slash commands.

/** "name=1.5; name=3": names with a measured distance (or a number), separated by ; or newlines. */
export function parsePairs(text: string, what: 'number' | 'die' | 'distance'): { name: string; value: string }[] {
  return text
    .split(/[;\n]/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const i = p.lastIndexOf('=');
      if (i <= 0 || i === p.length - 1) refuse(say('brigade.parse.notPair', { got: p, what }));
      return { name: p.slice(0, i).trim(), value: p.slice(i + 1).trim() };
    });
}

export function parseNumber(what: string, v: string): number {
  const n = Number(v);
  if (!/^\d+(\.\d+)?$/.test(v) || !Number.isFinite(n)) refuse(say('brigade.parse.notDistance', { what, got: v }));
  return n;
}

/** Unit names separated by commas or semicolons. */
export const parseNames = (text: string): string[] =>
  text
    .split(/[;,\n]/)
    .map((x) => x.trim())
    .filter(Boolean);

/** "label=+1, other=-2": modifiers a GM gives where the source prints none. */
export function parseGivenModifiers(text: string): GivenModifier[] {
  return parseNames(text).map((p) => {
    const m = /^(.+?)\s*=\s*([+-]?\d+)$/.exec(p) ?? refuse(say('brigade.parse.notModifier', { got: p }));
    return { text: m[1]!.trim(), value: Number(m[2]) };
  });
}

/** Faces of a d6, e.g. "5 6". */
export function parseFaces(text: string): number[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((f) => {
      const n = Number(f);
      if (!Number.isInteger(n)) refuse(say('brigade.parse.notFace', { got: f }));
      return n;
    });
}
