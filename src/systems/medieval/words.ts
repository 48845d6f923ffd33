import { camelKey, shipped, word, type Text } from '../../i18n/text.ts';
import { FALLBACK, type Locale } from '../../i18n/locales.ts';

/**
 * The pack's texts a reader sees (modifier labels, reasons, results, weapon groups, terrain and
 * troop types), worded by their catalog key `medieval.pack.<kind>.<id>` while the medieval catalog's
 * English is the pack's very text (issue 43); a house-ruled or test pack's own text shows as written.
 */
export const packText = (kind: PackTextKind, id: string, text: string): Text => shipped(`medieval.pack.${kind}.${id}`, text);

export type PackTextKind =
  | 'modifier'
  | 'modifierNote'
  | 'reason'
  | 'reasonNote'
  | 'result'
  | 'resultName'
  | 'column'
  | 'effect'
  | 'fireGroup'
  | 'meleeGroup'
  | 'note'
  | 'terrain'
  | 'terrainCell'
  | 'terrainColumn'
  | 'terrainNote'
  | 'footnote'
  | 'troops'
  | 'troopsNote'
  | 'artillery'
  | 'artilleryTime'
  | 'bonusFor';

/** A row's own text (a modifier, a reason, a result, a note), by its id. */
export const rowText = (kind: PackTextKind, row: { readonly id: string; readonly text: string }): Text => packText(kind, row.id, row.text);

/** A missile weapon in the reader's words (`medieval.ref.weapon.<name>`), or as written when the catalog has none. */
export const weaponText = (name: string): Text => shipped(`medieval.ref.weapon.${camelKey(name)}`, name);

/** An arm of the roster (infantry, cavalry...) in the reader's words (`medieval.attrValue.arm.<arm>`), or as written. */
export const armText = (arm: string): Text => shipped(`medieval.attrValue.arm.${camelKey(arm)}`, arm);

/** Rows (modifiers, reasons) with their texts worded in `locale`, for a completion's labels. */
export const wordedRows = (kind: PackTextKind, rows: readonly { readonly id: string; readonly text: string }[], locale: Locale | undefined): { id: string; text: string }[] =>
  rows.map((r) => ({ id: r.id, text: word(rowText(kind, r), locale ?? FALLBACK) }));
