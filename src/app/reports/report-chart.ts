import { existsSync } from 'node:fs';
import type { View } from 'vega';
import type { TopLevelSpec } from 'vega-lite';
import { REPORT_STATUSES, type ReportStatus } from '../../battle/system.ts';
import type { Locale } from '../../i18n/locales.ts';
import { both, say, word, type Text } from '../../i18n/text.ts';
import type { BattleReport } from './battle-report.ts';
import { statusWord, strengthName } from './words.ts';

/** The renderers, loaded with the first chart: the bot and the table start without them. */
const renderers = async () => {
  const [vega, vegaLite, resvg] = await Promise.all([import('vega'), import('vega-lite'), import('@resvg/resvg-js')]);
  return { vega, compile: vegaLite.compile, Resvg: resvg.Resvg };
};

/** The chart's size in pixels: a strength chart over a casualties chart, each half the height. */
export const CHART = { width: 1200, height: 800 };

const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';
/** Fonts resvg reads besides the system's: DejaVu where Debian puts it (text stays blank without any font). */
const FONT_FILES = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'].filter((f) => existsSync(f));

/** A legend's lines in pixels at the config's font sizes (a title, an entry), and its labels' longest width. */
export const LEGEND = { title: 24, entry: 18, labelLimit: 260, maxColumns: 4 };

/** A vega-lite chart fitted to exactly `width` x `height`, axes and legend inside. */
export const fitted = (spec: Record<string, unknown>, width: number, height: number): TopLevelSpec =>
  ({
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width,
    height,
    autosize: { type: 'fit', contains: 'padding' },
    padding: 12,
    background: 'white',
    config: { font: FONT, axis: { labelFontSize: 12, titleFontSize: 13 }, legend: { labelFontSize: 12, titleFontSize: 13, labelLimit: LEGEND.labelLimit }, title: { fontSize: 16 } },
    ...spec,
  }) as TopLevelSpec;

/**
 * The palette of Okabe and Ito, made to be told apart by people with the common colour-vision
 * deficiencies (protanopia, deuteranopia, tritanopia): M. Okabe and K. Ito, "Color Universal Design
 * (CUD): how to make figures and presentations that are friendly to colorblind people" (2002),
 * https://jfly.uni-koeln.de/color/. Its yellow is left out: too pale to read on white.
 */
export const OKABE_ITO = { blue: '#0072B2', vermillion: '#D55E00', bluishGreen: '#009E73', reddishPurple: '#CC79A7', orange: '#E69F00', skyBlue: '#56B4E9', black: '#000000' } as const;
/** A colour a side, in the order of the battle's sides (the first blue, the second vermillion...); an eighth side takes the first again. */
const SIDE_COLOURS: readonly string[] = Object.values(OKABE_ITO);
export const sideColourAt = (i: number): string => SIDE_COLOURS[i % SIDE_COLOURS.length]!;

/**
 * A status's one shape in every chart of every system (issue 42): the report's words
 * (REPORT_STATUSES) each drawn one way, named in one legend that lists them all in every battle.
 */
export const STATUS_SHAPES: Readonly<Record<ReportStatus, string>> = {
  good: 'circle',
  impetuous: 'triangle-up',
  disordered: 'diamond',
  shaken: 'triangle-down',
  retreating: 'triangle-left',
  routing: 'cross',
  broken: 'square',
};

/** About the width of a character in pixels at a font size, as vega measures text with no canvas (0.8 of the size). */
const charPx = (fontSize: number) => 0.8 * fontSize;
/** A name in lines of at most `width` pixels at `fontSize`, broken between words (or after a hyphen), never cut. */
export function wrapped(name: string, width: number, fontSize: number): string[] {
  const max = Math.max(4, Math.floor(width / charPx(fontSize)));
  const words = name.split(/(?<=[\s-])/);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && (line + w).trimEnd().length > max) {
      lines.push(line.trimEnd());
      line = '';
    }
    line += w;
  }
  if (line) lines.push(line.trimEnd());
  return lines;
}

/** Ticks at whole figures only: strength and losses are counted (figures, steps), never fractions. */
export const wholeAxis = { tickMinStep: 1, format: 'd' } as const;

/** Each side in the chart's order with its colour and its units in the report's order. */
function sidesOf(r: BattleReport): { side: string; colour: string; units: string[] }[] {
  const unitsOf = new Map<string, string[]>();
  for (const p of r.series) {
    const units = unitsOf.get(p.side) ?? [];
    if (!units.includes(p.unit)) units.push(p.unit);
    unitsOf.set(p.side, units);
  }
  const sides = [...new Set([...r.sides, ...r.series.map((p) => p.side), ...r.casualties.map((c) => c.side)])];
  return sides.map((side, i) => ({ side, colour: sideColourAt(i), units: unitsOf.get(side) ?? [] }));
}

/**
 * Where each point of the series is drawn along the turns: the start of the range at `from - 1`,
 * the end of turn t at t, and the n changes of a unit within turn t evenly between t - 1 and t (the
 * k-th at t - 1 + k / (n + 1)), so that a change the turn's end hides is drawn beside it.
 */
export function placed(r: BattleReport): (BattleReport['series'][number] & { x: number; label: string })[] {
  const changes = new Map<string, number>();
  for (const p of r.series) if (p.event !== undefined) changes.set(`${p.unit}\n${p.turn}`, (changes.get(`${p.unit}\n${p.turn}`) ?? 0) + 1);
  const seen = new Map<string, number>();
  const lastLabelled = new Map<string, number>();
  return r.series.map((p) => {
    const key = `${p.unit}\n${p.turn}`;
    let x = p.turn;
    if (p.event !== undefined) {
      const k = (seen.get(key) ?? 0) + 1;
      seen.set(key, k);
      x = p.turn - 1 + k / (changes.get(key)! + 1);
    }
    // The strength written at the start and at each turn's end where it differs from the last written.
    const write = p.event === undefined && lastLabelled.get(p.unit) !== p.strength;
    if (write) lastLabelled.set(p.unit, p.strength);
    return { ...p, x, label: write ? String(p.strength) : '' };
  });
}

/** The strength chart's grid: columns of unit panels, each panel's plot size and the lines of its longest name. */
function grid(sides: { units: string[] }[], width: number, height: number) {
  const most = Math.max(1, ...sides.map((s) => s.units.length));
  let best = { columns: 1, w: 0, h: 0, score: -Infinity };
  for (let columns = 1; columns <= most; columns++) {
    const w = Math.floor(width / columns) - PANEL.axis - PANEL.gap;
    const rows = sides.reduce((n, s) => n + Math.ceil(s.units.length / columns), 0);
    const h = Math.floor((height - sides.length * PANEL.sideTitle) / rows) - PANEL.xAxis - PANEL.gap - PANEL.nameLines * PANEL.nameLine;
    const score = Math.min(w, 2.5 * h);
    if (score > best.score) best = { columns, w, h, score };
  }
  return best;
}
/** A unit panel's furniture in pixels: its y axis, x axis, name lines, the gap to the next; a side's title. */
const PANEL = { axis: 30, xAxis: 16, gap: 14, nameLine: 13, nameLines: 2, sideTitle: 22, nameSize: 11 };
/** The width the status legend takes at the right of the strength chart. */
const STATUS_LEGEND = 130;

/**
 * The two vega-lite specs of a report (issue 42). Strength: small multiples, a panel a unit under
 * its side's name, the unit's name written over it, its line in its side's colour, every point a
 * change or a turn's end shaped by its status (one legend of every status), its strength written at
 * the start and where a turn's end changed it: no unit's marks can hide another's, however many
 * share a strength. Casualties: a column a turn, a bar a side named on the axis, its count written
 * at its end (0 too), a row for strength and one for the losses counted apart (casualty steps).
 */
export function reportSpecs(r: BattleReport, locale: Locale = 'en'): { strength: TopLevelSpec; casualties: TopLevelSpec } {
  const half = CHART.height / 2;
  const strength: Text = r.strength ? strengthName(r.strength) : say('reports.chart.strength');
  const sides = sidesOf(r).filter((s) => s.units.length);
  // Each point's status in the chart's words, the legend's domain worded alike.
  const points = placed(r).map((p) => ({ ...p, status: word(statusWord(p.morale), locale) }));
  const max = Math.max(1, ...points.map((p) => p.strength));
  const { columns, w, h } = grid(sides, CHART.width - STATUS_LEGEND - 24, half - 50);
  const turns = { from: r.turns.from - 1, to: r.turns.to };
  const shape = { field: 'status', type: 'nominal', title: word(say('reports.chart.status'), locale), scale: { domain: REPORT_STATUSES.map((k) => word(statusWord(k), locale)), range: REPORT_STATUSES.map((k) => STATUS_SHAPES[k]) } } as const;
  const panel = (side: { side: string; colour: string }, unit: string) => ({
    title: { text: wrapped(unit, w + PANEL.axis, PANEL.nameSize), fontSize: PANEL.nameSize, fontWeight: 'normal', anchor: 'start', offset: 2 },
    width: w,
    height: h,
    data: { values: points.filter((p) => p.unit === unit && p.side === side.side) },
    encoding: {
      x: { field: 'x', type: 'quantitative', title: null, scale: { domain: [turns.from, turns.to], nice: false, padding: 14 }, // Format 'd' with given values drops a label (vega 6): '.0f' writes them all.
        axis: { values: Array.from({ length: turns.to - turns.from + 1 }, (_, k) => turns.from + k), format: '.0f', labelOverlap: false, grid: false } },
      y: { field: 'strength', type: 'quantitative', title: null, scale: { domain: [0, Math.ceil(max * 1.3)], nice: false }, axis: { ...wholeAxis, tickCount: 3 } },
    },
    layer: [
      { mark: { type: 'line', color: side.colour, strokeWidth: 1.5 } },
      { mark: { type: 'point', filled: true, size: 45, color: side.colour, opacity: 1 }, encoding: { shape } },
      { mark: { type: 'text', dy: -10, fontSize: 10, color: '#000000' }, encoding: { text: { field: 'label' } } },
    ],
  });
  const vconcat = sides.map((s) => ({
    title: { text: s.side, color: s.colour, fontSize: 13, anchor: 'start', offset: 4, limit: 0 },
    columns,
    concat: s.units.map((u) => panel(s, u)),
    spacing: PANEL.gap,
  }));
  return {
    strength: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      padding: 12,
      background: 'white',
      config: { font: FONT, axis: { labelFontSize: 10, labelLimit: 0 }, legend: { labelFontSize: 12, titleFontSize: 13, labelLimit: 0 }, title: { fontSize: 16 }, view: { stroke: '#dddddd' } },
      title: { text: word(say('reports.chart.strengthTitle', { battle: r.battle.name, strength }), locale), anchor: 'start', limit: 0 },
      vconcat,
      spacing: 6,
      resolve: { scale: { shape: 'shared' }, legend: { shape: 'shared' } },
    } as unknown as TopLevelSpec,
    casualties: casualtySpec(r, sides, strength, locale),
  };
}

/** The casualty chart: a column a turn, a row a measure (strength lost, and the count apart), a bar a side with its count. */
function casualtySpec(r: BattleReport, sides: { side: string; colour: string }[], strength: Text, locale: Locale): TopLevelSpec {
  const all = sidesOf(r);
  const w = (text: Text) => word(text, locale);
  const turnLabel = (turn: number) => w(say('reports.chart.turn', { turn: String(turn) }));
  const measures = [{ name: w(say('reports.chart.lost', { what: strength })), of: (c: BattleReport['casualties'][number]) => c.lost }, ...(r.apart ? [{ name: w(say('reports.chart.lost', { what: strengthName(r.apart) })), of: (c: BattleReport['casualties'][number]) => c.apart ?? 0 }] : [])];
  const total = (side: string, of: (c: BattleReport['casualties'][number]) => number) => r.casualties.filter((c) => c.side === side).reduce((n, c) => n + of(c), 0);
  const rowName = (m: (typeof measures)[number]) =>
    w(say('reports.chart.inAll', { measure: m.name, sides: all.filter((s) => r.casualties.some((c) => c.side === s.side)).map((s) => `${s.side} ${total(s.side, m.of)}`).join(', ') }));
  const values = measures.flatMap((m) => r.casualties.map((c) => ({ measure: rowName(m), turn: turnLabel(c.turn), side: c.side, lost: m.of(c) })));
  const max = Math.max(1, ...values.map((v) => v.lost));
  const turnCount = r.turns.to - r.turns.from + 1;
  const sideNames = (sides.length ? sides : all).map((s) => s.side);
  const longest = Math.max(...all.map((s) => s.side.length));
  const axis = Math.min(300, Math.ceil(longest * charPx(11)) + 12);
  const width = Math.max(40, Math.floor((CHART.width - 24 - axis) / turnCount) - 12);
  const height = Math.max(30, Math.floor((CHART.height / 2 - 60) / measures.length) - 44);
  const block = (m: (typeof measures)[number], k: number) => ({
    title: { text: rowName(m), fontSize: 12, fontWeight: 'normal', anchor: 'start', limit: 0 },
    data: { values: values.filter((v) => v.measure === rowName(m)) },
    facet: { column: { field: 'turn', type: 'ordinal', title: null, sort: Array.from({ length: turnCount }, (_, j) => turnLabel(r.turns.from + j)), header: k ? { labels: false } : {} } },
    spacing: 12,
    spec: {
      width,
      height,
      encoding: {
        y: { field: 'side', type: 'nominal', title: null, sort: sideNames, scale: { domain: sideNames } },
        x: { field: 'lost', type: 'quantitative', title: null, scale: { domain: [0, Math.ceil(max * 1.35)], nice: false }, axis: { ...wholeAxis, tickCount: 3 } },
      },
      layer: [
        { mark: { type: 'bar', height: { band: 0.7 } }, encoding: { color: { field: 'side', type: 'nominal', legend: null, scale: { domain: all.map((s) => s.side), range: all.map((s) => s.colour) } } } },
        { mark: { type: 'text', align: 'left', dx: 3, fontSize: 11 }, encoding: { text: { field: 'lost', type: 'quantitative' } } },
      ],
    },
  });
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    padding: 12,
    background: 'white',
    config: { font: FONT, axis: { labelFontSize: 11, labelLimit: 0 }, header: { labelFontSize: 12, labelLimit: 0 }, title: { fontSize: 16 }, view: { stroke: '#dddddd' } },
    title: { text: w(say('reports.chart.casualtiesTitle', { lost: both([strength, ...(r.apart ? [strengthName(r.apart)] : [])]) })), anchor: 'start', limit: 0 },
    vconcat: measures.map(block),
    spacing: 10,
  } as unknown as TopLevelSpec;
}

/** A running vega view of a spec, rendering nothing: to read its scene or draw it as SVG. Finalize it. */
export async function reportView(spec: TopLevelSpec): Promise<View> {
  const { vega, compile } = await renderers();
  const compiled = compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  await view.runAsync();
  return view;
}

/** A spec drawn as SVG markup by vega. */
export async function toSvg(spec: TopLevelSpec): Promise<string> {
  const view = await reportView(spec);
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/**
 * A vega SVG nested at `y` in a box of CHART.width x `height`: drawn at its own size where it fits,
 * scaled down to fit where it would not (its viewBox kept, so nothing is cut).
 */
function inner(svg: string, y: number, height: number): string {
  const size = /^<svg [^>]*?width="([\d.]+)" height="([\d.]+)"/.exec(svg);
  const [w, h] = size ? [Number(size[1]), Number(size[2])] : [CHART.width, height];
  const k = Math.min(1, CHART.width / w, height / h);
  return svg.replace(/^<svg ([^>]*?)width="[\d.]+" height="[\d.]+"/, `<svg $1y="${y}" width="${Math.floor(w * k)}" height="${Math.floor(h * k)}" preserveAspectRatio="xMinYMin meet"`);
}

/** The report's chart as a PNG of CHART.width x CHART.height: vega-lite to SVG (vega), SVG to PNG (resvg). */
export async function reportChart(r: BattleReport, locale: Locale = 'en'): Promise<Uint8Array> {
  return svgToPng(await reportSvg(r, locale));
}

/** The same chart as SVG markup: what a battle's page shows (issue 30). */
export async function reportSvg(r: BattleReport, locale: Locale = 'en'): Promise<string> {
  const specs = reportSpecs(r, locale);
  const [a, b] = await Promise.all([toSvg(specs.strength), toSvg(specs.casualties)]);
  const half = CHART.height / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART.width}" height="${CHART.height}" viewBox="0 0 ${CHART.width} ${CHART.height}"><rect width="100%" height="100%" fill="white"/>${inner(a, 0, half)}${inner(b, half, half)}</svg>`;
}

/** SVG markup as a PNG of its own size (resvg), its text in DejaVu where the system has it. */
export async function svgToPng(svg: string): Promise<Uint8Array> {
  const { Resvg } = await renderers();
  const png = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: true, fontFiles: FONT_FILES, defaultFontFamily: 'DejaVu Sans' } }).render().asPng();
  return new Uint8Array(png);
}
