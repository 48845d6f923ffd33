import { english } from '../../src/i18n/text.ts';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../src/battle/events.ts';
import type { BattleState } from '../../src/battle/state.ts';
import type { LoggedCampaignEvent } from '../../src/campaign/events.ts';
import type { CampaignState } from '../../src/campaign/state.ts';
import { replayCampaign } from '../../src/campaign/evolve.ts';
import { brigadeReport } from '../../src/systems/brigade/battle/report.ts';
import { percentileReport } from '../../src/systems/percentile/battle/report.ts';
import { startTable } from '../support/table.ts';

/**
 * Issue 41's "Done when": examples/season.table, a campaign of three battles of two rule systems
 * played from a script, carries every unit exactly as its battles left it (or as the GM ruled),
 * verifies, replays to any turn, and prints the same bytes each run with --seed and --clock.
 */
const SCRIPT = 'examples/season.table';
const SEED = '01'.repeat(32);
const CLOCK = '2026-12-01T12:00Z';
const lines = readFileSync(SCRIPT, 'utf8').split('\n');

/** The lines the script refuses on purpose, each with what it is refused for; any other refusal is a defect. */
const DELIBERATE: [string, RegExp][] = [
  ['#campaign @gm /campaign options system:brigade', /^brigade battles take no options at their creation/],
  ['#castrejon @gm /battle end', /^The battle's end would leave/],
  ['#salamanca @alice /charge brigade unit:"1/45th Foot" action:charge target:"1/15e de Ligne" distance:1', /morale test results are needed/],
  ['#garcia @alice /fire percentile firer:"Lawson\'s Battery" target:"Foot Battery 3/8" range:9 count:6 base:40', /Only 5 cannon are in the unit; 6 cannot fire \(PCT-11\.27\)/],
];

/** A folder to run the umpire command line in: a campaign report writes its chart to the working folder; the script's files are copied in (a table reads none from outside it). */
function workdir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-season-'));
  for (const f of ['node_modules', 'src', 'commands', 'migrations', 'package.json', 'tsconfig.json']) symlinkSync(resolve(f), join(dir, f));
  cpSync('examples', join(dir, 'examples'), { recursive: true });
  return dir;
}
const umpire = (args: string[], cwd = workdir()) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd, encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' } });

const byName = <T extends { name: string }>(units: Record<string, T>, name: string): T => Object.values(units).find((u) => u.name === name)!;

describe('examples/season.table: a season of three battles of two rule systems (issue 41)', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'umpire-season-db-')), 'season.db');
  const refused: { line: string; error: string }[] = [];
  let campaign: LoggedCampaignEvent[];
  const battles: Record<string, { log: LoggedEvent[]; state: BattleState }> = {};
  /** The campaign as it stood right after an event of this type (the n-th of them). */
  const after = (type: string, n = 0): CampaignState => {
    const at = campaign.filter((l) => l.event.type === type)[n]!.version;
    return replayCampaign('c1', campaign.filter((l) => l.version <= at));
  };

  beforeAll(async () => {
    const t = startTable({ file, now: () => new Date(CLOCK) });
    for (const line of lines) {
      for (const o of await t.run(line)) if (o.error) refused.push({ line, error: o.error });
    }
    campaign = (await t.store.loadEntries('c1')) as unknown as LoggedCampaignEvent[];
    for (const id of ['c1-b1', 'c1-b2', 'c1-b3']) battles[id] = { log: await t.app.log(id), state: await t.app.state(id) };
  }, 60_000);

  it('refuses only the lines the script marks as deliberate, each for what it says', () => {
    expect(refused.map((r) => r.line)).toEqual(DELIBERATE.map(([line]) => line).flatMap((l) => (l === '#castrejon @gm /battle end' ? [l, l] : [l])));
    for (const r of refused) expect(r.error).toMatch(DELIBERATE.find(([line]) => line === r.line)![1]);
  });

  it('carries each unit out of Castrejon (percentile) as the battle left it, or as the GM ruled: figures, status, cannon and howitzers', () => {
    const s = battles['c1-b1']!.state;
    const c = after('BattleResultApplied', 0);
    // Every unit the battle fielded goes home with the battle's figures, less what the GM ruled.
    const ruled: Record<string, number> = { '69e de Ligne': 20 };
    for (const u of Object.values(s.units)) {
      expect(byName(c.units, u.name).attrs.figures, u.name).toBe(ruled[u.name] ?? percentileReport.unit(s, u).strength);
      expect(byName(c.units, u.name).status, u.name).toBe('fit');
    }
    expect(percentileReport.unit(s, byName(s.units, '6e Léger')).strength).toBe(23);
    // PCT-11.74 the cannon lost, PCT-11.79 the howitzer first; every other attribute as the battle had it.
    expect(byName(c.units, "Lawson's Battery").attrs).toEqual({ ...byName(s.units, "Lawson's Battery").attrs, cannon: 5, howitzers: 0 });
    // The detachment: the 6th Division's battalion did not fight and is as it was.
    expect(byName(c.units, '1/11th Foot').attrs.figures).toBe(20);
    // The GM's ruling on Leith, then his successor.
    expect(c.armies[byName(c.units, '1/38th Foot').armyId]!.commands.find((x) => x.name === '5th Division')).toMatchObject({ officer: 'Lieutenant-General James Leith', officerFallen: true });
  });

  it('carries each unit out of Salamanca (brigade): its casualties off its figures, and a unit retreating at the end fit', () => {
    const s = battles['c1-b2']!.state;
    const c = after('BattleResultApplied', 1);
    for (const u of Object.values(s.units)) {
      expect(byName(c.units, u.name).attrs, u.name).toEqual({ ...u.attrs, figures: brigadeReport.unit(s, u).strength });
      expect(byName(c.units, u.name).status, u.name).toBe('fit');
    }
    expect(brigadeReport.unit(s, byName(s.units, '1/15e de Ligne'))).toMatchObject({ strength: 6, morale: 'retreating' });
    expect(c.battles['c1-b2']!.result!.units.find((u) => u.name === '1/15e de Ligne')!.why.map(english).at(-1)).toMatch(/^retreating at the end \(BRG-3\.2\.3\), carried fit/);
  });

  it('fields Garcia Hernandez from the campaign as it stood: every unit exactly, the new leader, the transfer; and carries it back', () => {
    const { log, state } = battles['c1-b3']!;
    const before = replayCampaign('c1', campaign.filter((l) => l.version < campaign.find((x) => x.event.type === 'CampaignBattleStarted' && x.event.data.battleId === 'c1-b3')!.version));
    for (const u of Object.values(state.units)) {
      const carried = byName(before.units, u.name);
      expect(u.attrs, u.name).toEqual(carried.attrs);
      expect(state.commands[u.commandId]!.name, u.name).toBe(carried.command);
    }
    expect(byName(state.units, "Lawson's Battery").attrs).toMatchObject({ cannon: 5, howitzers: 0 });
    expect(state.commands[byName(state.units, '1/4th Foot').commandId]!.name).toBe('6th Division');
    expect(Object.values(state.commands).find((x) => x.name === '5th Division')!.officer).toBe('Major-General William Pringle');
    // The campaign's house rules, one changed by the battle's GM.
    expect(log.flatMap((l) => (l.event.type === 'HouseRuleSet' ? [l.event.data.source ?? 'the battle'] : []))).toEqual([...Array(14).fill('the campaign c1'), 'the battle']);
    expect(state.house['over-100.remainder']!.value).toBe('new-roll');
    const c = after('BattleResultApplied', 2);
    for (const u of Object.values(state.units)) expect(byName(c.units, u.name).attrs, u.name).toEqual({ ...u.attrs, figures: percentileReport.unit(state, u).strength });
  });

  it('umpire verify passes on each battle and on the campaign', () => {
    for (const id of ['c1-b1', 'c1-b2', 'c1-b3']) {
      const v = umpire(['verify', '--db', file, '--battle', id]);
      expect(v.stderr, id).toBe('');
      expect(v.status, id).toBe(0);
    }
    const v = umpire(['verify', '--db', file, '--campaign', 'c1']);
    expect(v.status).toBe(0);
    expect(v.stdout.trim().split('\n')).toHaveLength(4);
  }, 60_000);

  it('umpire replay --campaign c1 --to N gives, at every turn boundary, the campaign folded to that event', () => {
    const bounds = campaign.filter((l) => ['CampaignTurnOpened', 'BattleResultApplied', 'CampaignEnded'].includes(l.event.type)).map((l) => l.version);
    expect(bounds).toHaveLength(6);
    for (const n of bounds) {
      const r = umpire(['replay', '--db', file, '--campaign', 'c1', '--to', String(n), '--json']);
      expect(r.status, `event ${n}`).toBe(0);
      expect(JSON.parse(r.stdout), `event ${n}`).toEqual(JSON.parse(JSON.stringify(replayCampaign('c1', campaign.filter((l) => l.version <= n)))));
    }
    // Turn 2 opened with the battery as Castrejon left it; turn 1 with its six guns.
    const at = (turn: number) => JSON.parse(umpire(['replay', '--db', file, '--campaign', 'c1', '--turn', String(turn), '--json']).stdout) as CampaignState;
    expect(byName(at(1).units, "Lawson's Battery").attrs).toMatchObject({ cannon: 6, howitzers: 1 });
    expect(byName(at(2).units, "Lawson's Battery").attrs).toMatchObject({ cannon: 5, howitzers: 0 });
  }, 120_000);

  it('prints the same bytes on two runs with --seed and --clock', () => {
    const dir = workdir();
    const [a, b] = ['a.db', 'b.db'].map((db) => umpire(['table', '--db', db, '--seed', SEED, '--clock', CLOCK, '--json', '--script', SCRIPT], dir));
    expect(a!.status).toBe(0);
    expect(a!.stdout.length).toBeGreaterThan(1000);
    expect(b!.stdout).toBe(a!.stdout);
  }, 120_000);
});

