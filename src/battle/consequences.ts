import { getRuleSystem } from './registry.ts';
import type { Consequences } from './decide-ballots.ts';

/** What a revealed ballot sets off: a poll only informs; any other kind is its rule system's. */
export const ballotConsequences: Consequences = (s, b, revealed, dice) => (b.kind === 'poll' ? [] : (getRuleSystem(s.system).ballotConsequences?.(s, b, revealed, dice) ?? []));
