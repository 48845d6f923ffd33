import { describe, expect, it } from 'vitest';
import { Campaigns } from '../../src/app/campaigns.ts';
import { invoke } from '../../src/app/invoke.ts';
import { Umpire } from '../../src/app/umpire.ts';
import { openDatabase } from '../../src/store/db.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { campaignTable, clock, dbFile, HOUR } from '../campaign/support.ts';
import { FULL, figureLine } from './figures.ts';

/**
 * Issue 29, misused as users and hosts will: two processes (two connections on one file) starting
 * battles from the same armies at once, a process killed between a battle's reservation and its
 * creation, and processes restarted and ticking together through a turn's reminder and deadline.
 */
const ROUNDS = FULL ? 20 : 4;
const START = { command: 'campaign', sub: 'battle start', options: { name: 'Stoke Field', system: 'medieval', armies: "The King's Army, Lincoln's Army", campaign: 'c1' }, actor: 'gm' };
const openApp = (file: string, now?: () => Date) => new Umpire(new SqliteEventStore(openDatabase(file)), now ? { now } : {});

describe('campaigns under misuse (issue 29)', () => {
  it('two processes, a killed process and restarts: no unit in two battles, no battle lost or doubled, no order lost, no reminder or reveal doubled', async () => {
    const f = { races: 0, started: 0, refused: 0, doubleBooked: 0, killed: 0, createdAtRestart: 0, doubled: 0, ordersLost: 0, reminders: 0, reveals: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      // Two processes start a battle from the same armies at once.
      const file = dbFile();
      await (await campaignTable({ file })).store.close();
      const [a, b] = [openApp(file), openApp(file)];
      const results = await Promise.all([a, b].map((app, i) => invoke(app, { ...START, channel: `field${i}` })));
      f.races++;
      f.started += results.filter((r) => !r.messages.some((m) => m.error)).length;
      f.refused += results.filter((r) => r.messages.some((m) => m.error)).length;
      const c = await a.campaigns.state('c1');
      const busy = Object.values(c.battles).filter((x) => x.stage === 'running').flatMap((x) => x.units);
      f.doubleBooked += busy.length - new Set(busy).size;
      await Promise.all([a.store.close(), b.store.close()]);

      // A process dies after reserving a battle, before creating it; two processes start again and tick at once.
      const killedFile = dbFile();
      await (await campaignTable({ file: killedFile })).store.close();
      const store = new SqliteEventStore(openDatabase(killedFile));
      const dying = new Campaigns(store, { handle: () => Promise.reject(new Error('killed')), state: () => Promise.reject(new Error('killed')) }, () => new Date());
      await dying.handle('c1', { type: 'StartCampaignBattle', name: 'Stoke Field', system: 'medieval', channel: 'stoke', armies: ["The King's Army", "Lincoln's Army"] }, 'gm').catch(() => f.killed++);
      await store.close();
      const [x, y] = [openApp(killedFile), openApp(killedFile)];
      await Promise.all([x.tick(), y.tick()]);
      const battles = await x.store.battles();
      f.createdAtRestart += battles.length === 1 ? 1 : 0;
      f.doubled += Math.max(0, battles.length - 1) + ((await x.store.load('c1-b1')).filter((e) => e.type === 'BattleCreated').length - 1);
      await Promise.all([x.store.close(), y.store.close()]);

      // A turn with a deadline: one order in, the process killed, two restarted processes ticking together past the reminder and the deadline.
      const turnFile = dbFile();
      const now = clock();
      const t = await campaignTable({ file: turnFile, clock: now });
      await t.run(['#campaign @gm /campaign turn open deadline:4h', '#campaign @alice /campaign orders send army:"The King\'s Army" orders:"March north"']);
      await t.store.close();
      const [p, q] = [openApp(turnFile, now.now), openApp(turnFile, now.now)];
      now.advance(3 * HOUR + 1000);
      await Promise.all([p.tick(), q.tick()]);
      now.advance(HOUR);
      await Promise.all([p.tick(), q.tick()]);
      const log = await p.store.load('c1');
      f.reminders += log.filter((e) => e.type === 'OrdersReminded').length;
      f.reveals += log.filter((e) => e.type === 'OrdersRevealed').length;
      const revealed = log.find((e) => e.type === 'OrdersRevealed')?.data as { orders: { text: string | null }[] } | undefined;
      f.ordersLost += revealed?.orders[0]?.text === 'March north' ? 0 : 1;
      await Promise.all([p.store.close(), q.store.close()]);
    }
    figureLine(
      'campaigns',
      `${f.races} races of 2 processes starting a battle from the same armies: started ${f.started}, refused ${f.refused}, units in two battles ${f.doubleBooked}; ${f.killed} processes killed between a battle's reservation and its creation: created at restart ${f.createdAtRestart}, doubled ${f.doubled}; ${ROUNDS} turns restarted mid-turn and ticked by 2 processes: orders lost ${f.ordersLost}, reminders ${f.reminders}, reveals ${f.reveals}`,
    );
    expect(f).toEqual({ races: ROUNDS, started: ROUNDS, refused: ROUNDS, doubleBooked: 0, killed: ROUNDS, createdAtRestart: ROUNDS, doubled: 0, ordersLost: 0, reminders: ROUNDS, reveals: ROUNDS });
  }, 120_000);
});
