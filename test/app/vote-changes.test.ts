import { describe, expect, it } from 'vitest';
import { neverRevealedVotes } from '../../src/battle/ballots.ts';
import { neverRevealedOrders } from '../../src/campaign/state.ts';
import type { ViewExport } from '../../src/web/verify-export.ts';
import { asLogged } from '../../src/app/service/umpire.ts';
import { campaignTable, channel, dms } from '../campaign/support.ts';
import { secretsBattle } from '../support/secrets.ts';
import { startTable, type Out } from '../support/table.ts';
import { linkOf, pages } from '../support/web.ts';

/**
 * Issue 37, "A changed vote is seen": a vote changed (or a campaign's orders) is its voter's
 * business alone, and the choice changed away from is never shown, not even after the reveal. A GM
 * voids a vote; the channel sees that, never the choice.
 */

// North: C1 (alice), C2 (bob); South: C3 (carol), C4 (dave). Everybody chooses ALPHA but bob, who first chose BRAVO.
const SETUP = [...secretsBattle({ C1: 'alice', C2: 'bob', C3: 'carol', C4: 'dave' }), '@gm /ballot open question:"Cross the river?" options:"ALPHA,BRAVO"'];
const vote = (user: string, choice: string) => `@${user} /ballot vote ballot:v1 choice:${choice}`;

/** What a message says to whom, its log version left out (the log's versions count every event). */
const said = (m: Out) => ({ to: m.to, channel: m.channel, user: m.user, title: m.title, text: m.text, buttons: m.buttons });

/** A message that is a ballot's prompt (its buttons list every option, nobody's choice). */
const prompt = (m: Out) => !!m.buttons?.length;

async function play(lines: string[]) {
  const t = startTable();
  await t.run(SETUP);
  const out = await t.run(lines);
  return { t, out };
}

describe('a changed vote is told to its voter alone (issue 37)', () => {
  it('no channel post, no status, no progress: the voter gets the receipt and the answer; /ballot status is the same to the others', async () => {
    const { t } = await play([vote('alice', 'ALPHA'), vote('bob', 'BRAVO')]);
    const status = async (user: string) => (await t.run(`@${user} /ballot status`))[0]!.text;
    const before = { carol: await status('carol'), alice: await status('alice') };
    const out = await t.run(vote('bob', 'ALPHA'));
    expect(out.filter((m) => m.to === 'channel')).toEqual([]);
    expect(out.filter((m) => m.user !== 'bob')).toEqual([]);
    expect(out.map((m) => [m.to, m.text])).toEqual([
      ['reply', 'Done (event 19): <@bob> changed the vote of C2 in Cross the river? (nobody else is told)'],
      ['dm', 'Recorded for C2 in Cross the river?: ALPHA. You can change it until the ballot closes.'],
    ]);
    expect(await status('carol')).toBe(before.carol);
    expect(await status('alice')).toBe(before.alice);
    const log = (await t.run('@carol /battle log last:50'))[0]!.text;
    expect(log).not.toContain('changed the vote');
    expect(log.match(/voted for C2/g)).toHaveLength(1);
    t.db.$client.close();
  });

  it('two worlds, bob voting BRAVO then ALPHA or ALPHA at once, post the same to the channel and DM the same to everybody but bob', async () => {
    const changed = await play([vote('alice', 'ALPHA'), vote('bob', 'BRAVO'), vote('bob', 'ALPHA'), vote('carol', 'ALPHA'), vote('dave', 'ALPHA')]);
    const atOnce = await play([vote('alice', 'ALPHA'), vote('bob', 'ALPHA'), vote('carol', 'ALPHA'), vote('dave', 'ALPHA')]);
    const others = (out: Out[]) => out.filter((m) => m.to === 'channel' || (m.to === 'dm' && m.user !== 'bob')).map(said);
    expect(others(changed.out)).toEqual(others(atOnce.out));
    expect(others(changed.out).some((m) => m.title === 'Revealed: Cross the river?')).toBe(true);
    // bob alone was told of his change.
    expect(changed.out.filter((m) => m.user === 'bob' && m.text.includes('BRAVO')).map((m) => m.to)).toEqual(['dm']);
    changed.t.db.$client.close();
    atOnce.t.db.$client.close();
  });

  it('after the reveal only the choice that counted is shown: the reveal post, /battle log, every view of the pages and its export', async () => {
    const t = startTable();
    const { get } = pages(t.app);
    await t.run(SETUP);
    const share = await t.run('@gm /battle share');
    const views = { public: linkOf(share, (m) => m.to === 'channel'), north: linkOf(share, (m) => m.to === 'dm' && m.title?.startsWith("North's view") === true) };
    const out = await t.run([vote('alice', 'ALPHA'), vote('bob', 'BRAVO'), vote('bob', 'ALPHA'), vote('carol', 'ALPHA'), vote('dave', 'ALPHA')]);
    const reveal = out.find((m) => m.title === 'Revealed: Cross the river?')!;
    expect(reveal.text).toContain('Cross the river? revealed (everyone voted): C1 ALPHA; C2 ALPHA; C3 ALPHA; C4 ALPHA');
    expect(out.filter((m) => m.to === 'channel' && m.text.includes('BRAVO'))).toEqual([]);

    const log = asLogged(await t.store.loadEntries('b1'));
    const bravo = log.find((e) => e.event.type === 'VoteCast' && e.event.data.choice === 'BRAVO')!.version;
    expect(neverRevealedVotes(log)).toEqual(new Set([bravo]));
    for (const user of ['gm', 'carol', 'bob']) expect((await t.run(`@${user} /battle log last:50`))[0]!.text).not.toContain('BRAVO');

    // The ballot's opening lists its options (its prompts in the side's view, its data in the export): left out of the search.
    const opened = log.find((e) => e.event.type === 'BallotOpened')!.version;
    for (const path of Object.values(views)) {
      const exp = (await get(`${path}/export.json`)).json<ViewExport>();
      expect(exp.events.find((e) => e.version === bravo)).toMatchObject({ withheld: true });
      expect(JSON.stringify(exp.events.filter((e) => e.version !== opened))).not.toContain('BRAVO');
      for (const url of [path, `${path}/report`, ...log.map((e) => `${path}/at/${e.version}`)]) {
        const body = (await get(url)).body.replace(new RegExp(`<li id="e${opened}">[\\s\\S]*?(?=<li id="e\\d+">|</ol>)`), '');
        expect(body, url).not.toContain('BRAVO');
        expect(body, url).not.toContain('changed the vote');
      }
    }
    expect((await get(views.public)).body).toContain('C2 ALPHA');
    t.db.$client.close();
  });
});

describe('a GM voids a vote (issue 37)', () => {
  it('the channel sees who voided whose vote, never the choice; the voter is told and asked again; the ballot waits for them', async () => {
    const { t } = await play([vote('alice', 'ALPHA'), vote('bob', 'BRAVO')]);
    const out = await t.run('@gm /ballot void ballot:v1 command:C2 reason:"cast for the wrong command"');
    const posts = out.filter((m) => m.to === 'channel');
    expect(posts.map((m) => m.text)).toEqual(['<@gm> (GM) voided the vote of C2 in Cross the river?: cast for the wrong command; it no longer counts, and C2 votes again\n1 of 4 have voted; waiting for C2, C3, C4.']);
    const dm = out.filter((m) => m.to === 'dm');
    expect(dm.map((m) => m.user)).toEqual(['bob']);
    expect(dm[0]!.text).toMatch(/^A GM \(<@gm>\) voided your vote for C2 in Cross the river\?: cast for the wrong command\. It no longer counts; vote again\.\nCross the river\? for C2\./);
    expect(dm[0]!.buttons).toEqual(['ALPHA', 'BRAVO']);
    expect(out.filter((m) => !prompt(m) && m.text.includes('BRAVO'))).toEqual([]);
    expect((await t.run('@carol /ballot status'))[0]!.text).toContain('1 of 4 voted; waiting for C2, C3, C4');

    // The others voting does not close it: C2 is waited for, and its new vote counts.
    await t.run([vote('carol', 'ALPHA'), vote('dave', 'ALPHA')]);
    expect((await t.app.state('b1')).ballots.v1!.open).toBe(true);
    const last = await t.run('@bob !press ALPHA');
    expect(last.find((m) => m.title === 'Revealed: Cross the river?')!.text).toContain('C1 ALPHA; C2 ALPHA; C3 ALPHA; C4 ALPHA');
    const log = asLogged(await t.store.loadEntries('b1'));
    expect(neverRevealedVotes(log)).toEqual(new Set([log.find((e) => e.event.type === 'VoteCast' && e.event.data.choice === 'BRAVO')!.version]));
    t.db.$client.close();
  });

  it('bad input is refused plainly and changes nothing', async () => {
    const { t } = await play([vote('alice', 'ALPHA')]);
    const refused = async (refusals: [string, string][]) => {
      const version = (await t.app.state('b1')).version;
      for (const [line, error] of refusals) expect((await t.run(line)).map((m) => m.error), line).toEqual([error]);
      expect((await t.app.state('b1')).version).toBe(version);
    };
    await refused([
      ['@alice /ballot void ballot:v1 command:C1', 'Only a GM of this battle may do that.'],
      ['@gm /ballot void ballot:v7 command:C1', 'There is no ballot "v7". Open ballots: v1 (Cross the river?).'],
      ['@gm /ballot void ballot:v1 command:C2', 'C2 has not voted in Cross the river?; there is no vote to void.'],
      ['@gm /ballot void ballot:v1 command:C9', 'C9 does not vote in Cross the river?. Voters: C1, C2, C3, C4.'],
    ]);
    await t.run('@gm /ballot reveal ballot:v1');
    await refused([['@gm /ballot void ballot:v1 command:C1', 'Cross the river? has been revealed; its votes stand.']]);
    t.db.$client.close();
  });
});

describe('changed campaign orders are told to the army alone (issue 37)', () => {
  it('no status post and no channel post: the players get the receipt; the reveal posts the last orders only', async () => {
    const t = await campaignTable();
    await t.run(['#campaign @gm /campaign turn open deadline:2d', '#campaign @alice /campaign orders send army:"The King\'s Army" orders:"Hold the ford"']);
    const out = await t.run('#campaign @alice /campaign orders send army:"The King\'s Army" orders:"March on Newark"');
    expect(channel(out, 'campaign')).toEqual([]);
    expect(out.filter((m) => m.user !== 'alice')).toEqual([]);
    expect(out.find((m) => m.to === 'reply')!.text).toBe("Orders for The King's Army changed (nobody else is told).");
    expect(dms(out, 'alice').map((m) => m.text)).toEqual(["Recorded for The King's Army, turn 1:\nMarch on Newark\nYou can change them until the reveal."]);

    const reveal = await t.run('#campaign @bob /campaign orders send army:"Lincoln\'s Army" orders:"Stand at Stoke"');
    const posted = channel(reveal, 'campaign').map((m) => m.text).join('\n');
    expect(posted).toContain("**The King's Army**: March on Newark");
    expect(posted).not.toContain('Hold the ford');
    const log = await t.app.campaigns.log('c1');
    const hold = log.find((e) => e.event.type === 'OrdersSent' && e.event.data.text === 'Hold the ford')!.version;
    expect(neverRevealedOrders(log)).toEqual(new Set([hold]));
    t.db.$client.close();
  });
});
