import { describe, expect, it } from 'vitest';
import { campaignTable, errors, TWO_TURNS } from './support.ts';

/** Issue 41: a campaign that has ended is still read in its own channel; a change there is refused as ended, not as no campaign. */
describe('an ended campaign, in its channel', () => {
  it.each(['/campaign report', '/campaign army show', '/campaign status', '/campaign unit show unit:"Oxford\'s Archers"'])('given TWO_TURNS and /campaign end, when anyone types %s in its channel, then it answers', async (typed) => {
    const t = await campaignTable();
    await t.run([...TWO_TURNS.slice(7), '#campaign @gm /campaign end']);
    const out = await t.run(`#campaign @bob ${typed}`);
    expect(errors(out)).toEqual([]);
    expect(out.at(-1)!.text).not.toContain('There is no campaign');
  });

  it('given an ended campaign, a change in its channel is refused as ended, and nothing is appended', async () => {
    const t = await campaignTable();
    await t.run('#campaign @gm /campaign end');
    const v = await t.store.version('c1');
    expect(errors(await t.run('#campaign @gm /campaign turn open'))).toEqual(['Campaign "Lambert Simnel\'s Rising" has ended; its log can still be read and replayed.']);
    expect(await t.store.version('c1')).toBe(v);
  });

  it("given an ended campaign and a new one in its channel, the channel's commands are the new one's", async () => {
    const t = await campaignTable();
    await t.run(['#campaign @gm /campaign end', '#campaign @gm /campaign create name:"Perkin Warbeck"']);
    expect((await t.run('#campaign @gm /campaign army show')).at(-1)!.text).toBe('Perkin Warbeck has no army yet. Each side imports its armies with /campaign army import.');
  });
});
