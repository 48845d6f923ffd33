import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyLog } from '../../src/app/verify.ts';
import type { DiceUsed } from '../../src/battle/events.ts';
import { rederive } from '../../src/dice/stream.ts';
import type { openDatabase } from '../../src/store/db.ts';
import { eventHash, GENESIS_HASH } from '../../src/store/hash.ts';
import { startTable } from '../support/table.ts';

const SEED = Buffer.from(Array.from({ length: 32 }, (_, i) => i));
const SEED_HEX = SEED.toString('hex');

async function battle(lines: string[]) {
  const t = startTable({ newSeed: () => SEED });
  await t.run(lines);
  return t;
}

const setup = ['@gm /battle create name:Ligny system:medieval', '@gm /side add name:French', '@alice /join side:French', '@gm /side add name:Prussians', '@bob /join side:Prussians'];
const rolls = ['@alice /roll dice expression:4d6kh3+2 reason:ambush', '@gm /roll dice expression:1d20 secret:true', '@bob /roll dice expression:3d6!', '@alice /roll dice expression:d%'];

/** Rewrites stored events and recomputes the hash chain after them, as a forger would. */
function forge(db: ReturnType<typeof openDatabase>, battleId: string, edit: (rows: { version: number; type: string; data: string; actor: string; at: string }[]) => typeof rows) {
  const raw = db.$client;
  const rows = raw.prepare('SELECT version, type, data, actor, at, request_id FROM events WHERE battle_id = ? ORDER BY version').all(battleId) as {
    version: number;
    type: string;
    data: string;
    actor: string;
    at: string;
  }[];
  const next = edit(rows);
  raw.prepare('DELETE FROM events WHERE battle_id = ?').run(battleId);
  const insert = raw.prepare('INSERT INTO events (battle_id, version, type, data, actor, at, request_id, hash) VALUES (?, ?, ?, ?, ?, ?, NULL, ?)');
  let prev = GENESIS_HASH;
  next.forEach((r, i) => {
    prev = eventHash(prev, battleId, i + 1, r.type, r.actor, r.at, r.data);
    insert.run(battleId, i + 1, r.type, r.data, r.actor, r.at, prev);
  });
  raw.prepare('DELETE FROM requests').run();
}

describe('verifiable dice in a battle', () => {
  it('posts the commitment at creation: the SHA-256 of the secret seed', async () => {
    const { out } = await battle(setup.slice(0, 1));
    expect(out.find((m) => m.to === 'channel')!.text).toContain(createHash('sha256').update(SEED).digest('hex'));
  });

  it('/roll in a battle channel is logged with the dice it used, which re-derive from the seed', async () => {
    const { store } = await battle([...setup, rolls[0]!]);
    const e = store.load('b1').find((x) => x.type === 'DiceRolled')!;
    const data = e.data as { dice: DiceUsed; total: number; output: string; reason: string };
    expect(data.reason).toBe('ambush');
    expect(data.dice.from).toBe(0);
    expect(data.dice.rolls).toHaveLength(4);
    expect(rederive(SEED, 'b1', data.dice)).toEqual({ ok: true });
    const kept = data.dice.rolls.map((r) => r.result).sort((a, b) => b - a).slice(0, 3);
    expect(data.total).toBe(kept.reduce((a, b) => a + b, 0) + 2);
  });

  it('a secret roll shows the channel only that it happened; the roller and the GMs get the result; /roll reveal posts it', async () => {
    const { out, table } = await battle([...setup, '@gm /battle gm add user:umpire2', '@alice /roll dice expression:1d20 secret:true reason:scouting']);
    const channel = out.filter((m) => m.to === 'channel').at(-1)!;
    expect(channel.text).toBe('<@alice> rolled in secret (roll #1)');
    const dms = out.filter((m) => m.to === 'dm' && m.title === 'Secret roll #1');
    expect(dms.map((m) => m.user)).toEqual(['alice', 'gm', 'umpire2']);
    const result = /1d20: \[\d+\] = \d+/.exec(dms[0]!.text)![0];
    out.length = 0;
    await table.run('@bob /roll reveal number:1');
    expect(out[0]!.error).toBe('Only <@alice> or a GM may reveal roll #1.');
    await table.run('@bob /battle log');
    expect(out.at(-1)!.text).not.toContain(result);
    await table.run('@alice /roll reveal number:1');
    expect(out.find((m) => m.to === 'channel')!.text).toBe(`secret <@alice> rolled #1 (scouting): ${result}`);
    await table.run('@gm /roll reveal number:1');
    expect(out.at(-1)!.error).toBe('Roll #1 has been revealed already.');
  });

  it('refuses an invalid expression pointing at the bad part, and an absurd size with the limit', async () => {
    const { out, store } = await battle([...setup, '@alice /roll dice expression:4d6x', '@alice /roll dice expression:10000d10000']);
    expect(out.at(-2)!.error).toMatch(/character 4: found "x"[\s\S]*4d6x\n {3}\^/);
    expect(out.at(-1)!.error).toMatch(/10000 dice; a roll may have at most 1000 dice/);
    expect(store.load('b1').some((e) => e.type === 'DiceRolled')).toBe(false);
  });

  it('outside a battle channel a roll uses fresh randomness and says it is not verifiable', async () => {
    const { out } = await battle(['#lobby @alice /roll dice expression:2d6']);
    expect(out[0]!.text).toMatch(/^2d6: \[\d, \d\] = \d+\nNot verifiable/);
  });

  it('undo never rewinds the dice: a roll cannot be undone, and rolls after an undo go on from the cursor', async () => {
    const { store, app, table, out } = await battle([...setup, rolls[0]!]);
    const cursor = app.state('b1').diceCursor;
    expect(cursor).toBeGreaterThan(0);
    await table.run('@gm /battle undo');
    expect(out.at(-1)!.text).toMatch(/undone: <@bob> joined Prussians/);
    expect(app.state('b1').diceCursor).toBe(cursor);
    await table.run(rolls[3]!);
    const last = store.load('b1').filter((e) => e.type === 'DiceRolled').at(-1)!;
    expect((last.data as { dice: DiceUsed }).dice.from).toBe(cursor);
  });

  it('/battle end publishes the seed; later rolls in that battle are refused', async () => {
    const { store, out } = await battle([...setup, rolls[0]!, '@gm /battle end']);
    expect(store.load('b1').find((e) => e.type === 'SeedRevealed')?.data).toEqual({ seed: SEED_HEX });
    expect(out.filter((m) => m.to === 'channel').at(-1)!.text).toContain(`dice seed published: \`${SEED_HEX}\``);
  });
});

describe('umpire verify with the dice', () => {
  it('passes an untouched battle: every roll re-derives', async () => {
    const { db, store } = await battle([...setup, ...rolls, '@gm /battle end']);
    const v = verifyLog(db, 'b1', store.load('b1'));
    expect(v.chain.ok).toBe(true);
    expect(v.dice).toMatchObject({ status: 'checked', events: 4, seedFrom: 'log' });
  });

  it('checks a running battle with --seed, refuses a seed that does not match the commitment, and says when it cannot check', async () => {
    const { db, store } = await battle([...setup, ...rolls]);
    expect(verifyLog(db, 'b1', store.load('b1')).dice).toMatchObject({ status: 'skipped', reason: expect.stringMatching(/give it with --seed/) });
    expect(verifyLog(db, 'b1', store.load('b1'), SEED_HEX).dice).toMatchObject({ status: 'checked', seedFrom: 'given' });
    expect(verifyLog(db, 'b1', store.load('b1'), 'ff'.repeat(32)).dice).toMatchObject({ status: 'failed', reason: expect.stringMatching(/not the commitment/) });
  });

  it('fails when one recorded die value is changed, even with the hash chain recomputed', async () => {
    const { db, store } = await battle([...setup, ...rolls, '@gm /battle end']);
    const target = store.load('b1').filter((e) => e.type === 'DiceRolled')[2]!;
    const change = (rows: { version: number; type: string; data: string; actor: string; at: string }[]) =>
      rows.map((r) => {
        if (r.version !== target.version) return r;
        const data = JSON.parse(r.data) as { dice: DiceUsed };
        data.dice.rolls[0]!.result = (data.dice.rolls[0]!.result % 6) + 1;
        return { ...r, data: JSON.stringify(data) };
      });
    // Changed in place: the chain names the event.
    const raw = db.$client.prepare('SELECT data FROM events WHERE battle_id = ? AND version = ?').get('b1', target.version) as { data: string };
    const tampered = change([{ version: target.version, type: '', data: raw.data, actor: '', at: '' }])[0]!.data;
    db.$client.prepare('UPDATE events SET data = ? WHERE battle_id = ? AND version = ?').run(tampered, 'b1', target.version);
    const v1 = verifyLog(db, 'b1', store.load('b1'));
    expect(v1.chain).toMatchObject({ ok: false, version: target.version });
    expect(v1.dice).toMatchObject({ status: 'failed', version: target.version, reason: expect.stringMatching(/re-derives as \d+, recorded \d+/) });
    // Forged with a recomputed chain: only the dice can tell.
    forge(db, 'b1', (rows) => rows);
    const v2 = verifyLog(db, 'b1', store.load('b1'));
    expect(v2.chain.ok).toBe(true);
    expect(v2.dice).toMatchObject({ status: 'failed', version: target.version });
  });

  it('fails when a roll event is removed and the chain renumbered and recomputed', async () => {
    const { db, store } = await battle([...setup, ...rolls, '@gm /battle end']);
    const removed = store.load('b1').filter((e) => e.type === 'DiceRolled')[1]!;
    forge(db, 'b1', (rows) => rows.filter((r) => r.version !== removed.version));
    const v = verifyLog(db, 'b1', store.load('b1'));
    expect(v.chain.ok).toBe(true);
    expect(v.dice).toMatchObject({ status: 'failed', version: removed.version, reason: expect.stringMatching(/a roll is missing, or dice were rolled again/) });
  });
});
