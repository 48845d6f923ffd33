import { describe, expect, it } from 'vitest';
import { ordersButtonId } from '../../src/app/messages/buttons.ts';
import { startTable } from '../support/table.ts';

/**
 * Issue 29: an army's orders come from a button that opens a form in Discord. The table has no
 * forms: pressing it tells the user the command to type instead, and runs nothing.
 */
describe('a form button pressed at the table', () => {
  it('answers privately with the command to type, and changes nothing', async () => {
    const t = startTable();
    // An orders prompt in alice's DMs, left in the outbox as the campaign would leave it.
    await t.store.append(
      'c1',
      0,
      [{ type: 'CampaignCreated', data: { campaignId: 'c1', name: 'Peninsula', channel: 'table', gm: 'gm' } }],
      { actor: 'gm', at: '2026-05-01T10:00:00.000Z', requestId: null },
      [{ to: { kind: 'dm', user: 'alice' }, title: 'Campaign turn 1', text: 'Send your orders for the Army of Portugal.', buttons: [{ label: 'Send orders', customId: ordersButtonId('c1', 'a1') }] }],
      [],
    );
    await t.table.flush();
    expect(t.out.at(-1)).toMatchObject({ to: 'dm', user: 'alice', buttons: ['Send orders'] });

    const out = await t.run('@alice !press Send orders');

    expect(out).toEqual([{ to: 'reply', channel: 'table', user: 'alice', text: 'Type your orders: /campaign orders send campaign:c1 army:a1 orders:"..."' }]);
    expect(await t.store.version('c1')).toBe(1);
    expect(await t.store.undelivered()).toEqual([]);
  });
});
