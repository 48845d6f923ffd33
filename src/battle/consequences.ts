import type { Consequences } from './decide-ballots.ts';
import { nightConsequences } from './night.ts';

/** What each kind of ballot sets off when revealed; a poll only informs. */
export const ballotConsequences: Consequences = (s, b, revealed) => (b.kind === 'poll' ? [] : nightConsequences(s, b, revealed));
