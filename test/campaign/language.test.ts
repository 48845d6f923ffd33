import { describe, expect, it } from 'vitest';
import { startTable } from '../support/table.ts';
import { CAMPAIGN_SETUP, channel, STOKE } from './support.ts';

/**
 * Issue 43: a campaign's language (`/campaign create language:`): logged when not English, as a
 * battle's is; its posts are worded in it, and a battle it starts takes it unless given another.
 */

/** CAMPAIGN_SETUP with the campaign created in `language`. */
const setupIn = (language: string) => [CAMPAIGN_SETUP[0]!.replace('/campaign create ', `/campaign create language:${language} `), ...CAMPAIGN_SETUP.slice(1)];

describe("a campaign's language (issue 43)", () => {
  it('given /campaign create language:fr, then CampaignCreated logs it; given none (or English), it logs none', async () => {
    const fr = startTable();
    await fr.run(setupIn('fr'));
    expect((await fr.store.load('c1'))[0]!.data).toMatchObject({ language: 'fr' });
    expect((await fr.app.campaigns.state('c1')).language).toBe('fr');
    for (const lines of [CAMPAIGN_SETUP, setupIn('en')]) {
      const en = startTable();
      await en.run(lines);
      expect((await en.store.load('c1'))[0]!.data).not.toHaveProperty('language');
      expect((await en.app.campaigns.state('c1')).language).toBe('en');
    }
  });

  it("given a campaign in French, when it posts, then its posts are to be worded in French", async () => {
    const t = startTable();
    await t.run(setupIn('fr'));
    const posts = await t.store.posts('c1');
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.map((p) => p.message.locale)).toEqual(posts.map(() => 'fr'));
  });

  it("given a campaign in French, when a GM starts its battle, then the battle is in French and its channel's posts are worded in French", async () => {
    const t = startTable();
    await t.run(setupIn('fr'));
    const out = await t.run(STOKE.slice(0, 2));
    expect((await t.app.state('c1-b1')).language).toBe('fr');
    expect((await t.store.load('c1-b1'))[0]!.data).toMatchObject({ language: 'fr', campaign: 'c1' });
    const created = channel(out, 'stoke')[0]!.text;
    expect(created).toMatch(/^<@gm> a créé la bataille "Stoke Field"/);
  });

  it("given a campaign in French, when its battle is started in German, then the battle takes the German it was given", async () => {
    const t = startTable();
    await t.run(setupIn('fr'));
    await t.app.campaigns.handle('c1', { type: 'StartCampaignBattle', name: 'Stoke Field', system: 'medieval', channel: 'stoke', armies: ["The King's Army", "Lincoln's Army"], language: 'de' }, 'gm');
    expect((await t.app.state('c1-b1')).language).toBe('de');
    expect((await t.store.load('c1'))).toSatisfy((log: { type: string; data: unknown }[]) => log.some((e) => e.type === 'CampaignBattleStarted' && (e.data as { language?: string }).language === 'de'));
  });

  it('given an English campaign on a French table, when its battle starts, then the battle is English: the campaign\'s language, not the place\'s', async () => {
    const t = startTable({ locale: 'fr' });
    // The table's French would be the campaign's by default: it is said to be English.
    await t.run(setupIn('en'));
    await t.run(STOKE[0]!);
    expect((await t.app.state('c1-b1')).language).toBe('en');
  });
});
