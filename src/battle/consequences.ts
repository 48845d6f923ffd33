import type { Consequences } from './decide-ballots.ts';
import { grandTacConsequences } from './initiative.ts';
import { nightConsequences } from './night.ts';

/** What each kind of ballot sets off when revealed; a poll only informs. */
export const ballotConsequences: Consequences = (s, b, revealed, dice) =>
  b.kind === 'poll' ? [] : b.kind === 'grandtac' ? grandTacConsequences(s, b, revealed, dice) : nightConsequences(s, b, revealed);
