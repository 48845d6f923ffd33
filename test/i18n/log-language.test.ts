import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replay } from '../../src/battle/replay.ts';
import { verifyChain } from '../../src/store/hash.ts';
import { asLogged } from '../../src/app/service/umpire.ts';
import { startTable } from '../support/table.ts';

/**
 * Issue 43: the log is language-free. What is logged is data and phrases, worded when shown: a
 * battle played in French, at a French table, replays, verifies and reads in German.
 */
describe('a battle played in French (issue 43)', () => {
  it('given examples/short-battle.table played in French, when a German reader opens the same store, then the log replays and verifies, and every answer reads in German', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'umpire-lang-')), 'umpire.db');
    const script = readFileSync('examples/short-battle.table', 'utf8')
      .split('\n')
      .map((l) => l.replace('/battle create name:"Quatre Bras" system:percentile', '/battle create name:"Quatre Bras" system:percentile language:fr'));
    const french = startTable({ file, locale: 'fr' });
    const played = await french.run(script);
    expect(played.find((m) => m.to === 'channel')!.text).toMatch(/^<@gm> a créé la bataille "Quatre Bras"/);
    const stored = await french.store.load('b1');
    // Nothing worded is kept: no French typography nor words in the log's data.
    expect(JSON.stringify(stored.map((e) => e.data))).not.toMatch(/« | :|a créé|bataille|unités/);
    french.db.$client.close();

    const german = startTable({ file, locale: 'de' });
    expect(verifyChain(await german.store.chain('b1')).ok).toBe(true);
    expect(replay('b1', asLogged(await german.store.loadEntries('b1'))).version).toBe(stored.length);
    const [log] = await german.run('@gm /battle log');
    const [status] = await german.run('@gm /battle status');
    expect(log!.text).toMatch(/Schlacht|Einheit|Zug|Phase/);
    expect(status!.text).toMatch(/Einheit|Seite|Zug/);
    for (const m of [log!, status!]) expect(m.text).not.toMatch(/« | :|a créé|bataille|unités/);
  });
});
