import { messages } from '../../i18n/catalog.ts';
import { FALLBACK } from '../../i18n/locales.ts';
import { plural } from '../../messages.ts';
import { camelKey, say, shipped, type Text } from '../../i18n/text.ts';

/**
 * A report's words for what a rule system names in its own terms: its unit of strength ("figures",
 * "casualty steps") and a unit's status ("good", "routing"). One the catalog does not know (a
 * system's own, a test's) is shown as the system names it.
 */
/** The unit of strength, in the plural: "figures". */
export const strengthName = (unit: string): Text => shipped(`reports.strength.${camelKey(unit)}`, unit);

/** A count in the unit of strength: "1 figure", "3 casualty steps". */
export const strengthCount = (n: number, unit: string): Text =>
  messages(FALLBACK).has(`reports.strengthCount.${camelKey(unit)}`) ? say(`reports.strengthCount.${camelKey(unit)}`, { n }) : plural(n, unit.replace(/s$/, ''), unit);

/** A unit's status in a report: "good", "routing". */
export const statusWord = (status: string): Text => say('reports.status', { status });
