import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayIntentBits } from 'discord.js';
import type { FakeUser } from '../support/fake-discord.ts';
import { answers, quatreBras, startHarness, textOf, type Harness } from '../support/bot-harness.ts';

/**
 * Issue 6, "What it must show": the real discord.js Client against the fake Discord. One battle
 * runs through the file: created, its order of battle imported, a secret ballot voted by buttons.
 */
describe('the bot in a Discord guild', () => {
  let h: Harness;
  let gm: FakeUser;
  let players: Record<'alice' | 'bob' | 'carol' | 'dave', FakeUser>;
  const titles = () => h.fake.channelMessages().map((m) => m.embeds[0]?.title ?? '');

  beforeAll(async () => {
    h = await startHarness();
    gm = h.fake.user('gm');
    players = { alice: h.fake.user('alice'), bob: h.fake.user('bob'), carol: h.fake.user('carol'), dave: h.fake.user('dave') };
  });
  afterAll(async () => {
    await h?.stop();
    await h?.fake.stop();
  });

  it('connects with the Guilds intent only, no privileged intent', () => {
    const identify = h.fake.gatewayReceived.find((p) => p.op === 2)?.d as { intents: number; token: string };
    expect(identify.intents).toBe(GatewayIntentBits.Guilds);
  });

  it('a GM creates a battle and imports an order of battle by slash commands (the file an attachment)', async () => {
    const created = await h.fake.slash({ user: gm, command: 'battle', sub: 'create', options: { name: 'Quatre Bras', system: 'percentile' } });
    expect(created.original!.flags).toBe(64); // the invoking user's answer is ephemeral
    expect(textOf(created.original)).toMatch(/^Done \(event 1\): <@\d+> created battle "Quatre Bras"/);

    const imported = await h.fake.slash({ user: gm, command: 'oob', sub: 'import', files: { file: { name: 'quatre-bras.yaml', text: quatreBras(players) } } });
    expect(imported.callback!.type).toBe(5); // a download may be slow: deferred at once, then filled in
    expect(textOf(imported.original)).toMatch(/Done \(events? [\d-]+\): order of battle imported from quatre-bras\.yaml: 2 new sides, 4 commands, 12 units/);
    expect(h.fake.requests.filter((r) => r.path.startsWith('/attachments/'))).toHaveLength(1);

    await h.fake.until(() => h.fake.channelMessages().length === 2, 'two channel posts');
    expect(titles()).toEqual(['Battle "Quatre Bras" (b1)', 'Order of battle imported']);
    expect(textOf(h.fake.channelMessages()[1])).toMatch(/French: 2 commands, 6 units\nAnglo-Allied: 2 commands, 6 units/);
  });

  it('an autocomplete request returns the battle’s unit names', async () => {
    const choices = await h.fake.autocomplete({ user: gm, command: 'unit', sub: 'show', focused: 'unit', typed: '1/' });
    expect(choices.map((c) => c.name)).toEqual(['1/28th Foot', '1/79th Highlanders', '1/95th Rifles']);
    expect(choices.every((c) => c.name === c.value)).toBe(true);
  });

  it('a ballot opens and each player’s DM arrives with buttons; pressing them records the votes; the reveal is posted to the channel', async () => {
    const opened = await h.fake.slash({ user: gm, command: 'ballot', sub: 'open', options: { question: 'Attack at first light?', options: 'YES,NO' } });
    expect(textOf(opened.original)).toMatch(/^Done .*ballot v1 opened: Attack at first light\?/);

    const prompts = await h.fake.until(() => {
      const dms = Object.values(players).map((p) => h.fake.dmsTo(p)[0]);
      return dms.every(Boolean) ? dms.map((m) => m!) : undefined;
    }, 'a DM prompt for each player');
    for (const m of prompts) {
      expect(m.embeds[0]!.title).toMatch(/^Ballot v1: /);
      expect(m.components).toEqual([
        {
          type: 1,
          components: [
            { type: 2, style: 1, label: 'YES', custom_id: expect.stringMatching(/^v1:ballot:b1:v1:[^:]+:YES$/) },
            { type: 2, style: 1, label: 'NO', custom_id: expect.stringMatching(/^v1:ballot:b1:v1:[^:]+:NO$/) },
          ],
        },
      ]);
    }
    // Who has voted is one status post, edited as the votes come in; nobody sees a choice before the reveal.
    const votes: [FakeUser, string][] = [
      [players.alice, 'YES'],
      [players.bob, 'NO'],
      [players.carol, 'YES'],
      [players.dave, 'NO'],
    ];
    for (const [k, [user, choice]] of votes.entries()) {
      const pressed = await h.fake.press({ user, message: h.fake.dmsTo(user)[0]!, label: choice });
      expect(answers(pressed).map(textOf).join('\n')).toMatch(/^Done \(event/);
      expect(answers(pressed)[0]!.flags).toBe(64);
      if (k < 3) await h.fake.until(() => textOf(h.fake.channelMessages()[3]).includes(`${k + 1} of 4 have voted`), `the status to say ${k + 1} of 4`);
    }
    const reveal = await h.fake.until(() => h.fake.channelMessages().find((m) => m.embeds[0]?.title === 'Revealed: Attack at first light?'), 'the reveal');
    expect(textOf(reveal)).toMatch(/revealed \(everyone voted\): Bachelu's Division YES; Piré's Cavalry Division NO; 5th Division YES; 2nd Netherlands Division NO/);
    expect(titles()).toEqual(['Battle "Quatre Bras" (b1)', 'Order of battle imported', 'Ballot v1 open: Attack at first light?', '', 'Revealed: Attack at first light?']);
    const status = h.fake.channelMessages()[3]!;
    expect(status.edits).toBe(2);
    expect(textOf(status)).not.toMatch(/YES|NO/);
    // The votes are in the log, each cast by its player.
    const cast = (await h.app.log('b1')).filter((e) => e.event.type === 'VoteCast');
    expect(cast.map((e) => [e.actor, (e.event.data as { choice: string }).choice])).toEqual(votes.map(([u, c]) => [u.id, c]));
    // Receipts follow by DM.
    await h.fake.until(() => h.fake.dmsTo(players.dave).some((m) => /Recorded for 2nd Netherlands Division/.test(textOf(m))), 'the receipt DM');
  });

  it("a vote typed as a slash command in the bot's DMs counts in the battle the player plays in", async () => {
    await h.fake.slash({ user: gm, command: 'ballot', sub: 'open', options: { question: 'Hold the wood?', options: 'YES,NO' } });
    const voted = await h.fake.slash({ user: players.bob, dm: true, command: 'ballot', sub: 'vote', options: { ballot: 'v2', choice: 'NO' } });
    expect(textOf(voted.original)).toMatch(/^Done \(event \d+\): <@\d+> voted for Piré's Cavalry Division in Hold the wood\?/);
    expect((await h.app.state('b1')).ballots.v2!.votes).toMatchObject({ [Object.values((await h.app.state('b1')).commands).find((c) => c.player === players.bob.id)!.id]: { choice: 'NO', by: players.bob.id } });
  });

  it('a fire attack by slash command posts its full working to the channel as an embed (PCT-11.15)', async () => {
    const fired = await h.fake.slash({
      user: players.alice,
      command: 'fire',
      sub: 'percentile',
      options: { firer: 'Foot Battery 2/6', target: "Bijleveld's Horse Battery", range: '9', count: 8, base: '35' },
    });
    expect(textOf(fired.original)).toMatch(/^Done \(event \d+\): Foot Battery 2\/6 fires at Bijleveld's Horse Battery \(PCT-11\.15, normal fire, range 9"/);
    const post = await h.fake.until(() => h.fake.channelMessages().find((m) => textOf(m).startsWith("Foot Battery 2/6 fires at Bijleveld's Horse Battery")), 'the fire posted');
    expect(textOf(post)).toMatch(/Base percent given \(6pdr roundshot, 8 cannon, class B, Linear\) = 35 \(PCT-11\.15\.step8\)[\s\S]*d100 \d+ (<=|>) 35/);
    // A medieval subcommand in this percentile battle is refused to the user alone, and nothing is posted.
    const wrong = await h.fake.slash({ user: players.alice, command: 'melee', options: { attacker: '2e Léger', defender: '1/28th Foot' } });
    expect(textOf(wrong.original)).toMatch(/\/melee is for medieval battles; this one plays percentile/);
    expect(wrong.original!.flags).toBe(64);
    expect((await h.app.log('b1')).at(-1)!.event.type).toBe('PercentileFireResolved');
  });

  it('a charge by slash command in a charge battle posts its working, the die the GM gave shown as the GM\'s (CHG-ROLL)', async () => {
    const channel = '1100000000000000009';
    await h.fake.slash({ user: gm, channel, command: 'battle', sub: 'create', options: { name: 'Aspern', system: 'charge' } });
    await h.fake.slash({ user: gm, channel, command: 'oob', sub: 'import', files: { file: { name: 'charge.yaml', text: readFileSync('examples/oob/charge.yaml', 'utf8') } } });
    // A player may not give what the source lost; nothing is logged.
    const before = (await h.app.log('b2')).length;
    const refused = await h.fake.slash({ user: players.alice, channel, command: 'charge', sub: 'roll', options: { attacker: '8e Hussards', defender: 'IR 57 Josef Colloredo', table: 'open', die: 10 } });
    expect(refused.original!.flags).toBe(64);
    expect((await h.app.log('b2'))).toHaveLength(before);
    const charged = await h.fake.slash({
      user: gm,
      channel,
      command: 'charge',
      sub: 'roll',
      options: { attacker: '8e Hussards', defender: 'IR 57 Josef Colloredo', table: 'open', die: 10, outward_rows: 1, rows: 'CHG-OPEN.7=melee', mass: 'none' },
    });
    expect(textOf(charged.original)).toMatch(/^Done \(event \d+\): 8e Hussards charges IR 57 Josef Colloredo \(CHG-ROLL, CHG-OPEN\)/);
    const post = await h.fake.until(() => h.fake.channelMessages(channel).find((m) => textOf(m).startsWith('8e Hussards charges IR 57 Josef Colloredo')), 'the charge posted');
    expect(textOf(post)).toMatch(/d10 each \(CHG-ROLL, the GM's value\)[\s\S]*CHG-ATT-MOD\.13 Cav vs\. Inf Line: \+6 \(from the roster and log\)/);
    expect((await h.app.log('b2')).at(-1)!.event.type).toBe('ChargeResolved');
  });

  it('an initiative round of a brigade battle by slash command posts both dice; a brigade subcommand is refused elsewhere (BRG-2.1)', async () => {
    const channel = '1100000000000000014';
    await h.fake.slash({ user: gm, channel, command: 'battle', sub: 'create', options: { name: 'Salamanca', system: 'brigade' } });
    await h.fake.slash({ user: gm, channel, command: 'oob', sub: 'import', files: { file: { name: 'brigade.yaml', text: readFileSync('examples/oob/brigade.yaml', 'utf8') } } });
    await h.fake.slash({ user: gm, channel, command: 'phase', sub: 'next' });
    const battle = (await h.app.battleIn(channel))!.id;
    const rolled = await h.fake.slash({ user: gm, channel, command: 'activate', sub: 'roll' });
    expect(textOf(rolled.original)).toMatch(/^Done \(event \d+\): initiative round \(BRG-2\.1\)/);
    const post = await h.fake.until(() => h.fake.channelMessages(channel).find((m) => textOf(m).startsWith('initiative round (BRG-2.1)')), 'the round posted');
    expect(textOf(post)).toMatch(/both players roll 1D6[\s\S]*Anglo-Portuguese \d, French Army of Portugal \d/);
    expect((await h.app.log(battle)).at(-1)!.event.type).toBe('BrigadeInitiativeRolled');
    // The March and Volley phase is not left while a token is down (BRG-2.3): refused to the GM alone, nothing logged.
    const before = (await h.app.log(battle)).length;
    const refused = await h.fake.slash({ user: gm, channel, command: 'phase', sub: 'next' });
    expect(refused.original!.flags).toBe(64);
    expect(textOf(refused.original)).toMatch(/still have their activate token.*\(BRG-2\.3\)/);
    expect((await h.app.log(battle))).toHaveLength(before);
    // In the percentile battle of b1 the brigade command is refused with a pointer.
    const wrong = await h.fake.slash({ user: gm, command: 'activate', sub: 'roll' });
    expect(textOf(wrong.original)).toMatch(/\/activate roll is for brigade battles; this one plays percentile/);
  });

  it('logs each interaction with its id, user and battle, and never the token', () => {
    const lines = h.logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    const done = lines.filter((l) => l.msg === 'command done');
    expect(done.length).toBeGreaterThan(0);
    expect(done.every((l) => typeof l.interaction === 'string' && typeof l.user === 'string')).toBe(true);
    expect(done.some((l) => l.battle === 'b1')).toBe(true);
    expect(h.logs.join('\n')).not.toContain(h.fake.token);
  });
});
