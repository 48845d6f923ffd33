import { describe, expect, it } from 'vitest';
import { CHARGE_HOUSE } from '../../src/systems/charge/rules.ts';
import { startTable } from '../support/table.ts';

describe('house rules are told once (issue 39)', () => {
  it('/house upload answers with one summary post naming each rule set, not a sentence per key', async () => {
    const t = startTable();
    await t.run('@gm /battle create name:Aspern system:charge');
    const out = await t.run('@gm /house upload file:examples/house/charge.yaml');
    const posts = out.filter((o) => o.to === 'channel');
    expect(posts).toHaveLength(1);
    const post = posts[0]!;
    expect(post.title).toBe('House rules from charge.yaml');
    expect(post.text.split('\n')[0]).toBe(`<@gm> set ${CHARGE_HOUSE.length} house rules from charge.yaml; they apply from the next action.`);
    for (const r of CHARGE_HOUSE) expect(post.text).toContain(`\n• ${r.key} (`);
    expect(post.text.match(/House rule/g)).toBeNull();
    expect(out.find((o) => o.to === 'reply')?.text).toMatch(new RegExp(`^Done \\(event \\d+-\\d+\\): <@gm> set ${CHARGE_HOUSE.length} house rules from charge\\.yaml`));
  });

  it('the report lists the house rules in force at its end, each once, with when and by whom it was set', async () => {
    const t = startTable();
    const out = await t.run([
      '@gm /battle create name:Aspern system:charge',
      '@gm /house upload file:examples/house/charge.yaml',
      '@gm /phase next',
      '@ann /house set key:charge.die value:6',
      '@gm /house set key:charge.die value:8',
      '@gm /house unset key:mass',
      '@gm /battle report',
    ]);
    const report = out.find((o) => o.title === 'Report of Aspern')!.text;
    const house = report.slice(report.indexOf('House rules in force'));
    expect(house.split('\n')[0]).toBe(`House rules in force (${CHARGE_HOUSE.length - 1}, set by a GM where the rules leave a value open):`);
    const rows = house.split('\n').slice(1);
    expect(rows).toHaveLength(CHARGE_HOUSE.length - 1);
    expect(rows.filter((r) => r.startsWith('• charge.die '))).toEqual([expect.stringMatching(/^• charge\.die \(CHG-ROLL\): 8 — set by <@gm> in turn \d+ \(log event \d+\)$/)]);
    expect(rows.some((r) => r.startsWith('• mass '))).toBe(false);
    expect(rows.find((r) => r.startsWith('• move.die '))).toMatch(/^• move\.die \(MOVE-ROLL\): 10 — set by <@gm> in turn 1 \(log event \d+\) from charge\.yaml$/);
  });
});
