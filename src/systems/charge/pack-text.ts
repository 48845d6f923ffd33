import { say, shipped, type Text } from '../../i18n/text.ts';
import type { Band } from './bands.ts';

/**
 * The pack's texts a reader sees (docs/languages.md): by their catalog key while the catalog's
 * English is the pack's very text, as written once a house-ruled or a test's pack changes them.
 */

/**
 * A roster value in the reader's words (`charge.attrValue.<attribute>.<value>`, the words the
 * roster's choices show), or as given when the pack does not list it.
 */
export const attrWord = (attribute: 'arm' | 'class' | 'formation', value: string, known: readonly string[]): Text =>
  known.includes(value) ? say(`charge.attrValue.${attribute}.${value.replace(/ (.)/g, (_m, c: string) => c.toUpperCase())}`) : value;

/** A charge result's printed text (CHG-OPEN, CHG-COVER): `charge.pack.result.<result id>`. */
export const resultText = (id: string, text: string): Text => shipped(`charge.pack.result.${id}`, text);

/** A charge table's printed title: `charge.pack.table.<open|cover>`. */
export const tableTitle = (table: string, title: string): Text => shipped(`charge.pack.table.${table}`, title);

/** A modifier row's printed label (CHG-ATT-MOD, CHG-DEF-MOD, INIT-LOCAL): `charge.pack.modifier.<row id>`. */
export const modifierLabel = (id: string, text: string): Text => shipped(`charge.pack.modifier.${id}`, text);

/** A result's "sic" remark: `charge.pack.sic.<result id>`. */
export const sicText = (id: string, text: string): Text => shipped(`charge.pack.sic.${id}`, text);

/**
 * What the seed says of a row, in its words (an OCR reading it was unsure of, a note on a value it
 * lost): `charge.pack.<kind>.<id>`, the id a row's (CHG-OPEN.2, CHG-ATT-MOD.5) or a place in a chart
 * (fire.C.short-ball, discipline.9, skirmish.8, fire.row.4).
 */
export const packNote = (kind: 'uncertain' | 'note', id: string, text: string): Text => shipped(`charge.pack.${kind}.${id}`, text);

/** A key's part from a chart's label: "short ball" -> "short-ball". */
export const slug = (s: string): string => s.replace(/[^A-Za-z0-9_.-]+/g, '-');

/** INIT-LOCAL's result in words: AA "Aggresive Action", NA, none: `charge.pack.localResult.<AA|NA|none>`. */
export const localResultText = (id: string, text: string): Text => shipped(`charge.pack.localResult.${id}`, text);

/** "11+", "9 to 10", "-12+", "2 or less" as the charge tables print them; "0" for a single value. */
export function bandText(b: Band): Text {
  if (b.max === null) return say('charge.band.andUp', { min: String(b.min) });
  if (b.min === null) return b.max < 0 ? say('charge.band.andUp', { min: String(b.max) }) : say('charge.band.orLess', { max: String(b.max) });
  if (b.min === b.max) return String(b.min);
  return b.max < 0 ? say('charge.band.range', { a: String(b.max), b: String(b.min) }) : say('charge.band.range', { a: String(b.min), b: String(b.max) });
}

/** A morale margin's band: "0 or more", "-1 to -3", "-7 or less". */
export function marginText(b: Band): Text {
  if (b.max === null) return say('charge.band.orMore', { min: String(b.min) });
  if (b.min === null) return say('charge.band.orLess', { max: String(b.max) });
  if (b.min === b.max) return String(b.min);
  return say('charge.band.range', { a: String(b.min), b: String(b.max) });
}
