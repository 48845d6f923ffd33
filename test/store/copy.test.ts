import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Umpire } from '../../src/app/umpire.ts';
import { verifyDice } from '../../src/app/verify.ts';
import { copyStore, sourceChain, type CopiedFrom } from '../../src/store/copy.ts';
import { verifyChain } from '../../src/store/hash.ts';
import { Table } from '../../src/table/table.ts';
import { openPostgres } from '../../src/store/pg-open.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { startTable } from '../support/table.ts';
import { campaignCreated, campaignEnded, created, memoryStore, meta, post } from './fixtures.ts';

/** The command line, its progress lines off: the tests read stderr for what a refusal says, and a store copied slowly on a busy machine would show them. */
const umpire = (args: string[], input?: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { encoding: 'utf8', input, env: { ...process.env, LOG_LEVEL: 'silent', UMPIRE_PROGRESS_AFTER_MS: '600000' } });

describe('umpire migrate-store (issue 18)', () => {
  it('copies every battle from SQLite to PostgreSQL with the same events, hashes, seed, requests and pending posts', async () => {
    const t = startTable();
    await t.run(readFileSync('examples/medieval-battle.table', 'utf8').split('\n'));
    await t.run(['#other @gm /battle create name:Bosworth system:brigade', '#other @gm /side add name:Tudor', '#other @gm /battle end']);
    const from = t.store;
    const to = await openPostgres('pglite:');
    const pendingBefore = (await from.undelivered()).map((r) => [r.battleId, r.message]);

    const copied = await copyStore(from, to);
    expect(copied.map((c) => [c.battle.id, c.skipped])).toEqual([
      ['b1', false],
      ['b2', false],
    ]);
    expect(await to.battles()).toEqual(await from.battles());
    for (const { battle } of copied) {
      expect(await to.load(battle.id)).toEqual((await from.load(battle.id)).map((e) => ({ ...e, position: expect.any(Number) })));
      expect((await to.chain(battle.id)).reached).toBe((await from.chain(battle.id)).reached);
      expect(await to.seed(battle.id)).toBe(await from.seed(battle.id));
    }
    const rid = (await from.load('b1'))[5]!.requestId!.replace(/#\d+$/, '');
    expect(await to.findRequest(rid)).toEqual(await from.findRequest(rid));
    expect((await to.undelivered()).map((r) => [r.battleId, r.message])).toEqual(pendingBefore);

    // Run again: nothing is written twice.
    expect((await copyStore(from, to)).map((c) => c.skipped)).toEqual([true, true]);
    // A target holding another log under the same battle id is refused by name.
    await t.run('#table @gm /roll 1d6');
    await expect(copyStore(from, to)).rejects.toThrow(/Battle b1 \("Stoke Field"\) is already in the target with another log/);
    await to.close();
  }, 60_000);

  it('from the command line: a SQLite file to a PGlite directory, then verify and replay read the copy', () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-migrate-'));
    const db = join(dir, 'u.db');
    expect(umpire(['table', '--db', db, '--json'], readFileSync('examples/short-battle.table', 'utf8')).status).toBe(0);
    const target = `pglite:${join(dir, 'pg')}`;
    const m = umpire(['migrate-store', '--from', `file:${db}`, '--to', target]);
    expect(m.stderr).toBe('');
    expect(m.stdout).toMatch(/^b1 "Quatre Bras": \d+ events copied, hash chain verified\.\n1 battle, \d+ events; every chain verified in the target\.\n$/);
    const v = umpire(['verify', '--db', target, '--battle', 'b1']);
    expect(v.status).toBe(0);
    expect(v.stdout).toMatch(/hash chain of \d+ events verified/);
    expect(umpire(['replay', '--db', target, '--battle', 'b1']).stdout).toBe(umpire(['replay', '--db', db, '--battle', 'b1']).stdout);
    expect(umpire(['migrate-store', '--from', db, '--to', db]).stderr).toMatch(/name the same store/);
  }, 120_000);
});

describe('merging stores: a battle whose id the target holds is renumbered (issue 27)', () => {
  const quatreBras = ['#x @gm /battle create name:"Quatre Bras" system:percentile', '#x @gm /oob import file:examples/oob/percentile.yaml', '#x @gm /roll 2d6 reason:first'];
  /** A source store: one battle, b1, in channel x, with a roll and a request id the umpire made from its id. */
  async function source(seed: number, lines: string[] = quatreBras) {
    const t = startTable({ newSeed: () => Buffer.alloc(32, seed) });
    await t.run(lines);
    await t.app.handle('b1', { type: 'AddSide', name: `Reserve ${seed}` }, 'gm', 'CloseBallot:b1:v1');
    return t;
  }

  it('copies b1 of a second store as b2: the chain re-hashed and verified, every old hash recomputable, the dice still on their stream', async () => {
    const a = await source(1, ['#a @gm /battle create name:"Stoke Field" system:medieval', '#a @gm /roll 1d10 reason:a']);
    const b = await source(2);
    await b.run(['#x @gm /ballot open question:"Attack?" options:"YES,NO"']);
    // The bot stopped before it delivered a ballot prompt and a status post (the table delivers at once: held here by hand).
    const prompt = { to: { kind: 'dm' as const, user: 'alice' }, text: 'Attack?', buttons: [{ label: 'YES', customId: 'v1:ballot:b1:v1:c1:YES' }] };
    const status = { to: { kind: 'channel' as const, channel: 'x' }, text: 'Voted: alice', status: 'ballot:b1:v1' };
    await b.store.append('b1', await b.store.version('b1'), [], { actor: 'umpire', at: new Date().toISOString(), requestId: null }, [prompt, status], []);
    const to = await openPostgres('pglite:');
    expect((await copyStore(a.store, to)).map((c) => [c.battle.id, c.id, c.skipped])).toEqual([['b1', 'b1', false]]);

    const copied = await copyStore(b.store, to);

    expect(copied.map((c) => [c.battle.id, c.id, c.skipped])).toEqual([['b1', 'b2', false]]);
    expect((await to.battles()).map((r) => [r.id, r.channel, r.name])).toEqual([
      ['b1', 'a', 'Stoke Field'],
      ['b2', 'x', 'Quatre Bras'],
    ]);
    const sourceEvents = await b.store.load('b1');
    const chain = await to.chain('b2');
    expect(verifyChain(chain)).toEqual({ ok: true, count: sourceEvents.length, unsealed: 0 });
    const created = (await to.load('b2'))[0]!.data as { battleId: string; diceStream: string; copiedFrom: CopiedFrom; seedHash: string };
    expect(created).toMatchObject({ battleId: 'b2', diceStream: 'b1', copiedFrom: { battleId: 'b1', firstHash: sourceEvents[0]!.hash, lastHash: sourceEvents.at(-1)!.hash, events: sourceEvents.length } });
    // A player who kept any hash of b1 in the source finds it recomputed from the copy.
    expect(sourceChain(chain.rows, created.copiedFrom)).toEqual({ ok: true, hashes: sourceEvents.map((e) => e.hash) });
    // The rest of the log is the source's, event for event.
    expect((await to.load('b2')).slice(1).map((e) => [e.version, e.type, e.data, e.actor, e.at])).toEqual(sourceEvents.slice(1).map((e) => [e.version, e.type, e.data, e.actor, e.at]));
    expect(await to.seed('b2')).toBe(await b.store.seed('b1'));
    // The request the umpire named after b1 is named after b2 here; a's own keeps its name.
    expect(await to.findRequest('CloseBallot:b2:v1')).toEqual(await b.store.findRequest('CloseBallot:b1:v1'));
    expect(await to.findRequest('CloseBallot:b1:v1')).toEqual(await a.store.findRequest('CloseBallot:b1:v1'));
    // Posts not yet delivered go with it, their ballot buttons naming b2.
    const pending = (await to.undelivered()).filter((r) => r.battleId === 'b2');
    expect(pending.length).toBe((await b.store.undelivered()).length);
    expect(pending.map((r) => [r.message.buttons?.map((x) => x.customId), r.message.status])).toEqual([
      [['v1:ballot:b2:v1:c1:YES'], undefined],
      [undefined, 'ballot:b2:v1'],
    ]);

    // Played on in the target, it rolls on the same stream: every roll re-derives from its seed.
    const here = new Umpire(to);
    const table = new Table(here, { json: true, cwd: process.cwd(), filesDir: mkdtempSync(join(tmpdir(), 'umpire-files-')), print: () => undefined });
    await table.run('#x @gm /roll 3d6 reason:after');
    await table.run('#x @gm /battle end');
    const after = await to.load('b2');
    expect(after.filter((e) => e.type === 'DiceRolled').length).toBe(2);
    expect(verifyDice(created.diceStream, after)).toMatchObject({ status: 'checked', events: 2, rolls: 5 });
    expect(verifyChain(await to.chain('b2')).ok).toBe(true);

    // Run again (the copy played on meanwhile): skipped, under the id it was given, nothing written twice.
    const count = async () => (await Promise.all((await to.battles()).map((r) => to.version(r.id)))).reduce((x, y) => x + y, 0);
    const before = await count();
    expect((await copyStore(b.store, to)).map((c) => [c.battle.id, c.id, c.skipped])).toEqual([['b1', 'b2', true]]);
    expect(await copyStore(a.store, to).then((r) => r.map((c) => c.skipped))).toEqual([true]);
    expect(await count()).toBe(before);
    // The source played on after the copy: refused by name, nothing copied again.
    await b.run('#x @gm /roll 1d6');
    await expect(copyStore(b.store, to)).rejects.toThrow(/Battle b1 \("Quatre Bras"\) was copied here as b2 when it had \d+ events; it has \d+ now/);
    expect(await count()).toBe(before);
    await to.close();
  }, 120_000);

  it('refuses, before writing anything, a battle running in a channel where the target runs another', async () => {
    const a = await source(1);
    const b = await source(2, [...quatreBras, '#y @gm /battle create name:"Ligny" system:medieval']);
    const to = await openPostgres('pglite:');
    await copyStore(a.store, to);

    await expect(copyStore(b.store, to)).rejects.toThrow(
      'Battle b1 ("Quatre Bras") is running in channel x, and b1 ("Quatre Bras") is running there in the target: a channel has one running battle. A GM ends one of them (/battle end), then the copy is run again. Nothing was copied.',
    );
    expect((await to.battles()).map((r) => r.id)).toEqual(['b1']);

    // Ended in its source, it is copied: the channel's running battle stays the target's own.
    await b.run('#x @gm /battle end');
    expect((await copyStore(b.store, to)).map((c) => [c.battle.id, c.id])).toEqual([
      ['b1', 'b2'],
      ['b2', 'b3'],
    ]);
    expect((await to.runningIn('x'))?.id).toBe('b1');
    expect((await to.runningIn('y'))?.id).toBe('b3');
    // A battle created here afterwards takes the next free id.
    expect((await new Umpire(to).handle(null, { type: 'CreateBattle', name: 'Wavre', system: 'medieval', channel: 'z' }, 'gm')).battleId).toBe('b4');
    await to.close();
  }, 120_000);

  it('from the command line: the second store\'s b1 is named b2 here, a re-run skips it, and verify reads the copy', () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-merge-'));
    const [a, b] = [join(dir, 'a.db'), join(dir, 'b.db')];
    const script = readFileSync('examples/short-battle.table', 'utf8');
    expect(umpire(['table', '--db', a, '--json'], `${script}\n@gm /battle end\n`).status).toBe(0);
    expect(umpire(['table', '--db', b, '--json'], script).status).toBe(0);
    const target = `pglite:${join(dir, 'pg')}`;
    expect(umpire(['migrate-store', '--from', a, '--to', target]).status).toBe(0);

    const m = umpire(['migrate-store', '--from', b, '--to', target]);

    expect(m.stderr).toBe('');
    expect(m.stdout).toMatch(
      new RegExp(`^b1 of ${b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is b2 here \\("Quatre Bras"\\): \\d+ events copied under b2, its chain re-hashed and verified, and the hashes it had as b1 recomputed from it\\.\n1 battle, \\d+ events; every chain verified in the target\\. 1 renumbered: their ids were taken here by other battles\\.\n$`),
    );
    expect(umpire(['migrate-store', '--from', b, '--to', target]).stdout).toMatch(/^b1 of .* is b2 here \("Quatre Bras"\): \d+ events already there, the same chain\.\n/);
    const v = umpire(['verify', '--db', target, '--battle', 'b2']);
    expect(v.status).toBe(0);
    expect(v.stdout).toMatch(/^Battle b2: hash chain of \d+ events verified\./);
    expect(umpire(['replay', '--db', target, '--battle', 'b2']).stdout).toBe(umpire(['replay', '--db', b, '--battle', 'b1']).stdout.replace('(b1)', '(b2)'));
  }, 180_000);
});

describe('copying campaigns (issue 29): after the battles, under their own ids, never renumbered', () => {
  const side = { type: 'CampaignSideAdded', data: { sideId: 's1', name: 'Allies' } };
  /**
   * A source store: battle b1 in channel x; campaign c1 in channel camp (a side added, a post not yet
   * delivered); its battle c1-b1 in thread t1. `name` tells two sources' campaigns c1 apart, and
   * their request ids (as two Discord servers' interactions differ).
   */
  async function campaignSource(name = 'The Hundred Days', at = '2025-06-16T10:00:00.000Z') {
    const { store } = memoryStore();
    await store.append('b1', 0, [created('b1', 'x', 'Ligny')], { ...meta(`${name}#b1`, at), seed: '01'.repeat(32) }, [], []);
    await store.append('c1', 0, [campaignCreated('c1', 'camp', name), side], meta(`${name}#c1`, at), [post('camp', 'Turn 1 opens')], []);
    await store.append('c1-b1', 0, [created('c1-b1', 't1', 'Quatre Bras')], { ...meta(`${name}#c1-b1`, at), seed: '02'.repeat(32) }, [], []);
    return store;
  }

  it('given a store with a battle, a campaign and its battle, when copied to PostgreSQL, then the campaign is there under c1 with the same chain, its post and request, and not among the battles', async () => {
    const from = await campaignSource();
    const to = await openPostgres('pglite:');

    const copied = await copyStore(from, to);

    expect(copied.map((c) => [c.battle.id, c.id, c.skipped, c.refused])).toEqual([
      ['b1', 'b1', false, undefined],
      ['c1-b1', 'c1-b1', false, undefined],
    ]);
    expect(copied.campaigns.map((c) => [c.campaign.id, c.events, c.skipped, c.refused])).toEqual([['c1', 2, false, undefined]]);
    expect(await to.campaigns()).toEqual(await from.campaigns());
    expect((await to.battles()).map((b) => b.id)).toEqual(['b1', 'c1-b1']);
    expect(await to.load('c1')).toEqual((await from.load('c1')).map((e) => ({ ...e, position: expect.any(Number) })));
    expect(verifyChain(await to.chain('c1'))).toEqual({ ok: true, count: 2, unsealed: 0 });
    expect(await to.findRequest('The Hundred Days#c1')).toEqual(await from.findRequest('The Hundred Days#c1'));
    expect((await to.undelivered()).map((r) => [r.battleId, r.message.text])).toEqual([['c1', 'Turn 1 opens']]);
    expect(await to.seed('c1-b1')).toBe('02'.repeat(32));

    // Run again: everything skipped, nothing written twice.
    const again = await copyStore(from, to);
    expect([...again.map((c) => c.skipped), ...again.campaigns.map((c) => c.skipped)]).toEqual([true, true, true]);
    expect(await to.version('c1')).toBe(2);
    await to.close();
  }, 60_000);

  it('given a target holding another campaign c1, then c1 and its battle c1-b1 are not copied and the result says so, while b1 is renumbered as ever', async () => {
    const to = await campaignSource('Peninsula', '2025-01-01T10:00:00.000Z');
    await to.append('c1', 2, [campaignEnded], meta('rc-end'), [], []);
    await to.append('b1', 1, [{ type: 'BattleEnded', data: { by: 'u-gm' } }], meta('rb-end'), [], []);
    await to.append('c1-b1', 1, [{ type: 'BattleEnded', data: { by: 'u-gm' } }], meta('rcb-end'), [], []);
    const from = await campaignSource('The Hundred Days');
    const theirs = await to.chain('c1');

    const copied = await copyStore(from, to);

    const renumbered = copied[0]!.id;
    expect(renumbered).toMatch(/^b\d+$/);
    expect(copied.map((c) => [c.battle.id, c.id, c.skipped, c.refused])).toEqual([
      ['b1', renumbered, false, undefined],
      ['c1-b1', 'c1-b1', false, 'its campaign c1 was not copied (the target holds another campaign under that id)'],
    ]);
    expect(copied.campaigns.map((c) => [c.campaign.id, c.skipped, c.refused])).toEqual([['c1', false, 'the target holds another campaign under that id ("Peninsula"), and a campaign is never renumbered']]);
    // The target's own c1 and c1-b1 are as they were.
    expect(await to.chain('c1')).toEqual(theirs);
    expect((await to.campaigns()).map((c) => [c.id, c.name])).toEqual([['c1', 'Peninsula']]);
    expect((await to.battles()).map((b) => [b.id, b.name])).toEqual([
      ['b1', 'Ligny'],
      ['c1-b1', 'Quatre Bras'],
      [renumbered, 'Ligny'],
    ]);
    expect(await to.version('c1-b1')).toBe(2);
  });

  it("given a target holding another battle c1-b1 but no c1, then c1 is copied and the campaign's battle c1-b1 is refused, not renumbered", async () => {
    const { store: to } = memoryStore();
    await to.append('c1-b1', 0, [created('c1-b1', 'elsewhere', 'Wavre'), { type: 'BattleEnded', data: { by: 'u-gm' } }], meta('other'), [], []);
    const from = await campaignSource();

    const copied = await copyStore(from, to);

    expect(copied.map((c) => [c.battle.id, c.id, c.refused])).toEqual([
      ['b1', 'b1', undefined],
      ['c1-b1', 'c1-b1', "the target holds another battle under that id, and a campaign's battle is never renumbered"],
    ]);
    expect(copied.campaigns.map((c) => [c.campaign.id, c.skipped, c.refused])).toEqual([['c1', false, undefined]]);
    expect((await to.battle('c1-b1'))?.name).toBe('Wavre');
    expect((await to.battles()).map((b) => b.id)).toEqual(['c1-b1', 'b1']);
  });

  it('refuses, naming it, a campaign already in the target with another log (the source played on), and copies nothing', async () => {
    const from = await campaignSource();
    const { store: to } = memoryStore();
    await copyStore(from, to);
    await from.append('c1', 2, [{ type: 'CampaignGmAdded', data: { user: 'u2' } }], meta('rc2'), [], []);
    await from.append('b9', 0, [created('b9', 'y', 'Wavre')], meta('rb9'), [], []);

    await expect(copyStore(from, to)).rejects.toThrow('Campaign c1 ("The Hundred Days") is already in the target with another log (2 events there, 3 here); nothing of it was copied.');
    expect(await to.battle('b9')).toBeUndefined();
  });

  it('refuses, before writing anything, a campaign running in a channel where the target runs another', async () => {
    const { store: from } = memoryStore();
    await from.append('b1', 0, [created('b1', 'x', 'Ligny')], meta('rb1'), [], []);
    await from.append('c1', 0, [campaignCreated('c1', 'camp', 'The Hundred Days')], meta('rc1'), [], []);
    const { store: to } = memoryStore();
    await to.append('c7', 0, [campaignCreated('c7', 'camp', 'Peninsula')], meta('rc7'), [], []);

    await expect(copyStore(from, to)).rejects.toThrow(
      'Campaign c1 ("The Hundred Days") is running in channel camp, and c7 ("Peninsula") is running there in the target: a channel has one running campaign. A GM ends one of them, then the copy is run again. Nothing was copied.',
    );
    expect(await to.battles()).toEqual([]);

    // Ended in its source, it is copied: the channel's campaign stays the target's own.
    await from.append('c1', 1, [campaignEnded], meta('rc-end'), [], []);
    expect((await copyStore(from, to)).campaigns.map((c) => [c.campaign.id, c.skipped])).toEqual([['c1', false]]);
    expect((await to.campaignIn('camp'))?.id).toBe('c7');
  });

  it('from the command line: each campaign reported after the battles, and one not copied named with why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-campaigns-'));
    const [a, b, target] = [join(dir, 'a.db'), join(dir, 'b.db'), join(dir, 'target.db')];
    for (const [file, name, at] of [[a, 'The Hundred Days', '2025-06-16T10:00:00.000Z'], [b, 'Peninsula', '2025-01-01T10:00:00.000Z']] as const) {
      const store = SqliteEventStore.open(file);
      await store.append('c1', 0, [campaignCreated('c1', 'camp', name), side, campaignEnded], meta('rc1', at), [], []);
      await store.append('c1-b1', 0, [created('c1-b1', 't1', 'Quatre Bras'), { type: 'BattleEnded', data: { by: 'u-gm' } }], meta('rcb1', at), [], []);
      await store.close();
    }

    const m = umpire(['migrate-store', '--from', a, '--to', target]);

    expect(m.stderr).toBe('');
    expect(m.status).toBe(0);
    expect(m.stdout).toBe('c1-b1 "Quatre Bras": 2 events copied, hash chain verified.\ncampaign c1 "The Hundred Days": 3 events copied, hash chain verified.\n1 battle and 1 campaign, 5 events; every chain verified in the target.\n');
    const refused = umpire(['migrate-store', '--from', b, '--to', target]);
    expect(refused.stderr).toBe('');
    // Not everything was copied: the exit code says so to a script.
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe(
      [
        'c1-b1 "Quatre Bras": not copied: its campaign c1 was not copied (the target holds another campaign under that id).',
        'campaign c1 "Peninsula": not copied: the target holds another campaign under that id ("The Hundred Days"), and a campaign is never renumbered.',
        '1 battle and 1 campaign, 5 events; every chain copied verified in the target. 2 not copied, each named above with why.',
        '',
      ].join('\n'),
    );
  }, 60_000);
});
