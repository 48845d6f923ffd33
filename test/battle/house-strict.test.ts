import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTable } from '../support/table.ts';

/**
 * A house rule's value is checked strictly by its schema (issue 38): a reserved key, two keys equal
 * ignoring case, a key the schema does not take (at any depth) and a key twice are refused by name;
 * a refusal repeats an excerpt of the value at most; nothing is appended.
 */
async function battle() {
  const cwd = mkdtempSync(join(tmpdir(), 'umpire-house-'));
  const t = startTable({ cwd });
  await t.run('@gm /battle create name:Strict system:charge');
  const [b] = await t.app.battles();
  const version = async () => (await t.app.state(b!.id)).version;
  const upload = async (name: string, text: string) => {
    writeFileSync(join(cwd, name), text);
    const before = await version();
    const out = await t.run(`@gm /house upload file:${name}`);
    expect(await version(), name).toBe(before);
    return out[0]!.error!;
  };
  return { t, upload, version };
}

describe('house rules checked strictly (issue 38)', () => {
  it('refuses a reserved key, two keys naming one rule, and a key twice, naming them; nothing is set', async () => {
    const { upload } = await battle();
    expect(await upload('proto.json', '{"__proto__": {"x": 1}, "charge.die": 10}')).toBe('proto.json sets no house rule: the key "__proto__" is never taken.');
    expect(await upload('ctor.yaml', 'constructor: 1\ncharge.die: 10\n')).toBe('ctor.yaml sets no house rule: the key "constructor" is never taken.');
    expect(await upload('case.yaml', 'charge.die: 6\nCHARGE.DIE: 10\n')).toBe('case.yaml sets no house rule: the keys "charge.die" and "CHARGE.DIE" name one rule.');
    expect(await upload('twice.json', '{"charge.die": 6, "charge.die": 10}')).toBe('twice.json could not be read: the key "charge.die" appears twice in one map.');
    expect(await upload('self.yaml', 'charge.die: &a [*a, *a]\n')).toBe('self.yaml could not be read: the alias *a is inside its own anchor.');
  });

  it('refuses a key the value does not take, a reserved one and case variants, at any depth, naming each', async () => {
    const { upload } = await battle();
    expect(await upload('extra.yaml', 'ride-down.area.open: {min: 3, max: 6, extra: 5}\n')).toMatch(/^extra\.yaml has 1 wrong house rule; none was set:\nride-down\.area\.open takes .*; it takes no key "extra"\.$/);
    expect(await upload('inner.json', '{"ride-down.area.open": {"min": 3, "max": 6, "__proto__": {"x": 1}}}')).toMatch(/ride-down\.area\.open takes .*; the key "__proto__" is never taken\./);
    expect(await upload('deep.yaml', 'move.table:\n  columns: [{min: 9, max: 10, Min: 3}, {min: 7, max: 8}, {min: 5, max: 6}, {min: 3, max: 4}, {min: 1, max: 2}]\n  rows: {excellent: [1, 1, 1, 1, 1], average: [1, 1, 1, 1, 1]}\n')).toMatch(/move\.table takes .*; the keys "columns\.0\.min" and "columns\.0\.Min" differ only in case\./);
  });

  it('repeats an excerpt of a long value it refuses, never the value', async () => {
    const { upload } = await battle();
    const error = await upload('long.yaml', `charge.die: "${'9'.repeat(1_000_000)}"\n`);
    expect(error).toMatch(/^long\.yaml has 1 wrong house rule; none was set:\ncharge\.die takes .*; "9{39}… \(1,000,002 characters\) is not/);
    expect(error.length).toBeLessThan(400);
  });

  it('/house set reads a value with the same checks: a value holding itself is refused, never "Something went wrong"', async () => {
    const { t, version } = await battle();
    const before = await version();
    const out = await t.run('@gm /house set key:ride-down.area.open value:"&a {min: *a, max: 6}"');
    expect(out[0]!.error).toMatch(/^ride-down\.area\.open takes /);
    expect((await t.run('@gm /house set key:ride-down.area.open value:"{min: 3, max: 6, extra: 5}"'))[0]!.error).toMatch(/it takes no key "extra"\.$/);
    expect(await version()).toBe(before);
    expect((await t.run('@gm /house set key:ride-down.area.open value:"{min: 3, max: 6}"'))[0]!.error).toBeUndefined();
  });
});
