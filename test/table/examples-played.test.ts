import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getRuleSystem } from '../../src/battle/registry.ts';
import { english } from '../../src/i18n/text.ts';
import type { BattleState } from '../../src/battle/state.ts';
import { examplesIn, tableOnCopy } from '../support/examples.ts';
import { startTable } from '../support/table.ts';

/**
 * Issue 40: an example the bot shows is one the battle takes from its reader, now. Each example
 * script is played line by line; the first time a battle of it reaches a phase (where its banner is
 * posted), each user of the battle (its GMs and players) asks /help, and every example it shows them
 * (the phase's commands, and what the phase owes that they may do) is typed as that user on a copy
 * of the battle. None may be refused. Each distinct phase of a script is sampled once: the scripts
 * are played as the test file is collected, and each phase they reach is a case, named by its rules.
 */
const scripts = readdirSync('examples').filter((f) => f.endsWith('.table')).sort();

/** The battle's users: its GMs, the players on its sides and those given a command. */
const usersOf = (s: BattleState) => [...new Set([...s.gms, ...Object.values(s.sides).flatMap((x) => x.players), ...Object.values(s.commands).flatMap((c) => (c.player ? [c.player] : []))])];

/** The channel a script line types in (`#stoke @gm /...`), else the one before. */
const channelOf = (line: string, before: string) => /^#(\S+)\s+[@/!]/.exec(line.trim())?.[1] ?? before;

/** One phase a script reached: each example shown to each user, and the refusal it met, if any. */
interface Sample {
  name: string;
  played: { user: string; example: string; refused?: string }[];
}

async function sample(script: string): Promise<Sample[]> {
  let tick = Date.parse('2026-01-01T12:00:00Z');
  const now = () => new Date((tick += 1000));
  const t = startTable({ now });
  const samples = new Map<string, Sample>();
  let channel = 'table';
  for (const line of readFileSync(`examples/${script}`, 'utf8').split('\n')) {
    channel = channelOf(line, channel);
    await t.run(line);
    const row = await t.app.battleIn(channel);
    const s = row && (await t.app.state(row.id));
    if (!s || !Object.keys(s.units).length) continue;
    const info = getRuleSystem(s.system).sequence.describe(s.position);
    const key = `#${channel} ${s.system} ${info.id}${s.position.period ? ` (${s.position.period})` : ''}`;
    if (samples.has(key)) continue;
    const played: Sample['played'] = [];
    samples.set(key, { name: `${key} ${english(info.name)} [${info.rules.join(', ')}]`, played });
    for (const user of usersOf(s)) {
      const [help] = await tableOnCopy(t.db, now).run(`#${channel} @${user} /help`);
      for (const example of examplesIn(help!.text)) {
        const out = await tableOnCopy(t.db, now).run(`#${channel} @${user} ${example}`);
        const refused = out.find((o) => o.error)?.error;
        played.push({ user, example, ...(refused ? { refused } : {}) });
      }
    }
  }
  return [...samples.values()];
}

const sampled: [string, Sample[]][] = [];
for (const script of scripts) sampled.push([script, await sample(script)]);

describe.each(sampled)('every example /help shows a user at each phase examples/%s reaches is taken from that user (issue 40)', (_script, samples) => {
  it.each(samples.map((x) => [x.name, x] as const))('%s', (_name, x) => {
    expect(x.played.filter((p) => p.refused).map((p) => `@${p.user} ${p.example}\n  refused: ${p.refused}`)).toEqual([]);
  });

  it('shows examples at all', () => {
    expect(samples.flatMap((x) => x.played).length).toBeGreaterThan(0);
  });
});
