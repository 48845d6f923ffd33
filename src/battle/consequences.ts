import type { Consequences } from './decide-ballots.ts';

/** What each kind of ballot sets off when revealed. A poll only informs. */
export const ballotConsequences: Consequences = (_s, b) => {
  switch (b.kind) {
    case 'poll':
      return [];
    default:
      return [];
  }
};
