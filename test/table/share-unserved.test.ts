import { describe, expect, it } from 'vitest';
import type { Pages } from '../../src/app/service/umpire.ts';
import { startTable } from '../support/table.ts';

const BATTLE = ['@gm /battle create name:X system:percentile', '@gm /side add name:Blue'];
const CAMPAIGN = ['#camp @gm /campaign create name:C'];

/** What the GM who shares is told, and what the channel is, where the pages are served as `pages` says. */
async function shared(pages: Pages, webUrl?: string) {
  const t = startTable({ pages, ...(webUrl ? { webUrl } : {}) });
  await t.run([...BATTLE, ...CAMPAIGN]);
  const battle = await t.run('#table @gm /battle share');
  const campaign = await t.run('#camp @gm /campaign share');
  const told = (out: typeof battle) => out.filter((m) => m.to === 'reply' && m.user === 'gm').map((m) => m.text).join('\n');
  return { battle: told(battle), campaign: told(campaign), posts: [...battle, ...campaign].filter((m) => m.to === 'channel').map((m) => m.text).join('\n') };
}

describe('a share where this process serves no pages says so (issue 39)', () => {
  it('served nowhere: the GM is told the link does not open yet, and how to serve the pages', async () => {
    const s = await shared('none');
    for (const told of [s.battle, s.campaign]) expect(told).toMatch(/No battle pages are served here, so the link does not open yet: serve them with `npm run umpire -- serve` on this database, or set WEB_PORT/);
    // The links are still made (they open once the pages are served), and nothing of the note goes to the channel.
    expect(s.posts).toMatch(/Battle page \(public view, what this channel was shown\): http:\/\/localhost:8080\/b\/b1\//);
    expect(s.posts).not.toMatch(/served/);
  });

  it('served elsewhere (WEB_URL): the GM is told where, by another process', async () => {
    const s = await shared('elsewhere', 'https://umpire.example.org');
    for (const told of [s.battle, s.campaign]) expect(told).toMatch(/This process serves no pages: the link opens while the process serving them at https:\/\/umpire\.example\.org runs/);
  });

  it('served here: the links alone, as before', async () => {
    const s = await shared('here');
    expect(`${s.battle}\n${s.campaign}`).not.toMatch(/serves? no pages|not open/);
  });
});
