import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getRuleSystem } from '../../src/battle/registry.ts';
import type { BattleState } from '../../src/battle/state.ts';
import { examplesIn, tableOnCopy } from '../support/examples.ts';
import { startTable } from '../support/table.ts';

/**
 * Issue 40: an example the bot shows is one the battle takes from its reader, now. Each example
 * script is played line by line; the first time a battle of it reaches a phase (where its banner is
 * posted), each user of the battle (its GMs and players) asks /help, and every example it shows them
 * (the phase's commands, and what the phase owes that they may do) is typed as that user on a copy
 * of the battle. None may be refused. Each distinct phase of a script is sampled once.
 */
const scripts = readdirSync('examples').filter((f) => f.endsWith('.table')).sort();

/** The battle's users: its GMs, the players on its sides and those given a command. */
const usersOf = (s: BattleState) => [...new Set([...s.gms, ...Object.values(s.sides).flatMap((x) => x.players), ...Object.values(s.commands).flatMap((c) => (c.player ? [c.player] : []))])];

/** The channel a script line types in (`#stoke @gm /...`), else the one before. */
const channelOf = (line: string, before: string) => /^#(\S+)\s+[@/!]/.exec(line.trim())?.[1] ?? before;

describe('every example /help shows a user is taken from that user, at each phase an example script reaches (issue 40)', () => {
  it.each(scripts)('examples/%s', async (name) => {
    let tick = Date.parse('2026-01-01T12:00:00Z');
    const now = () => new Date((tick += 1000));
    const t = startTable({ now });
    const sampled = new Set<string>();
    const played: string[] = [];
    const refused: string[] = [];
    let channel = 'table';
    for (const line of readFileSync(`examples/${name}`, 'utf8').split('\n')) {
      channel = channelOf(line, channel);
      await t.run(line);
      const row = await t.app.battleIn(channel);
      const s = row && (await t.app.state(row.id));
      if (!s || !Object.keys(s.units).length) continue;
      const phase = getRuleSystem(s.system).sequence.describe(s.position).id;
      const key = `${channel} ${phase}${s.position.period ? ` (${s.position.period})` : ''}`;
      if (sampled.has(key)) continue;
      sampled.add(key);
      for (const user of usersOf(s)) {
        const [help] = await tableOnCopy(t.db, now).run(`#${channel} @${user} /help`);
        for (const example of examplesIn(help!.text)) {
          const out = await tableOnCopy(t.db, now).run(`#${channel} @${user} ${example}`);
          played.push(`${key} @${user} ${example}`);
          const error = out.find((o) => o.error)?.error;
          if (error) refused.push(`${key}, @${user}: ${example}\n  refused: ${error}`);
        }
      }
    }
    expect(refused).toEqual([]);
    expect(played.length).toBeGreaterThan(0);
  });
});
