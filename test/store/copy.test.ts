import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Umpire } from '../../src/app/service/umpire.ts';
import { verifyCampaign, verifyDice } from '../../src/app/reports/verify.ts';
import { copyStore, sourceChain, type CopiedFrom } from '../../src/store/copy.ts';
import { sourceCampaignChain, type CampaignCopiedFrom } from '../../src/store/copy-campaign.ts';
import { verifyChain } from '../../src/store/hash.ts';
import { Table } from '../../src/table/table.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { startTable } from '../support/table.ts';
import { campaignCreated, campaignEnded, created, memoryStore, meta, post } from './fixtures.ts';
import { emptyPglite } from './stores.ts';

/** The command line, its progress lines off: the tests read stderr for what a refusal says, and a store copied slowly on a busy machine would show them. */
const umpire = (args: string[], input?: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { encoding: 'utf8', input, env: { ...process.env, LOG_LEVEL: 'silent', UMPIRE_PROGRESS_AFTER_MS: '600000' } });

describe('umpire migrate-store (issue 18)', () => {
  it('copies every battle from SQLite to PostgreSQL with the same events, hashes, seed, requests and pending posts', async () => {
    const t = startTable();
    await t.run(readFileSync('examples/medieval-battle.table', 'utf8').split('\n'));
    await t.run(['#other @gm /battle create name:Bosworth system:brigade', '#other @gm /side add name:Tudor', '#other @gm /battle end']);
    const from = t.store;
    const to = await emptyPglite();
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
    const to = await emptyPglite();
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
  }, 120_000);

  it('refuses, before writing anything, a battle running in a channel where the target runs another', async () => {
    const a = await source(1);
    const b = await source(2, [...quatreBras, '#y @gm /battle create name:"Ligny" system:medieval']);
    const to = await emptyPglite();
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

describe('copying campaigns (issue 29): after the battles; renumbered whole, with their battles, where they clash', () => {
  const side = { type: 'CampaignSideAdded', data: { sideId: 's1', name: 'Allies' } };
  const ended = { type: 'BattleEnded', data: { by: 'u-gm' } };
  /**
   * A source store: battle b1 in channel x, ended; campaign c1 in `channel` (a side added, a status
   * post not yet delivered); its battle c1-b1 in thread t1, started, ended, its result proposed (by
   * the hash of its last event) and applied, under the request ids the umpire makes from their ids.
   * `name` tells two sources' campaigns c1 apart, and their other request ids (as two Discord
   * servers' interactions differ).
   */
  async function campaignSource(name = 'The Hundred Days', at = '2025-06-16T10:00:00.000Z', store: SqliteEventStore = memoryStore().store, channel = 'camp') {
    await store.append('b1', 0, [created('b1', 'x', 'Ligny'), ended], { ...meta(`${name}#b1`, at), seed: '01'.repeat(32) }, [], []);
    await store.append('c1', 0, [campaignCreated('c1', channel, name), side], meta(`${name}#c1`, at), [], []);
    const started = { battleId: 'c1-b1', name: 'Quatre Bras', channel: 't1', system: 'napoleonic', turn: 1, armies: ['a1'], units: ['u1'] };
    await store.append('c1', 2, [{ type: 'CampaignBattleStarted', data: started }], meta(`${name}#start`, at), [], []);
    const battle = created('c1-b1', 't1', 'Quatre Bras');
    await store.append('c1-b1', 0, [{ ...battle, data: { ...(battle.data as object), campaign: 'c1' } }, ended], { ...meta('CampaignBattle:c1-b1', at), seed: '02'.repeat(32) }, [], []);
    const through = { version: 2, hash: (await store.load('c1-b1'))[1]!.hash };
    const proposed = { type: 'BattleResultProposed', data: { battleId: 'c1-b1', through, units: [], leaders: [], result: 'A draw' } };
    await store.append('c1', 3, [proposed], meta('BattleResult:c1-b1', at, 'umpire:system'), [{ ...post(channel, 'Turn 1 opens'), status: 'campaign:c1:status' }], []);
    await store.append('c1', 4, [{ type: 'BattleResultApplied', data: { battleId: 'c1-b1', units: [], leaders: [] } }], meta(`${name}#confirm`, at), [], []);
    return store;
  }

  it('given a store with a battle, a campaign and its battle, when copied to PostgreSQL, then the campaign is there under c1 with the same chain, its post and request, and not among the battles', async () => {
    const from = await campaignSource();
    const to = await emptyPglite();

    const copied = await copyStore(from, to);

    expect(copied.map((c) => [c.battle.id, c.id, c.skipped, c.refused])).toEqual([
      ['b1', 'b1', false, undefined],
      ['c1-b1', 'c1-b1', false, undefined],
    ]);
    expect(copied.campaigns.map((c) => [c.campaign.id, c.id, c.events, c.skipped])).toEqual([['c1', 'c1', 5, false]]);
    expect(await to.campaigns()).toEqual(await from.campaigns());
    expect((await to.battles()).map((b) => b.id)).toEqual(['b1', 'c1-b1']);
    expect(await to.load('c1')).toEqual((await from.load('c1')).map((e) => ({ ...e, position: expect.any(Number) })));
    expect(verifyChain(await to.chain('c1'))).toEqual({ ok: true, count: 5, unsealed: 0 });
    expect(await to.findRequest('The Hundred Days#c1')).toEqual(await from.findRequest('The Hundred Days#c1'));
    expect((await to.undelivered()).map((r) => [r.battleId, r.message.text, r.message.status])).toEqual([['c1', 'Turn 1 opens', 'campaign:c1:status']]);
    expect(await to.seed('c1-b1')).toBe('02'.repeat(32));

    // Run again: everything skipped, nothing written twice.
    const again = await copyStore(from, to);
    expect([...again.map((c) => c.skipped), ...again.campaigns.map((c) => c.skipped)]).toEqual([true, true, true]);
    expect(await to.version('c1')).toBe(5);
  }, 60_000);

  it('given a target holding another campaign c1, then c1 is copied as c2 and its battle as c2-b1: every reference renamed, every chain verified, every source hash recomputable; run again, nothing is copied twice', async () => {
    const to = await campaignSource('Peninsula', '2025-01-01T10:00:00.000Z', undefined, 'camp-a');
    const from = await campaignSource('The Hundred Days', '2025-06-16T10:00:00.000Z', undefined, 'camp-b');
    const theirs = await to.chain('c1');

    const copied = await copyStore(from, to);

    expect(copied.map((c) => [c.battle.id, c.id, c.skipped, c.refused])).toEqual([
      ['b1', 'b2', false, undefined],
      ['c1-b1', 'c2-b1', false, undefined],
    ]);
    expect(copied.campaigns.map((c) => [c.campaign.id, c.id, c.skipped])).toEqual([['c1', 'c2', false]]);
    // The target's own c1 is as it was.
    expect(await to.chain('c1')).toEqual(theirs);
    expect((await to.campaigns()).map((c) => [c.id, c.name])).toEqual([
      ['c1', 'Peninsula'],
      ['c2', 'The Hundred Days'],
    ]);
    // The battle: renumbered with its campaign, naming it, rolling on its old stream; its old hashes recomputable.
    const battle = (await to.load('c2-b1'))[0]!.data as { battleId: string; campaign: string; diceStream: string; copiedFrom: CopiedFrom };
    expect(battle).toMatchObject({ battleId: 'c2-b1', campaign: 'c2', diceStream: 'c1-b1' });
    const battleChain = await to.chain('c2-b1');
    expect(verifyChain(battleChain).ok).toBe(true);
    expect(sourceChain(battleChain.rows, battle.copiedFrom)).toEqual({ ok: true, hashes: (await from.load('c1-b1')).map((e) => e.hash) });
    // The campaign: its battle named c2-b1 everywhere, its result by the hash the copy has.
    const log = await to.load('c2');
    expect(log.map((e) => [e.type, (e.data as { battleId?: string; campaignId?: string }).battleId ?? (e.data as { campaignId?: string }).campaignId])).toEqual([
      ['CampaignCreated', 'c2'],
      ['CampaignSideAdded', undefined],
      ['CampaignBattleStarted', 'c2-b1'],
      ['BattleResultProposed', 'c2-b1'],
      ['BattleResultApplied', 'c2-b1'],
    ]);
    expect((log[3]!.data as { through: unknown }).through).toEqual({ version: 2, hash: battleChain.rows[1]!.hash });
    const chain = await to.chain('c2');
    expect(verifyChain(chain)).toEqual({ ok: true, count: 5, unsealed: 0 });
    const campaignFrom = (log[0]!.data as { copiedFrom: CampaignCopiedFrom }).copiedFrom;
    expect(Object.keys(campaignFrom.changed)).toEqual(['1', '3', '4', '5']);
    expect(sourceCampaignChain(chain.rows, campaignFrom)).toEqual({ ok: true, hashes: (await from.load('c1')).map((e) => e.hash) });
    const verified = await verifyCampaign(to, 'c2');
    expect([verified.chain.ok, ...verified.battles.map((b) => [b.battleId, b.matches, b.log.chain.ok])]).toEqual([true, ['c2-b1', true, true]]);
    // Requests the umpire named after c1 and c1-b1 are named after c2 and c2-b1 here; the status post too.
    expect(await to.findRequest('BattleResult:c2-b1')).toEqual(await from.findRequest('BattleResult:c1-b1'));
    expect(await to.findRequest('CampaignBattle:c2-b1')).toBeDefined();
    expect((await to.undelivered()).filter((r) => r.battleId === 'c2').map((r) => r.message.status)).toEqual(['campaign:c2:status']);

    // Run again: everything skipped under the ids it was given.
    const again = await copyStore(from, to);
    expect([...again.map((c) => [c.id, c.skipped]), ...again.campaigns.map((c) => [c.id, c.skipped])]).toEqual([
      ['b2', true],
      ['c2-b1', true],
      ['c2', true],
    ]);
    // The source played on after the copy: refused by name, nothing copied again.
    await from.append('c1', 5, [{ type: 'CampaignGmAdded', data: { user: 'u2' } }], meta('rc2'), [], []);
    await expect(copyStore(from, to)).rejects.toThrow('Campaign c1 ("The Hundred Days") was copied here as c2 when it had 5 events; it has 6 now, with another last hash. Nothing of it was copied again.');
    expect(await to.version('c2')).toBe(5);
  });

  it('given a target holding another battle c1-b1 but no c1, then c1 is renumbered with its battle, to c2 and c2-b1', async () => {
    const { store: to } = memoryStore();
    await to.append('c1-b1', 0, [created('c1-b1', 'elsewhere', 'Wavre'), ended], meta('other'), [], []);
    const from = await campaignSource();

    const copied = await copyStore(from, to);

    expect(copied.map((c) => [c.battle.id, c.id, c.refused])).toEqual([
      ['b1', 'b1', undefined],
      ['c1-b1', 'c2-b1', undefined],
    ]);
    expect(copied.campaigns.map((c) => [c.campaign.id, c.id, c.skipped])).toEqual([['c1', 'c2', false]]);
    expect((await to.battle('c1-b1'))?.name).toBe('Wavre');
    expect((await to.battles()).map((b) => b.id)).toEqual(['c1-b1', 'b1', 'c2-b1']);
    expect((await verifyCampaign(to, 'c2')).battles.map((b) => b.matches)).toEqual([true]);
  });

  it('refuses, naming it, a campaign already in the target with another log (the source played on), and copies nothing', async () => {
    const from = await campaignSource();
    const { store: to } = memoryStore();
    await copyStore(from, to);
    await from.append('c1', 5, [{ type: 'CampaignGmAdded', data: { user: 'u2' } }], meta('rc2'), [], []);
    await from.append('b9', 0, [created('b9', 'y', 'Wavre')], meta('rb9'), [], []);

    await expect(copyStore(from, to)).rejects.toThrow('Campaign c1 ("The Hundred Days") is already in the target with another log (5 events there, 6 here); nothing of it was copied.');
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

  it('from the command line: two stores each with c1 and c1-b1 merge, the second renumbered c2 and c2-b1, exit 0, and verify reads both campaigns', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-campaigns-'));
    const [a, b, target] = [join(dir, 'a.db'), join(dir, 'b.db'), join(dir, 'target.db')];
    for (const [file, name, at] of [[a, 'The Hundred Days', '2025-06-16T10:00:00.000Z'], [b, 'Peninsula', '2025-01-01T10:00:00.000Z']] as const) {
      const store = await campaignSource(name, at, SqliteEventStore.open(file), `camp-${name}`);
      await store.close();
    }

    const m = umpire(['migrate-store', '--from', a, '--to', target]);

    expect(m.stderr).toBe('');
    expect(m.status).toBe(0);
    expect(m.stdout).toBe(
      'b1 "Ligny": 2 events copied, hash chain verified.\nc1-b1 "Quatre Bras": 2 events copied, hash chain verified.\ncampaign c1 "The Hundred Days": 5 events copied, hash chain verified.\n2 battles and 1 campaign, 9 events; every chain verified in the target.\n',
    );
    const merged = umpire(['migrate-store', '--from', b, '--to', target]);
    expect(merged.stderr).toBe('');
    expect(merged.status).toBe(0);
    expect(merged.stdout).toBe(
      [
        `b1 of ${b} is b2 here ("Ligny"): 2 events copied under b2, its chain re-hashed and verified, and the hashes it had as b1 recomputed from it.`,
        `c1-b1 of ${b} is c2-b1 here ("Quatre Bras"): 2 events copied under c2-b1, its chain re-hashed and verified, and the hashes it had as c1-b1 recomputed from it.`,
        `campaign c1 of ${b} is c2 here ("Peninsula"): 5 events copied under c2 with its battles, its chain re-hashed naming their copies and verified, and the hashes it had as c1 recomputed from it.`,
        "2 battles and 1 campaign, 9 events; every chain verified in the target. 3 renumbered: their ids (or their campaigns' ids) were taken here.",
        '',
      ].join('\n'),
    );
    expect(umpire(['migrate-store', '--from', b, '--to', target]).stdout).toMatch(/^campaign c1 of .* is c2 here \("Peninsula"\): 5 events already there, the same chain\.$/m);
    for (const id of ['c1', 'c2']) {
      const v = umpire(['verify', '--db', target, '--campaign', id]);
      expect(v.status).toBe(0);
      expect(v.stdout).toMatch(new RegExp(`^Campaign ${id}: hash chain of 5 events verified\\.\nBattle ${id}-b1 \\(its result taken at campaign event 4, up to its event 2\\): hash chain of 2 events verified; event 2 still has the hash the campaign recorded\\.`));
      expect(umpire(['verify', '--db', target, '--battle', `${id}-b1`]).status).toBe(0);
    }
  }, 180_000);
});
