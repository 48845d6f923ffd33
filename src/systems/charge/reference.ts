import { loadReference } from '../../rules/reference.ts';
import data from './reference.json' with { type: 'json' };

/** Every rule ID the charge code cites, what it says and what the umpire does with it (docs/rules/charge.md). */
export const chargeReference = loadReference(data, 'src/systems/charge/reference.json');
