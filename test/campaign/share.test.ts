import { describe, expect, it } from 'vitest';
import { shareToken } from '../../src/app/messages/share.ts';
import { campaignTable, channel, errors } from './support.ts';

/** The campaign's page (issue 30): one live link at a time, posted in the campaign's channel, revocable, after the end too. */
describe('/campaign share', () => {
  it('posts the link in the campaign channel; a second is refused until the first is revoked', async () => {
    const t = await campaignTable();
    const out = await t.run('#campaign @gm /campaign share');
    const key = await t.store.shareKey();
    const post = channel(out, 'campaign').find((m) => m.text.includes('shared the campaign'))!;
    expect(post.text).toBe(`<@gm> shared the campaign's page (link l1).\nCampaign page (its battles, and what this channel was shown): http://localhost:8080/c/c1/${shareToken(key, 'c1', 'l1', 'c')}`);
    expect(errors(await t.run('#campaign @gm /campaign share'))).toEqual(["Lambert Simnel's Rising is already shared (link l1); /campaign unshare first to replace it."]);

    const revoked = await t.run('#campaign @gm /campaign unshare');
    expect(channel(revoked, 'campaign')[0]!.text).toBe("Link l1 (the campaign's page) revoked by <@gm>: it no longer opens.");
    expect(errors(await t.run('#campaign @gm /campaign unshare'))).toEqual(["Nothing to revoke: Lambert Simnel's Rising has no live link. /campaign share makes one."]);
    // A new link, never the dead one again.
    const again = channel(await t.run('#campaign @gm /campaign share'), 'campaign')[0]!.text;
    expect(again).toContain(`/c/c1/${shareToken(key, 'c1', 'l2', 'c')}`);
    expect((await t.app.campaigns.state('c1')).links).toEqual({ l1: { id: 'l1', version: 8, revoked: true }, l2: { id: 'l2', version: 10, revoked: false } });
    expect(JSON.stringify(await t.store.load('c1', 0))).not.toContain(shareToken(key, 'c1', 'l1', 'c'));
  });

  it('is the GM\'s alone, and works once the campaign has ended', async () => {
    const t = await campaignTable();
    expect(errors(await t.run('#campaign @alice /campaign share'))).toEqual(["Only a GM of the campaign Lambert Simnel's Rising may do that."]);
    await t.run('#campaign @gm /campaign end');
    const out = await t.run('#campaign @gm /campaign share');
    expect(errors(out)).toEqual([]);
    expect(channel(out, 'campaign')[0]!.text).toContain(`/c/c1/${shareToken(await t.store.shareKey(), 'c1', 'l1', 'c')}`);
    expect(errors(await t.run('#campaign @gm /campaign side name:Scots'))).toEqual(['Campaign "Lambert Simnel\'s Rising" has ended; its log can still be read and replayed.']);
  });
});
