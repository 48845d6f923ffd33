import { appendFileSync } from 'node:fs';

/**
 * The scale of the reliability suites: `npm test` runs them small (they must stay quick), `npm run
 * reliability` sets RELIABILITY_SCALE=full for the figures issue 20 asks for.
 */
export const FULL = process.env.RELIABILITY_SCALE === 'full';
export const LINES = FULL ? 100_000 : 2_000;
export const INTERACTIONS = FULL ? 2_000 : 100;

/**
 * One figure line a suite prints: `<suite>: <figures>`. `npm run reliability` collects them from
 * RELIABILITY_FIGURES (a file) and prints them together at the end.
 */
export function figureLine(suite: string, figures: string): void {
  const line = `${suite}: ${figures}`;
  console.log(line);
  if (process.env.RELIABILITY_FIGURES) appendFileSync(process.env.RELIABILITY_FIGURES, `${line}\n`);
}
