import { existsSync } from 'node:fs';
import type { View } from 'vega';
import type { TopLevelSpec } from 'vega-lite';
import type { BattleReport } from './battle-report.ts';

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
 * A colour family a side, in the order of the battle's sides (side 1 blues, side 2 oranges, ...):
 * its units are shades of it, its casualty bars its base colour, so a hue means one side in both
 * charts. Vega's sequential schemes of these names give the shades; a seventh side takes the first
 * family again.
 */
export const FAMILIES = ['blues', 'oranges', 'greens', 'purples', 'browns', 'greys'] as const;
export type Family = (typeof FAMILIES)[number];
/** A colour of a family at `t` in [0, 1], light to dark (vega.scheme(family)(t)). */
export type Shade = (family: Family, t: number) => string;
/** Where in its family a side's base colour is, and its units' shades: none so light it fades on white. */
const BASE = 0.7;
const SHADES = { dark: 0.95, light: 0.4 };

/** Each side with its family, its base colour and its units in order of the report, each a shade of its own. */
export function sideColours(r: BattleReport, shade: Shade): { side: string; family: Family; base: string; units: { unit: string; colour: string }[] }[] {
  const unitsOf = new Map<string, string[]>();
  for (const p of r.series) {
    const units = unitsOf.get(p.side) ?? [];
    if (!units.includes(p.unit)) units.push(p.unit);
    unitsOf.set(p.side, units);
  }
  const sides = [...new Set([...r.sides, ...r.series.map((p) => p.side), ...r.casualties.map((c) => c.side)])];
  return sides.map((side, i) => {
    const family = FAMILIES[i % FAMILIES.length]!;
    const units = unitsOf.get(side) ?? [];
    const colours = shadesOf(family, units.length, shade);
    return { side, family, base: shade(family, BASE), units: units.map((unit, k) => ({ unit, colour: colours[k]! })) };
  });
}

/** `n` shades of a family, dark to light and all distinct (one alone at its base colour): a side's lines. */
export function shadesOf(family: Family, n: number, shade: Shade): string[] {
  const t = (k: number) => (n === 1 ? BASE : SHADES.dark - ((SHADES.dark - SHADES.light) * k) / (n - 1));
  return Array.from({ length: n }, (_, k) => shade(family, t(k)));
}

/**
 * How many columns the units' legends take so that all of them, stacked beside a chart of `height`,
 * fit it: one while they do, more past about twenty units (at most LEGEND.maxColumns).
 */
export function legendColumns(entries: readonly number[], height: number): number {
  const tall = (columns: number) => entries.reduce((h, n) => h + LEGEND.title + Math.ceil(n / columns) * LEGEND.entry, 0);
  let columns = 1;
  while (columns < LEGEND.maxColumns && tall(columns) > height - 40) columns++;
  return columns;
}

/** Ticks at whole figures only: strength and losses are counted (figures, steps), never fractions. */
export const wholeAxis = { tickMinStep: 1, format: 'd' } as const;

/** A side's colour channel: each of its lines (`field`) in its own shade, named in the side's legend of `columns` columns. */
export const sideColour = (field: string, side: string, names: string[], colours: string[], columns: number) => ({
  field,
  type: 'nominal',
  title: side,
  scale: { domain: names, range: colours },
  legend: { columns, labelLimit: Math.max(140, Math.floor(LEGEND.labelLimit / columns)) },
});

/**
 * The two vega-lite specs of a report: strength by turn (a line a unit, morale as the point's shape;
 * a layer and a legend a side, titled with the side, its units in shades of the side's family),
 * casualties by side and turn (bars in each side's base colour).
 */
export function reportSpecs(r: BattleReport, shade: Shade): { strength: TopLevelSpec; casualties: TopLevelSpec } {
  const half = CHART.height / 2;
  const turns = { field: 'turn', type: 'ordinal', title: 'turn (0: before the first)', axis: { labelAngle: 0 } } as const;
  const strength = r.strength ?? 'strength';
  const colours = sideColours(r, shade);
  const withUnits = colours.filter((c) => c.units.length);
  const columns = legendColumns([...withUnits.map((c) => c.units.length), new Set(r.series.map((p) => p.morale)).size], half);
  return {
    strength: fitted(
      {
        title: `${r.battle.name}: ${strength} by unit, end of each turn`,
        data: { values: r.series },
        layer: withUnits.map((c) => ({
          transform: [{ filter: { field: 'side', equal: c.side } }],
          mark: { type: 'line', point: { size: 70, filled: true } },
          encoding: {
            x: turns,
            y: { field: 'strength', type: 'quantitative', title: strength, axis: wholeAxis },
            color: sideColour('unit', c.side, c.units.map((u) => u.unit), c.units.map((u) => u.colour), columns),
            shape: { field: 'morale', type: 'nominal', title: 'morale' },
            detail: { field: 'unit' },
          },
        })),
        resolve: { scale: { color: 'independent' } },
      },
      CHART.width,
      half,
    ),
    casualties: fitted(
      {
        title: `Casualties (${strength} lost) by side and turn`,
        data: { values: r.casualties },
        mark: 'bar',
        encoding: {
          x: { ...turns, title: 'turn' },
          xOffset: { field: 'side', sort: colours.map((c) => c.side) },
          y: { field: 'lost', type: 'quantitative', title: `${strength} lost`, axis: wholeAxis },
          color: { field: 'side', type: 'nominal', title: 'side', scale: { domain: colours.map((c) => c.side), range: colours.map((c) => c.base) } },
        },
      },
      CHART.width,
      half,
    ),
  };
}

/** A running vega view of a spec, rendering nothing: to read its scene or draw it as SVG. Finalize it. */
export async function reportView(spec: TopLevelSpec): Promise<View> {
  const { vega, compile } = await renderers();
  const compiled = compile(spec).spec;
  // The sides' legends first, in the sides' order; the morale (shape) legend after them.
  if (compiled.legends) compiled.legends = [...compiled.legends.filter((l) => l.fill), ...compiled.legends.filter((l) => !l.fill)];
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  await view.runAsync();
  return view;
}

/** The report's specs with vega's own shades of each family. */
export async function reportSpecsShaded(r: BattleReport): Promise<{ strength: TopLevelSpec; casualties: TopLevelSpec }> {
  return reportSpecs(r, await vegaShade());
}

/** Vega's own shades of the families (its sequential schemes of their names). */
export async function vegaShade(): Promise<Shade> {
  const { vega } = await renderers();
  return (family, t) => (vega.scheme(family) as (t: number) => string)(t);
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

/** The SVG's own markup without its XML prolog, to nest it. */
const inner = (svg: string, y: number) => svg.replace(/^<svg /, `<svg y="${y}" `);

/** The report's chart as a PNG of CHART.width x CHART.height: vega-lite to SVG (vega), SVG to PNG (resvg). */
export async function reportChart(r: BattleReport): Promise<Uint8Array> {
  return svgToPng(await reportSvg(r));
}

/** The same chart as SVG markup: what a battle's page shows (issue 30). */
export async function reportSvg(r: BattleReport): Promise<string> {
  const specs = await reportSpecsShaded(r);
  const [a, b] = await Promise.all([toSvg(specs.strength), toSvg(specs.casualties)]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART.width}" height="${CHART.height}" viewBox="0 0 ${CHART.width} ${CHART.height}"><rect width="100%" height="100%" fill="white"/>${inner(a, 0)}${inner(b, CHART.height / 2)}</svg>`;
}

/** SVG markup as a PNG of its own size (resvg), its text in DejaVu where the system has it. */
export async function svgToPng(svg: string): Promise<Uint8Array> {
  const { Resvg } = await renderers();
  const png = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: true, fontFiles: FONT_FILES, defaultFontFamily: 'DejaVu Sans' } }).render().asPng();
  return new Uint8Array(png);
}
