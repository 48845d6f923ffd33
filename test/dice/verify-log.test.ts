import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Umpire } from '../../src/app/service/umpire.ts';
import { verifyDice, verifyLog, type DiceCheck } from '../../src/app/reports/verify.ts';
import { english } from '../../src/i18n/text.ts';
import type { DiceUsed } from '../../src/battle/events.ts';
import { rederive } from '../../src/dice/stream.ts';
import { openDatabase, type Db } from '../../src/store/db.ts';
import { GENESIS_HASH, rowHash } from '../../src/store/hash.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { Table } from '../../src/table/table.ts';
import { unguarded } from '../support/tamper.ts';

/** A dice check with its reason in English, as `umpire verify` prints it. */
const inEnglish = (d: DiceCheck) => ('reason' in d ? { ...d, reason: english(d.reason) } : d);

const SEED = Buffer.from(Array.from({ length: 32 }, (_, i) => 0xa0 + i));
const SEED_HEX = SEED.toString('hex');
const OTHER_HEX = 'ff'.repeat(32);

interface Out {
  to: 'channel' | 'dm' | 'reply';
  user?: string;
  title?: string;
  text: string;
  error?: string;
}

/** The local table on an in-memory database, with the battle seed fixed as `umpire table --seed` does. */
async function table(script: string) {
  const db = openDatabase(':memory:');
  const store = new SqliteEventStore(db);
  const app = new Umpire(store, { newSeed: () => SEED });
  const out: Out[] = [];
  const t = new Table(app, { json: true, cwd: process.cwd(), print: (l) => out.push(JSON.parse(l) as Out) });
  const run = async (lines: string) => {
    const start = out.length;
    for (const l of lines.split('\n')) await t.run(l.trim());
    return out.slice(start);
  };
  await run(script);
  return { db, store, out, run, verify: (seed?: string) => verifyLog(store, 'b1', seed) };
}

const SETUP = `
  @gm /battle create name:Ligny system:medieval
  @gm /battle gm add user:@umpire2
  @gm /side add name:French
  @alice /join side:French
  @gm /side add name:Prussians
  @bob /join side:Prussians`;

const ROLLS = `
  @gm /roll 2d6+1 reason:"Piré's charge"
  @alice /roll 1d20 secret:true reason:scouting
  @bob /roll 4d6kh3
  @gm /roll d%`;

const dataOf = async (store: SqliteEventStore, type: string) => (await store.load('b1')).filter((e) => e.type === type);

/**
 * What a forger with write access to the database does after editing rows: renumber the versions
 * and recompute every hash, and drop the request rows that remember the last version, so that the
 * hash chain alone passes.
 */
function rechain(db: Db) {
  const raw = unguarded(db.$client);
  const rows = raw.prepare("SELECT position, type, data, actor, at, salt FROM events WHERE battle_id = 'b1' ORDER BY version").all() as {
    position: number;
    type: string;
    data: string;
    actor: string;
    at: string;
    salt: string | null;
  }[];
  const update = raw.prepare('UPDATE events SET version = ?, hash = ? WHERE position = ?');
  let prev = GENESIS_HASH;
  rows.forEach((r, i) => {
    prev = rowHash(prev, 'b1', i + 1, r);
    update.run(i + 1, prev, r.position);
  });
  // A thorough forger also wipes what is recorded beside the log of how far it reached.
  raw.prepare("UPDATE events SET result = NULL WHERE battle_id = 'b1'").run();
  raw.prepare("UPDATE outbox SET battle_version = NULL WHERE battle_id = 'b1'").run();
}

describe('/roll at the local table', () => {
  it('an open roll in the battle channel is posted and logged with dice that re-derive from the seed', async () => {
    const { store, run } = await table(SETUP);
    const posted = await run(`@gm /roll 2d6+1 reason:"Piré's charge"`);
    const [e] = (await dataOf(store, 'DiceRolled'));
    const data = e!.data as { number: number; roller: string; expression: string; reason: string; secret: boolean; output: string; total: number; dice: DiceUsed };
    expect(data).toMatchObject({ number: 1, roller: 'gm', expression: '2d6+1', reason: "Piré's charge", secret: false, dice: { from: 0 } });
    expect(data.dice.rolls.map((r) => r.sides)).toEqual([6, 6]);
    expect(data.total).toBe(data.dice.rolls[0]!.result + data.dice.rolls[1]!.result + 1);
    expect(rederive(SEED, 'b1', data.dice)).toEqual({ ok: true });
    expect(posted.find((m) => m.to === 'channel')!.text).toBe(`<@gm> rolled #1 (Piré's charge): ${data.output}`);
  });

  it('a secret roll: the channel sees that it happened, the roller and each GM get the result by DM, /reveal roll: posts it', async () => {
    const { run } = await table(SETUP);
    const rolledOut = await run('@alice /roll 1d20 secret:true reason:scouting');
    const dms = rolledOut.filter((m) => m.to === 'dm');
    expect(dms.map((m) => m.user)).toEqual(['alice', 'gm', 'umpire2']);
    const result = /1d20: \[\d+\] = \d+/.exec(dms[0]!.text)![0];
    for (const m of dms) expect(m.text).toContain(result);
    const seen = rolledOut.filter((m) => m.to !== 'dm');
    expect(seen.find((m) => m.to === 'channel')!.text).toBe('<@alice> rolled in secret (roll #1)');
    for (const m of seen) expect(m.text).not.toContain(result);

    // Nobody else reads it in the status or the log, GMs included, until it is revealed.
    for (const m of await run('@bob /battle status\n@bob /battle log\n@gm /battle log')) expect(m.text).not.toContain(result);
    expect((await run('@bob /reveal roll:1'))[0]!.error).toBe('Only <@alice> or a GM may reveal roll #1.');

    const revealed = await run('@alice /reveal roll:1');
    expect(revealed.find((m) => m.to === 'channel')!.text).toBe(`secret <@alice> rolled #1 (scouting): ${result}`);
    expect((await run('@bob /battle log last:1'))[0]!.text).toContain(result);
  });

  it('/battle reveal-seed publishes the seed mid-battle, says /roll is closed, and /roll is refused after it', async () => {
    const { store, run } = await table(SETUP);
    const [reply, post] = await run('@gm /battle reveal-seed');
    expect(reply!.text).toMatch(/^Done \(event \d+\): dice seed published/);
    expect(post!.text).toContain(`dice seed published: \`${SEED_HEX}\``);
    expect(post!.text).toContain('/roll is closed in this battle from now on');
    expect((await dataOf(store, 'SeedRevealed')).map((e) => e.data)).toEqual([{ seed: SEED_HEX }]);
    expect((await run('@gm /roll 1d6'))[0]!.error).toMatch(/has been published, so its rolls would be predictable/);
    expect((await run('@alice /battle reveal-seed'))[0]!.error).toBe('Only a GM of this battle may do that.');
  });

  it('/battle end publishes the seed: its SHA-256 is the commitment posted at creation', async () => {
    const { store, out, run } = await table(SETUP);
    const commitment = createHash('sha256').update(SEED).digest('hex');
    expect(out.find((m) => m.to === 'channel')!.text).toContain(commitment);
    const posts = (await run('@gm /battle end')).filter((m) => m.to === 'channel');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.text.split('\n')).toEqual(['battle ended by <@gm>', expect.stringContaining(`dice seed published: \`${SEED_HEX}\``)]);
    expect(posts[0]!.text).not.toContain('/roll is closed');
    expect((await dataOf(store, 'SeedRevealed')).map((e) => e.data)).toEqual([{ seed: SEED_HEX }]);
  });
});

describe('umpire verify re-derives every roll', () => {
  it('passes an untouched battle, with the published seed or (before it is published) the seed given', async () => {
    const running = await table(SETUP + ROLLS);
    expect(inEnglish((await running.verify()).dice)).toEqual({ status: 'skipped', reason: expect.stringMatching(/not been published.*give it with --seed/) });
    expect((await running.verify(SEED_HEX))).toEqual({ chain: { ok: true, count: 10, unsealed: 0 }, dice: { status: 'checked', events: 4, rolls: 8, seedFrom: 'given' } });
    await running.run('@gm /battle end');
    expect((await running.verify())).toEqual({ chain: { ok: true, count: 12, unsealed: 0 }, dice: { status: 'checked', events: 4, rolls: 8, seedFrom: 'log' } });
    expect((await running.verify(SEED_HEX.toUpperCase())).dice).toMatchObject({ status: 'checked', seedFrom: 'given' });
  });

  it('refuses a --seed that does not match the commitment, or the seed the log published, or is not 32 bytes of hex', async () => {
    const running = await table(SETUP + ROLLS);
    expect(inEnglish((await running.verify(OTHER_HEX)).dice)).toEqual({ status: 'failed', reason: expect.stringMatching(/given seed's SHA-256 is not the commitment posted at creation/) });
    expect(inEnglish((await running.verify('abc')).dice)).toEqual({ status: 'failed', reason: 'the seed must be 64 hex digits (32 bytes).' });
    await running.run('@gm /battle end');
    expect(inEnglish((await running.verify(OTHER_HEX)).dice)).toEqual({ status: 'failed', reason: 'the seed given is not the one the battle published.' });
  });

  it('fails when the published seed is not the committed one (SeedRevealed rewritten, chain recomputed)', async () => {
    const { db, verify } = await table(`${SETUP}${ROLLS}\n@gm /battle end`);
    unguarded(db.$client).prepare("UPDATE events SET data = ? WHERE battle_id = 'b1' AND type = 'SeedRevealed'").run(JSON.stringify({ seed: OTHER_HEX }));
    rechain(db);
    const v = await verify();
    expect({ ...v, dice: inEnglish(v.dice) }).toMatchObject({ chain: { ok: true }, dice: { status: 'failed', reason: expect.stringMatching(/published seed's SHA-256 is not the commitment/) } });
  });

  it('fails when one recorded die value is changed: named by the chain and the dice, and by the dice alone once the chain is recomputed', async () => {
    const { db, store, verify } = await table(`${SETUP}${ROLLS}\n@gm /battle end`);
    const target = (await dataOf(store, 'DiceRolled'))[2]!;
    const data = target.data as { dice: DiceUsed };
    data.dice.rolls[1]!.result = (data.dice.rolls[1]!.result % 6) + 1;
    unguarded(db.$client).prepare("UPDATE events SET data = ? WHERE battle_id = 'b1' AND version = ?").run(JSON.stringify(data), target.version);

    const tampered = (await verify());
    expect(tampered.chain).toMatchObject({ ok: false, version: target.version });
    expect(inEnglish(tampered.dice)).toEqual({ status: 'failed', version: target.version, reason: expect.stringMatching(/^DiceRolled: .*roll 1 .*re-derives as \d+, recorded \d+/) });

    rechain(db);
    const forged = (await verify());
    expect(forged.chain).toEqual({ ok: true, count: 12, unsealed: 0 });
    expect(forged.dice).toMatchObject({ status: 'failed', version: target.version });
  });

  it('fails when a roll event is removed, even with the later versions renumbered and the chain recomputed', async () => {
    const { db, store, verify } = await table(`${SETUP}${ROLLS}\n@gm /battle end`);
    const [, removed, next] = (await dataOf(store, 'DiceRolled'));
    unguarded(db.$client).prepare("DELETE FROM events WHERE battle_id = 'b1' AND version = ?").run(removed!.version);
    rechain(db);
    const v = (await verify());
    expect(v.chain).toEqual({ ok: true, count: 11, unsealed: 0 });
    // The next roll now sits at the removed one's version and starts where the removed one started.
    expect(inEnglish(v.dice)).toEqual({
      status: 'failed',
      version: removed!.version,
      reason: `DiceRolled starts at word ${(next!.data as { dice: DiceUsed }).dice.from} of the dice stream, but the previous roll ended at word ${(removed!.data as { dice: DiceUsed }).dice.from}: a roll is missing, or dice were rolled again.`,
    });
  });

  it('fails on a re-roll: a roll replaced by another from the same place on the stream', async () => {
    const { store } = await table(`${SETUP}${ROLLS}\n@gm /battle end`);
    const events = (await store.load('b1'));
    const rolls = events.filter((e) => e.type === 'DiceRolled');
    // The third roll logged twice: the second copy starts before the first one ended.
    const rerolled = [...events.slice(0, events.indexOf(rolls[2]!) + 1), { ...rolls[2]!, version: rolls[2]!.version + 1 }, ...events.slice(events.indexOf(rolls[2]!) + 1)];
    expect(inEnglish(verifyDice('b1', rerolled))).toMatchObject({ status: 'failed', version: rolls[2]!.version + 1, reason: expect.stringMatching(/rolled again/) });
  });
});
