import { describe, expect, it } from 'vitest';
import { startTable } from '../support/table.ts';

describe('a ballot undone (issue 20)', () => {
  it('its id is never given to a new ballot: the new one closes at its own deadline, and the old DM buttons reach nothing', async () => {
    let now = new Date('2026-11-24T12:00:00Z');
    const t = startTable({ now: () => now });
    await t.run(['@gm /battle create name:Ligny system:percentile', '@gm /oob import file:examples/oob/percentile.yaml']);
    await t.run(['@gm /ballot open question:"Retreat?" options:"YES,NO" deadline:1h']);
    await t.run(['@gm /battle undo']);
    // The first ballot's deadline passes; the new ballot has its own, later.
    now = new Date('2026-11-24T13:30:00Z');
    await t.run(['@gm /ballot open question:"Attack?" options:"YES,NO" deadline:2h']);
    const s1 = (await t.app.state('b1'));
    expect(Object.keys(s1.ballots)).toEqual(['v2']);
    expect(s1.ballots.v2).toMatchObject({ open: true, deadline: '2026-11-24T15:30:00.000Z' });
    // Alice's button from the undone ballot names v1: it records nothing.
    const stale = await t.run(['@alice /ballot vote ballot:v1 choice:YES']);
    expect(stale[0]!.error).toMatch(/There is no ballot "v1"/);
    now = new Date('2026-11-24T15:31:00Z');
    await t.table.tick();
    expect((await t.app.state('b1')).ballots.v2!.open).toBe(false);
  });
});
