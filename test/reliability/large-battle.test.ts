import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { Umpire } from '../../src/app/service/umpire.ts';
import { startTable, type Out } from '../support/table.ts';
import { figureLine, FULL } from './figures.ts';

/**
 * A 10,000-unit battle (issue 27): an order of battle of 2 sides x 100 commands x 50 units, the
 * shape of examples/oob/percentile.yaml, imported and played at the local table. Every action and
 * query is linear in the battle's size: /battle log last:5 took 44 s at this size (growing as
 * units^2.2), folding a copy of the state for each event. `npm test` plays it at 1,000 units and
 * checks the answers; `npm run reliability` at 10,000, and holds the times to their goals.
 */
const UNITS = FULL ? 10_000 : 1_000;
const PER_COMMAND = 50;
const COMMANDS = UNITS / 2 / PER_COMMAND;

const unitName = (side: number, command: number, unit: number) => `Unit ${side}-${command}-${unit}`;

/** The order of battle as JSON: its YAML would pass the table's 2 MB file limit at 10,000 units. */
const orderOfBattle = () =>
  JSON.stringify({
    sides: [0, 1].map((s) => ({
      name: `Side ${s}`,
      commands: Array.from({ length: COMMANDS }, (_, c) => ({
        name: `Division ${s}-${c}`,
        officer: `General ${s}-${c}`,
        player: `p${s}x${c % 10}`,
        units: Array.from({ length: PER_COMMAND }, (_, u) => ({ name: unitName(s, c, u), arm: u % 10 === 9 ? 'artillery' : 'infantry', figures: 24, class: 'B', formation: 'line', weapon: 'musket', ...(u % 10 === 9 ? { cannon: 8, gun: '6pdr' } : {}) })),
      })),
    })),
  });

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

describe(`a battle of ${UNITS.toLocaleString('en')} units (issue 27)`, () => {
  it('imports, logs, shows, rolls and replays in time linear in its size', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'umpire-large-'));
    writeFileSync(join(cwd, 'army.json'), orderOfBattle());
    const t = startTable({ cwd, file: join(cwd, 'large.db') });
    const times = new Map<string, number>();
    /** The longest the event loop was held by each action: what stalls every other battle of the bot. */
    const blocked = new Map<string, number>();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    /** One line at the table, timed (its reply and posts included): what it printed. */
    const timed = async (label: string, line: string): Promise<Out[]> => {
      loop.reset();
      const start = performance.now();
      const printed = await t.run(line);
      times.set(label, performance.now() - start);
      await new Promise((next) => setTimeout(next, 20)); // the monitor's timer sees the block once it ends
      blocked.set(label, loop.max / 1e6);
      expect(printed.filter((m) => m.error), `${line}: ${printed.map((m) => m.error).join('; ')}`).toEqual([]);
      return printed;
    };
    /** What a line posted to the channel, or replied. */
    const post = (printed: Out[]) => printed.find((m) => m.to === 'channel')!.text;
    const reply = (printed: Out[]) => printed.find((m) => m.to === 'reply')!.text;

    await t.run('@gm /battle create name:Large system:percentile');
    const imported = await timed('oob import', '@gm /oob import file:army.json');
    expect(post(imported).split('\n')).toEqual([
      `order of battle imported from army.json: 2 new sides, ${2 * COMMANDS} commands, ${UNITS} units`,
      `Side 0: ${COMMANDS} commands, ${UNITS / 2} units`,
      `Side 1: ${COMMANDS} commands, ${UNITS / 2} units`,
    ]);
    // BattleCreated, then OrderOfBattleImported, 2 sides, 10 players joining each, the commands (each assigned) and the units.
    const version = 1 + 1 + 2 + 20 + 4 * COMMANDS + UNITS;
    expect((await t.app.state('b1')).version).toBe(version);

    const lines = reply(await timed('log last:5', '@gm /battle log last:5')).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(new RegExp(`^${version - 4}\\. unit ${unitName(1, COMMANDS - 1, 45)} added to Division 1-${COMMANDS - 1} \\(arm infantry, figures 24`));
    expect(lines[4]).toMatch(new RegExp(`^${version}\\. unit ${unitName(1, COMMANDS - 1, 49)} added to Division 1-${COMMANDS - 1} \\(arm artillery`));

    const shown = reply(await timed('unit show', `@gm /unit show unit:"${unitName(1, COMMANDS - 1, 48)}"`));
    expect(shown.split('\n').slice(0, 3)).toEqual([`${unitName(1, COMMANDS - 1, 48)} (u${UNITS - 1}) — Division 1-${COMMANDS - 1}, Side 1`, 'arm infantry, figures 24, class B, formation line, weapon musket', 'figures 24 of 24']);

    const status = reply(await timed('status', '@gm /battle status'));
    const commandLines = status.split('\n').filter((l) => l.startsWith('  Division'));
    expect(commandLines).toHaveLength(2 * COMMANDS);
    expect(commandLines[1]).toBe(`  Division 0-1 (General 0-1) — <@p0x1>: ${Array.from({ length: PER_COMMAND }, (_, u) => unitName(0, 1, u)).join(', ')}`);

    expect(post(await timed('roll', '@gm /roll expression:2d6'))).toMatch(/rolled #1: 2d6: \[\d, \d\] = \d+/);
    // A few more actions of play, each on the whole battle's state: an edit and its undo, a phase, a fire.
    await timed('unit set', `@gm /unit set unit:"${unitName(0, 3, 3)}" figures:20`);
    expect(post(await timed('undo', '@gm /battle undo'))).toContain(`undone: unit ${unitName(0, 3, 3)} changed: figures 20`);
    await timed('phase next', '@gm /phase next');
    expect(post(await timed('fire', `@gm /fire percentile firer:"${unitName(0, 1, 1)}" target:"${unitName(1, 1, 1)}" range:3 count:8 base:30`))).toContain(`${unitName(0, 1, 1)} fires at ${unitName(1, 1, 1)}`);
    await timed('log after play', '@gm /battle log last:5');

    // A replay: another umpire on the same database, as after a restart, folds the whole log.
    const live = await t.app.state('b1');
    loop.reset();
    const start = performance.now();
    const replayed = await new Umpire(t.store).state('b1');
    times.set('replay', performance.now() - start);
    await new Promise((next) => setTimeout(next, 20));
    blocked.set('replay', loop.max / 1e6);
    expect(replayed).toEqual(live);
    expect(Object.keys(replayed.units)).toHaveLength(UNITS);

    loop.disable();
    const [slowest, slowestMs] = [...blocked].reduce((a, b) => (b[1] > a[1] ? b : a));
    figureLine(
      `large battle (${UNITS.toLocaleString('en')} units)`,
      `oob import ${seconds(times.get('oob import')!)}, log last:5 ${seconds(times.get('log last:5')!)}, status ${seconds(times.get('status')!)}, slowest action ${seconds(slowestMs)} (${slowest}, the event loop held); unit show ${seconds(times.get('unit show')!)}, roll ${seconds(times.get('roll')!)}, replay ${seconds(times.get('replay')!)}`,
    );
    if (FULL) {
      expect({ import: times.get('oob import')! < 2000, log: times.get('log last:5')! < 500, slowest: slowestMs < 1000 }).toEqual({ import: true, log: true, slowest: true });
    }
    await t.store.close();
  }, 300_000);
});
