import { describe, expect, it } from 'vitest';
import { startTable } from '../support/table.ts';

describe('an open PCT-11.73 reading is explained once a battle, not at every loss (issue 39)', () => {
  it('the first loss it leaves unadjusted says what settles it; each later one says in a line that the level did not move', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:Q system:percentile', '@gm /oob import file:examples/oob/percentile.yaml']);
    const losses = await t.run(['@gm /unit losses unit:"1/28th Foot" lost:2 reason:"fire at 210%"', '@gm /unit losses unit:"1/28th Foot" lost:1 reason:again', '@gm /unit losses unit:"2e Léger" lost:1 reason:again']);
    const posts = losses.filter((o) => o.to === 'channel').map((o) => o.text);
    expect(posts).toHaveLength(3);
    const paragraph = /a GM sets it with \/house set key:mfp\.direction value:up or down, and records this loss on the level with \/mfp set/;
    expect(posts.map((p) => paragraph.test(p))).toEqual([true, false, false]);
    for (const p of posts.slice(1)) expect(p).toContain('\n• MFP not adjusted: mfp.direction is still open (PCT-11.73; /mfp show)');
    // The log tells each event as the channel did: the note once there too.
    const log = (await t.run('@gm /battle log'))[0]!.text;
    expect(log.match(/records this loss on the level/g)).toHaveLength(1);
  });
});
