import { describe, expect, it } from 'vitest';
import { DATA_LIMITS, INLINE_CHARS, parseDataFile, readDataText } from '../../src/app/slash/data-file.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { say, word } from '../../src/i18n/text.ts';

/**
 * A file a user hands in (issue 38): read in time linear in its size, each limit of DATA_LIMITS,
 * a duplicate key and an alias inside its own anchor refused by name, as a RuleError (never a crash).
 */
const refusal = (name: string, text: string): string => {
  try {
    readDataText(name, text, 'a roster nests five');
  } catch (err) {
    expect(err).toBeInstanceOf(RuleError);
    return (err as Error).message;
  }
  throw new Error(`${name} was read`);
};
const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}: ${i}`).join('\n');

describe('data files (issue 38)', () => {
  it('reads a YAML or JSON map of lists and maps', () => {
    expect(readDataText('a.yaml', 'a: [1, 2]\nb: {c: x}\nd: &d [1]\ne: *d', '')).toEqual({ a: [1, 2], b: { c: 'x' }, d: [1], e: [1] });
    expect(readDataText('a.json', '{"a": [1, {"b": "\\"x\\""}]}', '')).toEqual({ a: [1, { b: '"x"' }] });
  });

  it('refuses a key twice in one map, naming it, in YAML and in JSON (escaped or not)', () => {
    expect(refusal('a.yaml', 'a: 1\nb: {c: 1, c: 2}')).toBe('a.yaml could not be read: the key "c" appears twice in one map.');
    expect(refusal('a.yaml', '1: x\n"1": y')).toBe('a.yaml could not be read: the key "1" appears twice in one map.');
    expect(refusal('a.json', '{"a": 1, "b": [{"c": 1, "c": 2}]}')).toBe('a.json could not be read: the key "c" appears twice in one map.');
    expect(refusal('a.json', '{"a": 1, "\\u0061": 2}')).toBe('a.json could not be read: the key "a" appears twice in one map.');
    // One key in two maps is no duplicate.
    expect(readDataText('a.json', '{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}', '')).toEqual({ a: { a: 1 }, b: [{ a: 1 }, { a: 2 }] });
  });

  it('refuses an alias inside its own anchor, and more aliases than the limit, naming them', () => {
    expect(refusal('a.yaml', 'value: &a [*a, *a]')).toBe('a.yaml could not be read: the alias *a is inside its own anchor.');
    expect(refusal('a.yaml', 'value: &a {x: {y: *a}}')).toBe('a.yaml could not be read: the alias *a is inside its own anchor.');
    expect(refusal('a.yaml', `a: &a [1]\nb: [${Array(DATA_LIMITS.aliases + 1).fill('*a').join(', ')}]`)).toBe('a.yaml could not be read: it has 101 aliases (*name), more than 100.');
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...'bcdefghij'.split('').map((c, i) => `${c}: &${c} [${Array(10).fill(`*${'abcdefghij'[i]}`).join(', ')}]`)].join('\n');
    expect(refusal('a.yaml', bomb)).toBe('a.yaml could not be read: its aliases (*name) expand more than 100 times.');
  });

  it('refuses nesting deeper than the limit, in brackets or by lines, before parsing it', () => {
    const deep = `${'['.repeat(33)}${']'.repeat(33)}`;
    expect(refusal('a.json', deep)).toBe('a.json could not be read: it nests lists or maps more than 32 deep; a roster nests five.');
    expect(refusal('a.yaml', deep)).toMatch(/more than 32 deep/);
    // `- - - …` 10,000 deep once killed the process (the parser's regular expression ran out of memory).
    expect(refusal('a.yaml', `${'- '.repeat(10_000)}1`)).toMatch(/more than 32 deep/);
    expect(refusal('a.yaml', Array.from({ length: 40 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n'))).toMatch(/more than 32 deep/);
    expect(readDataText('a.yaml', `${'['.repeat(32)}${']'.repeat(32)}`, '')).toBeTruthy();
  });

  it('refuses more keys and list items than the limit, aliases expanded', () => {
    expect(refusal('a.json', `[${Array(DATA_LIMITS.entries + 1).fill(0).join(',')}]`)).toBe('a.json could not be read: it holds more than 200,000 keys and list items (aliases expanded).');
    const items = `a: &a [${Array(60_000).fill(0).join(',')}]\nb: [*a, *a, *a]`;
    expect(refusal('a.yaml', items)).toMatch(/more than 200,000 keys and list items/);
  });

  it('a long file is read off the main thread, with the same value or refusal', async () => {
    const text = keys(5000);
    expect(text.length).toBeGreaterThan(INLINE_CHARS);
    const value = (await parseDataFile('a.yaml', text, '')) as Record<string, number>;
    expect(Object.keys(value)).toHaveLength(5000);
    await expect(parseDataFile('a.yaml', `${text}\nk7: 1`, '')).rejects.toThrow(new RuleError(say('app.dataFile.cant', { name: 'a.yaml', why: say('app.dataFile.twice', { key: '"k7"' }) })));
  });

  it('a refusal reads in the reader\'s language (issue 43)', () => {
    let refused: unknown;
    try {
      readDataText('a.yaml', 'k: 1\nk: 2', say('app.dataFile.houseHint'));
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(RuleError);
    expect(word((refused as RuleError).text, 'fr')).toBe('a.yaml n’a pas pu être lu : la clé "k" figure deux fois dans une même table.');
  });
});
