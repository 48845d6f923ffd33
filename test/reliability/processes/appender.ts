import { once } from 'node:events';
import { openStore } from '../../../src/store/open.ts';
import { ConcurrencyError } from '../../../src/store/types.ts';

/**
 * A process appending events that stand alone (one event, no post: on SQLite one statement, its own
 * transaction) to one battle, racing others on the same store: `appender.ts <store> <battle> <name>
 * <count>`. It says `ready` once its store is open and waits for a line on stdin, so all start at
 * once; on a stale version it takes the head the store names and appends again, as the umpire
 * decides again. Prints what it did as one JSON line.
 */
const [location, battleId, name, count] = process.argv.slice(2) as [string, string, string, string];
const store = await openStore(location);
let expected = await store.version(battleId);
process.stdout.write('ready\n');
await once(process.stdin, 'data');
let conflicts = 0;
const versions: number[] = [];
for (let i = 0; i < Number(count); i++) {
  const event = { type: 'SideAdded', data: { sideId: `${name}-${i}`, name: `${name} ${i}` } };
  for (;;) {
    try {
      const r = await store.append(battleId, expected, [event], { actor: name, at: new Date().toISOString(), requestId: `${name}-${i}` }, [], []);
      if (r.status !== 'appended') throw new Error(`request ${name}-${i} answered as a repeat`);
      versions.push(...r.versions);
      expected = r.versions.at(-1)!;
      break;
    } catch (err) {
      if (!(err instanceof ConcurrencyError)) throw err;
      conflicts++;
      expected = err.actual;
    }
  }
}
await store.close();
process.stdout.write(`${JSON.stringify({ versions, conflicts })}\n`);
process.stdin.destroy();
