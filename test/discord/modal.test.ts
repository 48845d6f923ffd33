import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonBattle, formButton, ordersButtonId } from '../../src/app/messages/buttons.ts';
import { MAX_TEXT } from '../../src/app/slash/commands.ts';
import { invoke } from '../../src/app/service/invoke.ts';
import type * as InvokeModule from '../../src/app/service/invoke.ts';
import { render } from '../../src/discord/render.ts';
import { english, word } from '../../src/i18n/text.ts';
import { answers, startHarness, textOf, type Harness } from '../support/bot-harness.ts';
import type { FakeUser } from '../support/fake-discord.ts';

// Every invocation the bot runs, recorded on its way to the real invoke.
vi.mock('../../src/app/service/invoke.ts', async (importOriginal) => {
  const real = await importOriginal<typeof InvokeModule>();
  return { ...real, invoke: vi.fn(real.invoke) };
});

/** Issue 29: free-text orders come from a button that opens a form (a Discord modal). */
describe('a button that asks for text opens a modal, and its submit is the command', () => {
  let h: Harness;
  let alice: FakeUser;
  beforeAll(async () => {
    h = await startHarness();
    alice = h.fake.user('alice');
  });
  afterAll(async () => {
    await h.stop();
    await h.fake.stop();
  });
  beforeEach(() => {
    vi.mocked(invoke).mockClear();
  });

  /** An orders prompt in alice's DMs, as the bot renders it. */
  const prompt = () =>
    h.fake.postAsBot(alice, render({ to: { kind: 'dm', user: alice.id }, title: 'Campaign turn 1', text: 'Send your orders for the Army of Portugal.', buttons: [{ label: 'Send orders', customId: ordersButtonId('c1', 'a1') }] })[0]!);

  it('pressing it shows a modal with the button’s custom id: one required paragraph of at most MAX_TEXT characters, and runs no command', async () => {
    const pressed = await h.fake.press({ user: alice, message: prompt(), label: 'Send orders' });

    const modal = h.fake.modalOf(pressed);
    expect(modal).toMatchObject({ custom_id: 'v1:orders:c1:a1', title: 'Your orders' });
    expect(modal!.components).toEqual([
      expect.objectContaining({
        type: 18,
        label: 'Orders for this army, secret until the reveal',
        component: expect.objectContaining({ type: 4, custom_id: 'orders', style: 2, required: true, max_length: MAX_TEXT }),
      }),
    ]);
    expect(answers(pressed)).toEqual([]);
    expect(invoke).not.toHaveBeenCalled();
  });

  it('submitting it runs /campaign orders send with the campaign, the army and the text, as the submitter, answered privately', async () => {
    const pressed = await h.fake.press({ user: alice, message: prompt(), label: 'Send orders' });
    const submitted = await h.fake.submitModal({ user: alice, from: pressed, values: { orders: 'March on Ciudad Rodrigo; hold the bridge at Almeida.' } });

    expect(vi.mocked(invoke).mock.calls.map(([, inv]) => inv)).toEqual([
      {
        command: 'campaign',
        sub: 'orders send',
        options: { campaign: 'c1', army: 'a1', orders: 'March on Ciudad Rodrigo; hold the bridge at Almeida.' },
        actor: alice.id,
        channel: h.fake.dmChannelOf(alice),
        requestId: submitted.id,
      },
    ]);
    // The answer is invoke's (whatever the command says of campaign c1 here), given privately.
    const { messages } = await (vi.mocked(invoke).mock.results[0]!.value as ReturnType<typeof invoke>);
    const [reply] = answers(submitted);
    expect(reply?.flags).toBe(64);
    expect(textOf(reply)).toContain(english(messages[0]!.text));
  });

  it('a modal of a custom id the umpire does not understand gets the plain error of an unknown button, and runs nothing', async () => {
    const submitted = await h.fake.submitModal({ user: alice, customId: 'v9:orders:c1', values: { orders: 'Advance.' } });

    const [reply] = answers(submitted);
    expect(reply?.flags).toBe(64);
    expect(textOf(reply)).toBe('This button is no longer understood; use the slash command instead (/help).');
    expect(invoke).not.toHaveBeenCalled();
  });

  it('the form fits Discord’s limits: a title and a label of at most 45 characters, in every language', () => {
    const form = formButton(ordersButtonId('c1', 'a1'))!;
    for (const locale of ['en', 'fr', 'de'] as const) {
      expect(word(form.title, locale).length).toBeLessThanOrEqual(45);
      expect(word(form.label, locale).length).toBeLessThanOrEqual(45);
    }
  });
});

describe('form buttons’ custom ids', () => {
  it('v1:orders:<campaign>:<army> reads back as the form for that army’s orders, and belongs to no battle', () => {
    const id = ordersButtonId('c1', 'a12');
    expect(id).toBe('v1:orders:c1:a12');
    expect(formButton(id)).toMatchObject({ campaign: 'c1', army: 'a12', option: 'orders', max: MAX_TEXT, invocation: { command: 'campaign', sub: 'orders send', options: { campaign: 'c1', army: 'a12' } } });
    expect(buttonBattle(id)).toBeUndefined();
  });

  it.each(['v1:orders:c1', 'v1:orders:c1:a1:x', 'v1:orders::a1', 'v2:orders:c1:a1', 'v1:ballot:b1:1:alice:YES'])('%s is no form button', (id) => {
    expect(formButton(id)).toBeUndefined();
  });
});
