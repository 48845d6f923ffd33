/**
 * How long a test waits for something it cannot be told of before it gives up naming what it
 * waited for: one generous bound, not a guess at how long the thing takes (a loaded machine may
 * take seconds), short of the 60 s test timeout (vitest.config.ts) so that a wait which never ends
 * says what it waited for rather than only that the test timed out.
 */
export const PATIENCE_MS = 50_000;
