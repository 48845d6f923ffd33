import { existsSync } from 'node:fs';
import type { TopLevelSpec } from 'vega-lite';
import type { BattleReport } from './report.ts';

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

/** A vega-lite chart fitted to exactly `width` x `height`, axes and legend inside. */
const fitted = (spec: Record<string, unknown>, width: number, height: number): TopLevelSpec =>
  ({
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width,
    height,
    autosize: { type: 'fit', contains: 'padding' },
    padding: 12,
    background: 'white',
    config: { font: FONT, axis: { labelFontSize: 12, titleFontSize: 13 }, legend: { labelFontSize: 12, titleFontSize: 13, labelLimit: 260 }, title: { fontSize: 16 } },
    ...spec,
  }) as TopLevelSpec;

/** The two vega-lite specs of a report: strength by turn (a line a unit, morale as the point's shape), casualties by side and turn. */
export function reportSpecs(r: BattleReport): { strength: TopLevelSpec; casualties: TopLevelSpec } {
  const half = CHART.height / 2;
  const turns = { field: 'turn', type: 'ordinal', title: 'turn (0: before the first)', axis: { labelAngle: 0 } } as const;
  return {
    strength: fitted(
      {
        title: `${r.battle.name}: ${r.strength ?? 'strength'} by unit, end of each turn`,
        data: { values: r.series },
        mark: { type: 'line', point: { size: 70, filled: true } },
        encoding: {
          x: turns,
          y: { field: 'strength', type: 'quantitative', title: r.strength ?? 'strength' },
          color: { field: 'unit', type: 'nominal', title: 'unit' },
          shape: { field: 'morale', type: 'nominal', title: 'morale' },
          detail: { field: 'unit' },
        },
      },
      CHART.width,
      half,
    ),
    casualties: fitted(
      {
        title: `Casualties (${r.strength ?? 'strength'} lost) by side and turn`,
        data: { values: r.casualties },
        mark: 'bar',
        encoding: {
          x: { ...turns, title: 'turn' },
          xOffset: { field: 'side' },
          y: { field: 'lost', type: 'quantitative', title: `${r.strength ?? 'strength'} lost` },
          color: { field: 'side', type: 'nominal', title: 'side' },
        },
      },
      CHART.width,
      half,
    ),
  };
}

async function toSvg(spec: TopLevelSpec): Promise<string> {
  const { vega, compile } = await renderers();
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
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
  const specs = reportSpecs(r);
  const [a, b] = await Promise.all([toSvg(specs.strength), toSvg(specs.casualties)]);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART.width}" height="${CHART.height}" viewBox="0 0 ${CHART.width} ${CHART.height}"><rect width="100%" height="100%" fill="white"/>${inner(a, 0)}${inner(b, CHART.height / 2)}</svg>`;
  const { Resvg } = await renderers();
  const png = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: true, fontFiles: FONT_FILES, defaultFontFamily: 'DejaVu Sans' } }).render().asPng();
  return new Uint8Array(png);
}
