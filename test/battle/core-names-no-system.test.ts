import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SYSTEM_IDS } from '../../src/rules/index.ts';

/** The core asks the registry (src/rules/index.ts) and never names a rule system (src/rules/README.md). */
const CORE = ['src/battle', 'src/app', 'src/discord', 'src/table', 'src/cli'];

const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : []));

describe('the core battle and its adapters', () => {
  it.each(CORE)('%s names no rule system in its code', (dir) => {
    const named = files(dir).flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) => (SYSTEM_IDS.some((id) => line.includes(`'${id}'`) || line.includes(`"${id}"`)) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(named).toEqual([]);
  });
});
