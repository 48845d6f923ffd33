import { loadReference } from '../../rules/reference.ts';
import data from './reference.json' with { type: 'json' };

/** Every rule ID the percentile code cites, what it says and what the umpire does with it (docs/rules/percentile.md). */
export const percentileReference = loadReference(data, 'src/systems/percentile/reference.json');
