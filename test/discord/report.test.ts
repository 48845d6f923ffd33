import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART } from '../../src/app/reports/report-chart.ts';
import { Table } from '../../src/table/table.ts';
import { answers, startHarness, textOf, type Harness } from '../support/bot-harness.ts';

/**
 * Issue 17: /battle report in Discord answers with the report's text in an embed and its chart as
 * a PNG attachment, shown as the embed's image. The battle is played at a table on the bot's own
 * umpire (examples/medieval-battle.table, in the channel "table"), then asked for in Discord.
 */
describe('/battle report and /roll in Discord', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ deliver: false });
    const table = new Table(h.app, { json: true, cwd: process.cwd(), print: () => undefined });
    for (const l of readFileSync('examples/medieval-battle.table', 'utf8').split('\n')) await table.run(l);
  });
  afterAll(async () => {
    await h?.stop();
    await h?.fake.stop();
  });

  it('posts the report with its chart: a PNG attachment of the chart size, the embed showing it', async () => {
    const i = await h.fake.slash({ user: h.fake.user('erin'), command: 'battle', sub: 'report', options: { to: 2 }, channel: 'table' });
    const [m, ...more] = answers(i);
    expect(more).toEqual([]);
    expect(textOf(m)).toMatch(/Report of Stoke Field\nReport of "Stoke Field" \(b1\), turns 1 to 2\.[\s\S]*Melees:\n• turn 1/);
    // Named by the battle's name, id and first hash, and its turns: no other battle's chart has its name (issue 28).
    expect(m!.attachments.map((a) => [a.filename, a.content_type])).toEqual([[expect.stringMatching(/^stoke-field-b1-[0-9a-f]{8}-t1-t2\.png$/), 'image/png']]);
    expect(m!.embeds[0]).toMatchObject({ image: { url: `attachment://${m!.attachments[0]!.filename}` } });
    const png = PNG.sync.read(m!.attachments[0]!.data);
    expect({ width: png.width, height: png.height }).toEqual(CHART);
    // The upload went as multipart/form-data to the interaction callback or the deferred reply.
    expect(h.fake.requests.some((r) => /\/interactions\/.*\/callback|\/webhooks\//.test(r.path) && (r.body as { __uploaded?: unknown } | undefined) !== undefined)).toBe(true);
  });

  it('/roll takes the expression as its first option, as dice bots do', async () => {
    const i = await h.fake.slash({ user: h.fake.user('gm'), command: 'roll', options: { expression: '2d6+1' }, channel: 'table' });
    expect(textOf(answers(i)[0])).toMatch(/^Done \(event \d+\): <@\d+> rolled #1: 2d6\+1: \[\d, \d\]\+1 = \d+$/);
  });
});
