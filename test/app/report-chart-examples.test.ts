import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getRuleSystem } from '../../src/battle/registry.ts';
import { replay } from '../../src/battle/replay.ts';
import { english } from '../../src/i18n/text.ts';
import { battleReport, reportText, type BattleReport } from '../../src/app/reports/report.ts';
import { reportSpecs, reportView, STATUS_SHAPES } from '../../src/app/reports/report-chart.ts';
import { campaignSpec } from '../../src/app/reports/campaign-chart.ts';
import { campaignReport } from '../../src/app/reports/campaign-report.ts';
import { startTable } from '../support/table.ts';

/**
 * Issue 42: every example battle's chart, read from vega's own scene graph. Every point of every
 * unit (each change of strength or status, each turn's end) is drawn, in its status's one shape, and
 * no mark drawn after it covers it (their bounds overlapping by more than TOLERANCE pixels both
 * ways); no text is cut (vega's ellipsis) or outside the chart or over another text; the casualty
 * rows count every loss the log's units took (charge melee steps too); and the report's text tells
 * what its chart draws: the same units, final strengths and statuses, and casualty totals.
 */
const TOLERANCE = 1;

interface Node {
  marktype?: string;
  role?: string;
  name?: string;
  x?: number;
  y?: number;
  text?: unknown;
  shape?: string;
  datum?: Record<string, unknown>;
  bounds?: { x1: number; y1: number; x2: number; y2: number };
  items?: Node[];
}
interface Drawn {
  marktype: string;
  /** The mark it is an item of: a line's vertices are the items of one mark. */
  mark: Node;
  role: string;
  item: Node;
  box: { x1: number; y1: number; x2: number; y2: number };
}

/** Every item of the scene in drawing order, its bounds moved into the chart's own coordinates. */
function flatten(node: Node, dx = 0, dy = 0, mark?: Node, out: Drawn[] = []): Drawn[] {
  for (const child of node.items ?? []) {
    if (child.marktype !== undefined) {
      flatten(child, dx, dy, child, out);
      continue;
    }
    const b = child.bounds;
    if (mark && b && Number.isFinite(b.x1)) out.push({ marktype: mark.marktype!, mark, role: mark.role ?? '', item: child, box: { x1: b.x1 + dx, y1: b.y1 + dy, x2: b.x2 + dx, y2: b.y2 + dy } });
    // A group's items are drawn from its own origin.
    if (mark?.marktype === 'group') flatten(child, dx + (child.x ?? 0), dy + (child.y ?? 0), undefined, out);
  }
  return out;
}

const overlap = (a: Drawn['box'], b: Drawn['box']) => Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1) > TOLERANCE && Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1) > TOLERANCE;
/** A text's words, its lines joined again (a line broken after a hyphen joins without a space). */
const textOf = (i: Node) => (Array.isArray(i.text) ? i.text.map(String).reduce((a: string, l: string) => (a.endsWith('-') ? a + l : `${a} ${l}`)) : String(i.text ?? ''));

async function scene(spec: Parameters<typeof reportView>[0]) {
  const view = await reportView(spec);
  try {
    const root = (view.scenegraph() as unknown as { root: Node }).root;
    return { drawn: flatten({ items: [root] }), width: view.width(), height: view.height(), bounds: root.items![0]!.bounds! };
  } finally {
    view.finalize();
  }
}

/** What a scene must hold in any chart: no cut text, every text inside the chart and clear of every other text. */
function readable(s: Awaited<ReturnType<typeof scene>>) {
  const texts = s.drawn.filter((d) => d.marktype === 'text' && textOf(d.item).trim());
  for (const t of texts) {
    expect(textOf(t.item), 'cut with an ellipsis').not.toContain('…');
    expect(t.box.x1, `${textOf(t.item)} inside the chart`).toBeGreaterThanOrEqual(s.bounds.x1 - TOLERANCE);
    expect(t.box.x2, `${textOf(t.item)} inside the chart`).toBeLessThanOrEqual(s.bounds.x2 + TOLERANCE);
  }
  for (const [i, a] of texts.entries()) for (const b of texts.slice(i + 1)) expect(overlap(a.box, b.box), `"${textOf(a.item)}" and "${textOf(b.item)}" overlap`).toBe(false);
  return texts;
}

/** The symbols no later symbol or text covers, and those covered (with what covers them). */
function uncovered(s: Awaited<ReturnType<typeof scene>>) {
  const points = s.drawn.filter((d) => d.marktype === 'symbol' && d.role === 'mark');
  const covered: string[] = [];
  for (const p of points) {
    const later = s.drawn.slice(s.drawn.indexOf(p) + 1).filter((d) => (d.marktype === 'symbol' && d.role === 'mark') || (d.marktype === 'text' && textOf(d.item).trim()));
    const over = later.find((d) => overlap(p.box, d.box));
    if (over) covered.push(`${String(p.item.datum?.unit)} at ${String(p.item.datum?.x)} under ${over.marktype} ${textOf(over.item) || String(over.item.datum?.unit)}`);
  }
  return { points, covered };
}

/** Each example battle, played at the table as its test plays it: the seed and the clock fixed. */
async function examples() {
  const battles: { script: string; id: string; report: BattleReport; log: Awaited<ReturnType<ReturnType<typeof startTable>['app']['log']>> }[] = [];
  const campaigns: { script: string; spec: ReturnType<typeof campaignSpec> }[] = [];
  for (const script of readdirSync('examples').filter((f) => f.endsWith('.table')).sort()) {
    let tick = Date.parse('2026-01-01T12:00:00Z');
    const t = startTable({ now: () => new Date((tick += 1000)) });
    await t.run(readFileSync(`examples/${script}`, 'utf8'));
    const ids = (t.db.$client.prepare('SELECT DISTINCT battle_id AS id FROM events').all() as { id: string }[]).map((r) => r.id);
    for (const id of ids.filter((i) => /b\d+$/.test(i))) {
      const log = await t.app.log(id);
      battles.push({ script, id, report: battleReport(id, log), log });
    }
    for (const id of ids.filter((i) => /^c\d+$/.test(i))) campaigns.push({ script, spec: campaignSpec(campaignReport(id, await t.app.campaigns.log(id), '').series) });
  }
  return { battles, campaigns };
}

const played = await examples();

describe('every example battle’s chart shows every change, each once, nothing hidden or cut (issue 42)', () => {
  it('the examples give battles of every rule system and two campaigns', () => {
    expect(new Set(played.battles.map((b) => b.report.battle.system))).toEqual(new Set(['percentile', 'brigade', 'medieval', 'charge']));
    expect(played.campaigns.map((c) => c.script)).toEqual(['campaign.table', 'season.table']);
  });

  it.each(played.battles.map((b) => [`${b.script} ${b.id} (${b.report.battle.name})`, b] as const))('%s', async (_, b) => {
    const r = b.report;
    const specs = reportSpecs(r);
    const strength = await scene(specs.strength);
    readable(strength);
    const { points, covered } = uncovered(strength);
    expect(covered).toEqual([]);
    // Every point of the series drawn, in its status's one shape.
    expect(points.map((p) => [p.item.datum?.unit, p.item.datum?.x, p.item.datum?.strength, p.item.shape])).toEqual(
      points.map((p) => [p.item.datum?.unit, p.item.datum?.x, p.item.datum?.strength, STATUS_SHAPES[p.item.datum?.morale as keyof typeof STATUS_SHAPES]]),
    );
    expect(points).toHaveLength(r.series.length);
    // Every unit named whole over its panel.
    const texts = strength.drawn.filter((d) => d.marktype === 'text').map((d) => textOf(d.item));
    for (const unit of new Set(r.series.map((p) => p.unit))) expect(texts).toContain(unit);

    const casualties = await scene(specs.casualties);
    const casualtyTexts = readable(casualties).map((t) => textOf(t.item));
    // The casualty rows count every loss: each side's units' falls from the roster (and casualty steps), as the log's last state holds them.
    const end = replay(b.id, b.log);
    const hooks = getRuleSystem(end.system).report!;
    for (const side of r.sides.filter((x) => r.casualties.some((c) => c.side === x))) {
      const units = Object.values(end.units).filter((u) => end.sides[end.commands[u.commandId]?.sideId ?? '']?.name === side);
      const first = (unit: string) => r.series.find((p) => p.unit === unit)!;
      const lost = units.reduce((n, u) => n + first(u.name).strength - hooks.unit(end, u).strength, 0);
      const apart = units.reduce((n, u) => n + (hooks.unit(end, u).apart ?? 0) - (first(u.name).apart ?? 0), 0);
      expect(r.casualties.filter((c) => c.side === side).reduce((n, c) => n + c.lost, 0)).toBe(lost);
      expect(casualtyTexts.find((t) => t.startsWith(`${r.strength} lost:`))).toContain(`${side} ${lost}`);
      if (r.apart) expect(casualtyTexts.find((t) => t.startsWith(`${r.apart} lost:`))).toContain(`${side} ${apart}`);
    }

    // The text tells the chart's story: the same units in order, final strengths and statuses, casualty totals.
    const text = english(reportText(r));
    const unitLines = [...text.matchAll(/^• (.+) \((.+?)\): (\d+) → (\d+) [^;]*; (.+)$/gm)].map((m) => ({ unit: m[1]!, side: m[2]!, to: Number(m[4]), status: m[5]!.replace(/ \(turn \d+\)$/, '').split(' → ').at(-1)! }));
    const lastDrawn = new Map(points.map((p) => [String(p.item.datum?.unit), p.item.datum!]));
    expect(unitLines.map((u) => u.unit)).toEqual([...lastDrawn.keys()]);
    for (const u of unitLines) expect([u.side, u.to, u.status]).toEqual([lastDrawn.get(u.unit)!.side, lastDrawn.get(u.unit)!.strength, lastDrawn.get(u.unit)!.morale]);
    for (const m of text.matchAll(/^• (.+?): turn .*?; (\d+) \S+ in all(?:; [^:]+: .*; (\d+) .+ in all)?$/gm)) {
      expect(casualtyTexts.find((t) => t.startsWith(`${r.strength} lost:`))).toContain(`${m[1]} ${m[2]}`);
      if (m[3] !== undefined) expect(casualtyTexts.find((t) => t.startsWith(`${r.apart} lost:`))).toContain(`${m[1]} ${m[3]}`);
    }
  });

  it('Aspern (examples/charge.table): 16e Chasseurs à cheval’s 3 melee casualty steps are counted for the French, and both cavalry regiments’ disorder in the melee is a point of its own', () => {
    const r = played.battles.find((b) => b.report.battle.name === 'Aspern')!.report;
    expect(r.apart).toBe('casualty steps');
    expect(r.casualties.filter((c) => c.side === 'French').reduce((n, c) => n + (c.apart ?? 0), 0)).toBe(3);
    const statuses = (unit: string) => r.series.filter((p) => p.unit === unit && p.event !== undefined).map((p) => p.morale);
    expect(statuses('16e Chasseurs à cheval')).toEqual(['disordered', 'shaken']);
    expect(statuses('Chevauleger-Regiment Rosenberg')).toEqual(['disordered', 'routing']);
    expect(english(reportText(r))).toMatch(/^• French: turn 1 0, turn 2 0; 0 figures in all; casualty steps: turn 1 0, turn 2 3; 3 casualty steps in all$/m);
  });

  it.each(played.campaigns.map((c) => [c.script, c] as const))('the campaign chart of %s: no army’s point covered, no text cut or overlapping, each army one line through all its points', async (_, c) => {
    const s = await scene(c.spec);
    readable(s);
    expect(uncovered(s).covered).toEqual([]);
    // A line is one mark item a point of it: an army's points, each a vertex of the same line.
    const values = (c.spec as unknown as { data: { values: { side: number; army: string }[] } }).data.values;
    const armies = [...new Set(values.map((v) => `${v.side}\n${v.army}`))];
    for (const army of armies) {
      const [side, name] = army.split('\n');
      const vertices = s.drawn.filter((d) => d.marktype === 'line' && d.item.datum?.army === name && d.item.datum?.side === Number(side));
      expect(vertices.length, name).toBe(values.filter((v) => `${v.side}\n${v.army}` === army).length);
      expect(new Set(vertices.map((v) => v.mark)).size, `${name}: one line`).toBe(1);
    }
  });
});
