import { describe, expect, it } from 'vitest';
import { campaignTable } from '../campaign/support.ts';

/**
 * Issue 29: an army's orders come from a button that opens a form in Discord. The table has no
 * forms: pressing it tells the user the command to type instead, and runs nothing. Issue 41: the
 * command as the user types it, the army by its name, never the ids the button carries.
 */
describe('a form button pressed at the table', () => {
  it('answers privately with the command to type, the army by its name, and changes nothing', async () => {
    const t = await campaignTable();
    await t.run('#campaign @gm /campaign turn open');
    expect(t.out.filter((m) => m.to === 'dm' && m.user === 'alice').at(-1)).toMatchObject({ buttons: ['Write orders'] });
    const v = await t.store.version('c1');

    const out = await t.run('@alice !press Write orders');

    expect(out).toEqual([{ to: 'reply', channel: 'campaign', user: 'alice', text: 'Type your orders: /campaign orders send army:"The King\'s Army" orders:"..."' }]);
    expect(await t.store.version('c1')).toBe(v);
    expect(await t.store.undelivered()).toEqual([]);
  });

  it('names the campaign too, by its name, where the user plays in more than one', async () => {
    const t = await campaignTable();
    await t.run(['#other @gm /campaign create name:"Perkin Warbeck"', '#other @gm /campaign side name:Tudor', '#other @alice /campaign join side:Tudor', '#campaign @gm /campaign turn open']);

    const out = await t.run('@alice !press Write orders');

    expect(out.map((m) => m.text)).toEqual(['Type your orders: /campaign orders send campaign:"Lambert Simnel\'s Rising" army:"The King\'s Army" orders:"..."']);
    // As typed, it is taken.
    expect((await t.run('#campaign @alice /campaign orders send campaign:"Lambert Simnel\'s Rising" army:"The King\'s Army" orders:"Hold"')).filter((m) => m.error)).toEqual([]);
  });
});
