import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemIds } from '../../src/battle/registry.ts';

/**
 * The core is handed the systems where the program is assembled (src/assemble.ts): it never names a
 * rule system nor imports from src/systems/ (src/systems/README.md, issue 25).
 */
const CORE = ['commands', 'src/battle', 'src/app', 'src/discord', 'src/table', 'src/cli', 'src/rules', 'src/store', 'src/dice'];

const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : []));
const lines = (dir: string, match: (line: string) => boolean) =>
  files(dir).flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .flatMap((line, i) => (match(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
  );

describe('the core battle, its commands and its adapters', () => {
  it.each(CORE)('%s names no rule system in its code', (dir) => {
    expect(lines(dir, (line) => systemIds().some((id) => line.includes(`'${id}'`) || line.includes(`"${id}"`)))).toEqual([]);
  });

  it.each(CORE)('%s imports nothing of src/systems/ nor the old src/rules/<system>/', (dir) => {
    expect(lines(dir, (line) => /from '[^']*(systems\/|rules\/(medieval|percentile|brigade|charge))/.test(line))).toEqual([]);
  });

  it('the test finds what it is for', () => {
    expect(/from '[^']*(systems\/|rules\/(medieval|percentile|brigade|charge))/.test("import { x } from '../src/systems/medieval/battle.ts';")).toBe(true);
  });
});
