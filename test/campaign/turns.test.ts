import { describe, expect, it } from 'vitest';
import { invoke } from '../../src/app/service/invoke.ts';
import { Umpire } from '../../src/app/service/umpire.ts';
import { openDatabase } from '../../src/store/db.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { startTable } from '../support/table.ts';
import { campaignTable, channel, clock, dbFile, dms, errors, HOUR } from './support.ts';

const ORDERS_ALICE = 'March on Newark by the Fosse Way';
const ORDERS_BOB = 'Cross the Trent at Fiskerton';

describe('campaign turns: secret orders by DM, revealed together', () => {
  it('turn open asks each army\'s players by DM, with a button and the command to type', async () => {
    const t = await campaignTable();
    const out = await t.run('#campaign @gm /campaign turn open deadline:2d');
    const [alice] = dms(out, 'alice');
    expect(alice?.title).toBe("Orders: The King's Army, turn 1");
    expect(alice?.buttons).toEqual(['Write orders']);
    expect(alice?.text).toContain('/campaign orders send army:"The King\'s Army" orders:"…"');
    expect(dms(out, 'bob')[0]?.title).toBe("Orders: Lincoln's Army, turn 1");
  });

  it('an order for an army not yours is refused, and nothing changes', async () => {
    const t = await campaignTable();
    await t.run('#campaign @gm /campaign turn open deadline:2d');
    const v = await t.store.version('c1');
    const out = await t.run(`#campaign @bob /campaign orders send army:"The King's Army" orders:"Retreat"`);
    expect(errors(out)).toEqual(["The King's Army is not yours: only <@alice> may send its orders."]);
    expect(await t.store.version('c1')).toBe(v);
  });

  it('the channel sees who has sent orders, never what, until all are in; then all are revealed at once', async () => {
    const t = await campaignTable();
    await t.run('#campaign @gm /campaign turn open deadline:2d');
    const first = await t.run(`#campaign @alice /campaign orders send army:"The King's Army" orders:"${ORDERS_ALICE}"`);
    const seen = first.filter((m) => m.to === 'channel' || (m.to === 'dm' && m.user !== 'alice') || (m.to === 'reply' && m.user !== 'alice'));
    expect(seen.map((m) => m.text).join('\n')).not.toContain('Newark');
    expect(channel(first, 'campaign').at(-1)?.text).toContain("✅ The King's Army");
    expect(dms(first, 'alice')[0]?.text).toContain(ORDERS_ALICE);
    const last = await t.run(`#campaign @bob /campaign orders send army:"Lincoln's Army" orders:"${ORDERS_BOB}"`);
    const reveal = channel(last, 'campaign').find((m) => m.text.includes("Turn 1's orders, revealed as the last came in"));
    expect(reveal?.text).toContain(`**The King's Army**: ${ORDERS_ALICE}`);
    expect(reveal?.text).toContain(`**Lincoln's Army**: ${ORDERS_BOB}`);
  });

  it('orders can be changed until the reveal; the last sent stands', async () => {
    const t = await campaignTable();
    await t.run(['#campaign @gm /campaign turn open deadline:2d', `#campaign @alice /campaign orders send army:"The King's Army" orders:"Hold"`, `#campaign @alice /campaign orders send army:"The King's Army" orders:"${ORDERS_ALICE}"`]);
    const out = await t.run('#campaign @gm /campaign turn reveal');
    const reveal = channel(out, 'campaign')[0]!.text;
    expect(reveal).toContain(`**The King's Army**: ${ORDERS_ALICE}`);
    expect(reveal).toContain("**Lincoln's Army**: (no orders)");
    expect(reveal).toContain('by a GM');
  });

  it('at the deadline the umpire reveals what came in; a late player was reminded by DM before it, once', async () => {
    const c = clock();
    const t = await campaignTable({ clock: c });
    await t.run(['#campaign @gm /campaign turn open deadline:4h', `#campaign @alice /campaign orders send army:"The King's Army" orders:"${ORDERS_ALICE}"`]);
    c.advance(3 * HOUR + 1000); // an hour before the deadline: the reminder (reminderTime)
    await t.table.tick();
    await t.table.tick();
    const reminders = t.out.filter((m) => m.to === 'dm' && m.title?.startsWith('Reminder'));
    expect(reminders.map((m) => m.user)).toEqual(['bob']);
    c.advance(HOUR);
    const start = t.out.length;
    await t.table.tick();
    const reveal = t.out.slice(start).find((m) => m.text.includes('revealed at the deadline'));
    expect(reveal?.text).toContain("**Lincoln's Army**: (no orders)");
  });

  it('a GM extends, pauses and resumes the deadline, each logged; a paused turn is not revealed by its old deadline', async () => {
    const c = clock();
    const t = await campaignTable({ clock: c });
    await t.run('#campaign @gm /campaign turn open deadline:4h');
    const ext = await t.run('#campaign @gm /campaign turn extend by:1d');
    expect(channel(ext, 'campaign')[0]!.text).toMatch(/deadline extended by <@gm>: orders now due <t:\d+:f>/);
    await t.run('#campaign @gm /campaign turn pause');
    c.advance(48 * HOUR);
    const start = t.out.length;
    await t.table.tick();
    expect(t.out.slice(start).some((m) => m.text.includes('revealed'))).toBe(false);
    const resumed = await t.run('#campaign @gm /campaign turn resume');
    // 28 hours were left when it paused: they are given back from the resume.
    const due = new Date(c.now().getTime() + 28 * HOUR);
    expect(channel(resumed, 'campaign')[0]!.text).toContain(`<t:${Math.floor(due.getTime() / 1000)}:f>`);
    const log = (await t.store.load('c1')).map((e) => e.type);
    expect(log).toEqual(expect.arrayContaining(['TurnDeadlineExtended', 'CampaignTurnPaused', 'CampaignTurnResumed']));
  });

  it('a GM enters the orders of an absent player, openly marked at the reveal', async () => {
    const t = await campaignTable();
    await t.run(['#campaign @gm /campaign turn open', `#campaign @alice /campaign orders send army:"The King's Army" orders:"${ORDERS_ALICE}"`]);
    const out = await t.run(`#campaign @gm /campaign orders enter army:"Lincoln's Army" orders:"Hold at Newark"`);
    expect(channel(out, 'campaign').find((m) => m.text.includes('revealed'))?.text).toContain("**Lincoln's Army**: Hold at Newark (entered by a GM, <@gm>)");
    // Revealed at once: the reveal tells bob too, and no receipt repeats it (issue 39).
    expect(dms(out, 'bob')).toEqual([]);
  });

  it('orders a GM enters while others are still out are receipted to the army\'s player', async () => {
    const t = await campaignTable();
    await t.run('#campaign @gm /campaign turn open');
    const out = await t.run(`#campaign @gm /campaign orders enter army:"Lincoln's Army" orders:"Hold at Newark"`);
    expect(dms(out, 'bob')[0]?.text).toContain('entered by <@gm> on your behalf');
  });

  it('a player may not enter orders for another, nor a player pause the turn', async () => {
    const t = await campaignTable();
    await t.run('#campaign @gm /campaign turn open');
    const out = await t.run([`#campaign @bob /campaign orders enter army:"The King's Army" orders:"Flee"`, '#campaign @bob /campaign turn pause']);
    expect(errors(out)).toEqual(["Only a GM of the campaign Lambert Simnel's Rising may do that.", "Only a GM of the campaign Lambert Simnel's Rising may do that."]);
  });

  it("a player the roster names on an army's command sends its orders without joining a side first, from a DM too", async () => {
    const t = startTable();
    await t.run(['#c @gm /campaign create name:Bosworth', '#c @gm /campaign side name:Tudor', '#c @gm /campaign army import side:Tudor file:examples/campaign/tudor.yaml', '#c @gm /campaign turn open deadline:2d']);
    const out = await t.run('#dm @alice /campaign orders send army:"The King\'s Army" orders:"March"');
    expect(errors(out)).toEqual([]);
    // The only army's orders: revealed at once in the campaign's channel (no receipt repeats them, issue 39).
    expect(channel(out, 'c').find((m) => m.text.includes('revealed'))?.text).toContain("**The King's Army**: March");
  });

  it("a player joining a side mid-turn is asked for the orders of its armies that no command's player sends, and may send them", async () => {
    const t = await campaignTable();
    const roster = 'armies:\n  - name: Burgundian Host\n    system: medieval\n    commands:\n      - name: Burgundian Lances\n        units:\n          - { name: Burgundian Archers, arm: infantry, figures: 12, class: C, order: loose, formation: line, armour: light, weapon: longbow, melee_weapon: sword }\n';
    await invoke(t.app, { command: 'campaign', sub: 'army import', options: { side: 'Yorkist', file: 'burgundy.yaml' }, actor: 'gm', channel: 'campaign', readFile: async () => ({ name: 'burgundy.yaml', text: roster }) });
    await t.run('#campaign @gm /campaign turn open deadline:2d');
    const joined = await t.run('#campaign @carol /campaign join side:Yorkist');
    expect(dms(joined, 'carol').map((m) => m.title)).toEqual(['Orders: Burgundian Host, turn 1']);
    expect(errors(await t.run('#campaign @carol /campaign orders send army:"Burgundian Host" orders:"Hold Calais"'))).toEqual([]);
    // Lincoln's Army has its command's player (@bob, as its roster names him): hers to send it is not.
    expect(errors(await t.run(`#campaign @carol /campaign orders send army:"Lincoln's Army" orders:"Retreat"`))).toEqual(["Lincoln's Army is not yours: only <@bob> may send its orders."]);
  });

  it('a restart mid-turn loses no order, reminder or deadline', async () => {
    const file = dbFile();
    const c = clock();
    const t = await campaignTable({ file, clock: c });
    await t.run(['#campaign @gm /campaign turn open deadline:4h', `#campaign @alice /campaign orders send army:"The King's Army" orders:"${ORDERS_ALICE}"`]);
    await t.store.close();
    // The process is gone; another starts on the same file, past the reminder and then the deadline.
    c.advance(3 * HOUR + 1000);
    const again = new Umpire(new SqliteEventStore(openDatabase(file)), { now: c.now });
    expect(await again.tick()).toBe(1);
    c.advance(HOUR);
    expect(await again.tick()).toBe(1);
    expect(await again.tick()).toBe(0);
    const log = await again.store.load('c1');
    expect(log.filter((e) => e.type === 'OrdersReminded').map((e) => e.data)).toEqual([{ turn: 1, waitingFor: ['a2'] }]);
    const revealed = log.find((e) => e.type === 'OrdersRevealed')!.data as { reason: string; orders: { text: string | null }[] };
    expect(revealed.reason).toBe('deadline');
    expect(revealed.orders.map((o) => o.text)).toEqual([ORDERS_ALICE, null]);
  });
});
