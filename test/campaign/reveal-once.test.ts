import { describe, expect, it } from 'vitest';
import { campaignTable } from './support.ts';

describe('orders revealed are told once (issue 39)', () => {
  it('the last orders in are read in the reveal alone: no receipt after it ("you can change them until the reveal"), no "orders in" line before it', async () => {
    const t = await campaignTable();
    await t.run(['#campaign @gm /campaign turn open', '#campaign @alice /campaign orders send army:"The King\'s Army" orders:"March north"']);
    const out = await t.run('#campaign @bob /campaign orders send army:"Lincoln\'s Army" orders:"Cross the Trent"');
    const told = out.filter((o) => o.to !== 'reply').map((o) => o.text);
    expect(told.filter((x) => x.includes('Cross the Trent'))).toHaveLength(1);
    expect(told.filter((x) => x.includes('March north'))).toHaveLength(1);
    const reveal = out.find((o) => o.to === 'channel' && o.text.includes('revealed as the last came in'))!;
    expect(reveal.text).toBe("Turn 1's orders, revealed as the last came in:\n**The King's Army**: March north\n**Lincoln's Army**: Cross the Trent");
  });
});
