import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Campaigns } from '../../src/app/service/campaigns.ts';
import { invoke } from '../../src/app/service/invoke.ts';
import { Umpire } from '../../src/app/service/umpire.ts';
import { openDatabase } from '../../src/store/db.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { campaignTable, clock, dbFile, HOUR, TUDOR, YORK } from '../campaign/support.ts';
import { sideOf } from '../../src/campaign/state.ts';
import { startTable } from '../support/table.ts';
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

/**
 * Issue 38: rosters that name another side's player, as a player or a GM would send them (a campaign's
 * army import, each side's and the GM's, the name padded with spaces; a battle's /oob import), each
 * followed by the same file naming its own side's player, which must be accepted, so each refusal is
 * the player's and not some other fault of the file. Then a turn opens and nobody is asked for the
 * orders of an army of another side, nor holds a battle command of another side.
 */
describe("rosters naming another side's player (issue 38)", () => {
  const ROSTERS = FULL ? 100 : 12;
  /** A file with its player replaced and its names made new (a battle's sides kept: the file adds to them). */
  const renamed = (file: string, i: number, player: RegExp, who: string, text = readFileSync(file, 'utf8')) =>
    text
      .replace(player, `player: ${who}`)
      .replace(/^(.*?name: )([^,}\n]+)/gm, (line, head: string, name: string) => (line.startsWith('  - ') && file.includes('/oob/') ? line : `${head}H${i} ${name}`));
  /** Each hostile roster: who imports it (for which side), the file, its own side's player, and the enemy it names instead. */
  const VARIANTS: { actor: string; side?: string; file: string; own: string; enemy: string }[] = [
    { actor: 'alice', file: TUDOR, own: 'alice', enemy: 'bob' },
    { actor: 'gm', side: 'Tudor', file: TUDOR, own: 'alice', enemy: 'bob' },
    { actor: 'bob', file: YORK, own: 'bob', enemy: 'alice' },
    { actor: 'alice', file: TUDOR, own: 'alice', enemy: '"  bob  "' },
  ];

  it('accepted 0; the same files naming their own side accepted all; an enemy asked for orders 0', async () => {
    const f = { hostile: 0, accepted: 0, controls: 0, controlsAccepted: 0, prompts: 0, enemyAsked: 0, enemyCommands: 0 };
    const t = await campaignTable();
    for (let i = 0; i < ROSTERS; i++) {
      const v = VARIANTS[i % VARIANTS.length]!;
      const importAs = async (who: string) => {
        const before = (await t.app.campaigns.state('c1')).version;
        const readFile = async () => ({ name: `h${i}.yaml`, text: renamed(v.file, i, new RegExp(`player: ${v.own}`), who) });
        await invoke(t.app, { command: 'campaign', sub: 'army import', options: { file: `h${i}.yaml`, ...(v.side ? { side: v.side } : {}) }, actor: v.actor, channel: 'campaign', readFile });
        return (await t.app.campaigns.state('c1')).version > before;
      };
      f.hostile++;
      if (await importAs(v.enemy)) f.accepted++;
      f.controls++;
      if (await importAs(v.own)) f.controlsAccepted++;
    }
    const opened = await t.run('#campaign @gm /campaign turn open deadline:2d');
    const c = await t.app.campaigns.state('c1');
    const prompts = opened.filter((x) => x.to === 'dm' && x.title?.startsWith('Orders: '));
    f.prompts = prompts.length;
    for (const m of prompts) {
      const army = Object.values(c.armies).find((a) => m.title === `Orders: ${a.name}, turn 1`)!;
      if (sideOf(c, m.user!)?.id !== army.sideId) f.enemyAsked++;
    }

    // A battle's order of battle: French (alice, bob) against Anglo-Allied (carol, dave); the files
    // add to it with their other commands' players left out, the one named the only player they bring.
    const OOB = 'examples/oob/percentile.yaml';
    const withoutOthers = readFileSync(OOB, 'utf8').replace(/^ *player: (bob|carol|dave)\n/gm, '');
    const b = startTable();
    await b.run(['@gm /battle create name:Ligny system:percentile', `@gm /oob import file:${OOB}`]);
    for (let i = 0; i < ROSTERS; i++) {
      const importAs = async (who: string) => {
        const before = (await b.app.state('b1')).version;
        const text = renamed(OOB, i, /player: alice/, who, withoutOthers);
        await invoke(b.app, { command: 'oob', sub: 'import', options: { file: `h${i}.yaml` }, actor: 'gm', channel: 'table', readFile: async () => ({ name: `h${i}.yaml`, text }) });
        return (await b.app.state('b1')).version > before;
      };
      f.hostile++;
      if (await importAs(i % 2 ? 'carol' : 'dave')) f.accepted++;
      f.controls++;
      if (await importAs('alice')) f.controlsAccepted++;
    }
    const battle = await b.app.state('b1');
    f.enemyCommands = Object.values(battle.commands).filter((x) => x.player && !battle.sides[x.sideId]!.players.includes(x.player)).length;
    for (const side of Object.values(battle.sides)) for (const p of side.players) if (Object.values(battle.sides).some((o) => o.id !== side.id && o.players.includes(p))) f.enemyCommands++;

    figureLine(
      'rosters',
      `${f.hostile} hostile rosters naming another side's player (${ROSTERS} campaign army imports by players and GMs, ${ROSTERS} battle oob imports): accepted ${f.accepted} of ${f.hostile}; the same files naming their own side's player accepted ${f.controlsAccepted} of ${f.controls}; ${f.prompts} orders prompts at the next turn, an enemy asked for orders ${f.enemyAsked}; a battle command held by another side's player, or a player on two sides, ${f.enemyCommands}`,
    );
    // Every army of the campaign (the two it began with and the controls) is asked for its orders.
    expect(f).toEqual({ hostile: 2 * ROSTERS, accepted: 0, controls: 2 * ROSTERS, controlsAccepted: 2 * ROSTERS, prompts: 2 + ROSTERS, enemyAsked: 0, enemyCommands: 0 });
  }, 120_000);
});
