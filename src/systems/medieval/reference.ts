import { loadReference } from '../../rules/reference.ts';
import data from './reference.json' with { type: 'json' };

/** Every rule ID the medieval code cites, what it says and what the umpire does with it (docs/rules/medieval.md). */
export const medievalReference = loadReference(data, 'src/systems/medieval/reference.json');
