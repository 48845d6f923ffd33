import { loadReference } from '../../rules/reference.ts';
import data from './reference.json' with { type: 'json' };

/** Every rule ID the brigade code cites, what it says and what the umpire does with it (docs/rules/brigade.md). */
export const brigadeReference = loadReference(data, 'src/systems/brigade/reference.json');
