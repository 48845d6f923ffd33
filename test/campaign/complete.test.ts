import { describe, expect, it } from 'vitest';
import { complete } from '../../src/table/console.ts';
import { campaignTable } from './support.ts';

describe("a /campaign option completes from the campaign's own names", () => {
  it('armies, units, sides and battles; orders only for the armies the typing player sends', async () => {
    const t = await campaignTable();
    await t.run(['#campaign @gm /campaign turn open deadline:2d', '#stoke @gm /campaign battle start name:"Stoke Field" system:medieval armies:"The King\'s Army, Lincoln\'s Army"', '#campaign @bob /campaign status']);
    expect(await complete(t.table, '/campaign orders send army:')).toEqual([['army:"Lincoln\'s Army"'], 'army:']);
    expect(await complete(t.table, '/campaign unit show unit:Landsk')).toEqual([['unit:"Landsknecht Pikes"'], 'unit:Landsk']);
    expect(await complete(t.table, '/campaign join side:Y')).toEqual([['side:Yorkist'], 'side:Y']);
    expect(await complete(t.table, '/campaign battle confirm battle:c')).toEqual([['battle:c1-b1'], 'battle:c']);
    // From the battle's channel, the GM's one campaign is the one meant.
    await t.run('#stoke @gm /battle status');
    expect((await complete(t.table, '/campaign army show army:'))[0]).toEqual(['army:"The King\'s Army"', 'army:"Lincoln\'s Army"']);
  });
});
