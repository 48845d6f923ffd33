import { describe, expect, it } from 'vitest';
import { campaignTable, STOKE } from './support.ts';

/** Issue 41: /help in a campaign's channel says what the campaign waits for now and from whom, the reader's own with the command to type. */
describe('/help in a campaign channel', () => {
  const help = async (t: Awaited<ReturnType<typeof campaignTable>>, user: string) => {
    const out = await t.run(`#campaign @${user} /help`);
    return out.find((m) => m.title === 'Commands you can use now')!.text;
  };

  it('given a turn open and one army\'s orders in, the late player reads theirs with the command, the GM whom it waits for', async () => {
    const t = await campaignTable();
    await t.run(['#campaign @gm /campaign turn open deadline:2d', '#campaign @alice /campaign orders send army:"The King\'s Army" orders:"March north"']);
    const bob = await help(t, 'bob');
    expect(bob).toMatch(/^Lambert Simnel's Rising \(campaign c1\), turn 1\.\nDue now:\n• Orders for Lincoln's Army, turn 1, due <t:\d+:f> \(<t:\d+:R>\) — yours: \/campaign orders send army:"Lincoln's Army" orders:"…"\n/);
    expect(bob).not.toContain('There is no battle');
    expect(bob).not.toContain('GM:');
    expect(await help(t, 'gm')).toContain("• Orders for Lincoln's Army, turn 1, due");
    expect(await help(t, 'gm')).toMatch(/— waiting for <@bob>\n.*\nGM: \/campaign turn open/);
    // Alice's are in: nothing is hers.
    expect(await help(t, 'alice')).not.toContain('yours');
  });

  it('given a battle being fought, then its result proposed: first its end, then the GM\'s confirm', async () => {
    const t = await campaignTable();
    await t.run(STOKE.slice(0, -1));
    expect(await help(t, 'alice')).toContain('• Stoke Field (c1-b1), fought in <#stoke>, to end — waiting for a GM');
    await t.run(STOKE.at(-1)!);
    expect(await help(t, 'gm')).toContain("• Stoke Field's result (c1-b1), to confirm — yours: /campaign battle confirm battle:c1-b1");
    expect(await help(t, 'bob')).toContain("• Stoke Field's result (c1-b1), to confirm — waiting for a GM");
  });

  it('given no turn yet, the GM is told to open one; given a side with no player, anyone of no side may join it', async () => {
    const t = await campaignTable();
    expect(await help(t, 'gm')).toContain('• Turn 1, to open — yours: /campaign turn open deadline:2d');
    await t.run('#campaign @gm /campaign side name:Scots');
    expect(await help(t, 'carol')).toContain('• A player for Scots — yours: /campaign join side:Scots');
    expect(await help(t, 'alice')).toContain('• A player for Scots — waiting for a player to join');
  });

  it('given the campaign ended, /help all:true lists what reads it, and its GM its page; no command that changes it', async () => {
    const t = await campaignTable();
    await t.run('#campaign @gm /campaign end');
    const all = (await t.run('#campaign @gm /help all:true')).find((m) => m.title === 'Commands you can use now')!.text;
    expect(all).toContain('/campaign report');
    expect(all).toContain('/campaign share');
    expect(all).not.toContain('/campaign turn open');
    expect(all).not.toContain('/campaign battle start');
    expect(await help(t, 'gm')).toContain('\nGM: /campaign share · /campaign unshare\n');
  });

  it('given the campaign ended, its channel says how its log is read there', async () => {
    const t = await campaignTable();
    await t.run('#campaign @gm /campaign end');
    expect(await help(t, 'bob')).toBe(
      "Lambert Simnel's Rising (campaign c1) has ended.\nIts log is read here: /campaign status · /campaign army show · /campaign unit show · /campaign report. A new campaign starts here with /campaign create.\nEverything you may use here: /help all:true",
    );
  });
});
