import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermissionFlagsBits } from 'discord.js';
import type { FakeUser } from '../support/fake-discord.ts';
import { outboxSettled, quatreBras, startHarness, textOf, type Harness } from '../support/bot-harness.ts';

/**
 * Issue 6: GM-only commands are hidden from players by Discord's default permissions, but a guild
 * can change those; the bot checks the battle's GMs on every use, and a button's custom id gives no
 * authority either.
 */
describe('authority in Discord', () => {
  let h: Harness;
  let gm: FakeUser;
  let alice: FakeUser;
  let bob: FakeUser;

  beforeAll(async () => {
    h = await startHarness();
    gm = h.fake.user('gm');
    alice = h.fake.user('alice');
    bob = h.fake.user('bob');
    const players = { alice, bob, carol: h.fake.user('carol'), dave: h.fake.user('dave') };
    await h.fake.slash({ user: gm, command: 'battle', sub: 'create', options: { name: 'Ligny', system: 'percentile' } });
    await h.fake.slash({ user: gm, command: 'oob', sub: 'import', files: { file: { name: 'oob.yaml', text: quatreBras(players) } } });
    await h.fake.until(() => h.fake.channelMessages().length === 2, 'the setup posts');
  });
  afterAll(async () => {
    await h?.stop();
    await h?.fake.stop();
  });

  it('a GM-only command by a player is refused even when the guild let the player use it', async () => {
    // /phase is registered GM-only (default_member_permissions), but this guild gave it to everyone
    // and the player even has Administrator: Discord delivers the interaction.
    const phase = h.fake.commands.find((c) => c.name === 'phase')!;
    expect(phase.default_member_permissions).toBe(PermissionFlagsBits.ManageEvents.toString());
    const before = (await h.app.state('b1')).version;
    const posted = h.fake.channelMessages().length;

    const refused = await h.fake.slash({ user: alice, command: 'phase', sub: 'next', permissions: PermissionFlagsBits.Administrator.toString() });
    expect(refused.original!.flags).toBe(64);
    expect(textOf(refused.original)).toBe('Only a GM of this battle may do that.');
    // A GM-only subcommand of a command everyone sees is refused the same way.
    const open = await h.fake.slash({ user: alice, command: 'ballot', sub: 'open', options: { question: 'Retreat?', options: 'YES,NO' } });
    expect(textOf(open.original)).toBe('Only a GM of this battle may do that.');

    await outboxSettled(h); // a post of the refused commands would have gone out by now
    expect((await h.app.state('b1')).version).toBe(before);
    expect(h.fake.channelMessages()).toHaveLength(posted);
  });

  it("a forged button (another player's command in its custom id) records nothing", async () => {
    await h.fake.slash({ user: gm, command: 'ballot', sub: 'open', options: { question: 'Attack?', options: 'YES,NO' } });
    const bobs = await h.fake.until(() => h.fake.dmsTo(bob)[0], "bob's prompt");
    // Alice presses a copy of Bob's button: the custom id names Bob's command.
    const pressed = await h.fake.press({ user: alice, message: bobs, label: 'YES' });
    expect(pressed.original!.flags).toBe(64);
    expect(textOf(pressed.original)).toMatch(new RegExp(`^Only <@${bob.id}> may vote`));
    expect((await h.app.state('b1')).ballots.v1!.votes).toEqual({});
  });
});
