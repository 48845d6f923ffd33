import slugify from '@sindresorhus/slugify';
import type { TopLevelSpec } from 'vega-lite';
import type { Locale } from '../../i18n/locales.ts';
import { say, word, type Text } from '../../i18n/text.ts';
import { CHART, fitted, LEGEND, sideColourAt, svgToPng, toSvg, wholeAxis } from './report-chart.ts';

/**
 * The chart of `/campaign report` (issue 29): each army's strength across the campaign's turns and
 * battles, in the battle report's colours (report-chart.ts): a line an army in its side's colour
 * (Okabe and Ito's palette, issue 42), the armies of a side told apart by their lines' dashes and
 * named in the side's legend, each army's points set a little apart in each moment's band so that
 * no army's point hides another's; ticks at whole figures.
 */
export interface CampaignSeries {
  /** The campaign's name, for the title. */
  campaign: string;
  /** The moments measured, in order: "start", "turn 1", "after Stoke Field (c1-b1)", "turn 2"..., worded in the chart's locale. */
  points: Text[];
  /** The sides in their order, each army's strength at each point; null before the army existed. */
  sides: { name: string; armies: { name: string; strength: (number | null)[] }[] }[];
  /** What strength counts, in the plural: "figures". */
  unit: Text;
}

/** The chart's size in pixels: one panel, the battle report's size, so that the two files read alike. */
export const CAMPAIGN_CHART = CHART;

/** Discord's longest description (alt text) of an attachment. */
const ALT_MAX = 1024;
/** About the width of a character of an axis label in pixels as vega estimates it (no canvas), to tell when the moments' labels must lean. */
const CHAR_PX = 9;
/** The longest x label in pixels before it is cut with an ellipsis: "after Stoke Field (c1-b1)" whole. */
const X_LABEL_LIMIT = 260;

/** Names made distinct by marking repeats ("Guard", "Guard (2)"): two armies of one name stay two lines. */
function distinct(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  const taken = new Set(names);
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    if (n === 1) return name;
    let k = n;
    while (taken.has(`${name} (${k})`)) k++;
    const marked = `${name} (${k})`;
    taken.add(marked);
    return marked;
  });
}

/** A strength as charted: a finite number, or null (not measured: before the army existed). */
const measured = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The dashes of a side's armies' lines, in order: solid, dashed, dotted...; a ninth army takes the first again. */
const DASHES: readonly number[][] = [[1, 0], [8, 4], [2, 3], [12, 3, 2, 3], [4, 4], [12, 6], [2, 6], [8, 3, 2, 3, 2, 3]];

/** Each side with its colour and its measured armies (those with a strength at some point), named distinctly, each its dash. */
function armiesBySide(series: CampaignSeries) {
  return series.sides.map((side, i) => {
    const armies = side.armies.filter((a) => series.points.some((_, p) => measured(a.strength[p]) !== null));
    const names = distinct(armies.map((a) => a.name));
    return { side: side.name, index: i, colour: sideColourAt(i), armies: armies.map((a, k) => ({ name: names[k]!, dash: DASHES[k % DASHES.length]!, strength: a.strength })) };
  });
}

/**
 * The vega-lite spec of the chart: x the moments in order (each at a whole number, named, its
 * labels standing when they would crowd), y the strength at whole figures from 0, a layer and a legend a side (filtered by the
 * side's place, so two sides of one name stay two), titled with the side.
 */
export function campaignSpec(series: CampaignSeries, locale: Locale = 'en'): TopLevelSpec {
  const { width, height } = CAMPAIGN_CHART;
  const points = distinct(series.points.map((p) => word(p, locale)));
  const unit = word(series.unit, locale);
  const sides = armiesBySide(series).filter((s) => s.armies.length);
  // Each army a place of its own about each moment (a moment at 0, 1, 2...): two armies of one
  // strength stay two points, and each army's points stay one line.
  const count = sides.reduce((n, s) => n + s.armies.length, 0);
  const step = Math.min(0.12, 0.6 / count);
  let k = 0;
  const values = sides.flatMap((s) =>
    s.armies.flatMap((a) => {
      const offset = (k++ - (count - 1) / 2) * step;
      return points.flatMap((point, p) => {
        const strength = measured(a.strength[p]);
        return strength === null ? [] : [{ point, x: p + offset, side: s.index, army: a.name, strength }];
      });
    }),
  );
  const title = { text: word(say('reports.campaignChart.title', { campaign: series.campaign, unit }), locale), limit: width - 40 };
  if (!values.length)
    return fitted({ title, data: { values: [{ text: word(say('reports.campaignChart.empty'), locale) }] }, mark: { type: 'text', fontSize: 16 }, encoding: { text: { field: 'text' } } }, width, height);
  // The plot is about two thirds of the width beside the legends: lean the labels when one would not fit its band.
  const band = (width * 2) / 3 / points.length;
  const lean = points.some((p) => Math.min(p.length * CHAR_PX, X_LABEL_LIMIT) > band);
  const max = Math.max(...values.map((v) => v.strength));
  return fitted(
    {
      title,
      data: { values },
      layer: sides.map((s) => ({
        transform: [{ filter: { field: 'side', equal: s.index } }],
        mark: { type: 'line', point: { size: 50, filled: true } },
        encoding: {
          // The moments by their names at their places; no axis title: the chart's title says what they are.
          x: {
            field: 'x',
            type: 'quantitative',
            title: null,
            scale: { domain: [-0.5, points.length - 0.5], nice: false, zero: false },
            axis: { values: points.map((_, p) => p), labelExpr: `${JSON.stringify(points)}[datum.value]`, grid: false, labelAngle: lean ? -90 : 0, labelOverlap: false, labelLimit: X_LABEL_LIMIT },
          },
          // Nothing but zeros would leave a domain of [0, 0] and a single tick: give it one figure of room.
          y: { field: 'strength', type: 'quantitative', title: unit, axis: wholeAxis, scale: max < 1 ? { domain: [0, 1] } : { zero: true } },
          strokeDash: {
            field: 'army',
            type: 'nominal',
            title: s.side,
            scale: { domain: s.armies.map((a) => a.name), range: s.armies.map((a) => a.dash) },
            legend: { symbolType: 'stroke', symbolStrokeWidth: 2.5, symbolSize: 400, labelLimit: LEGEND.labelLimit },
          },
          // The side's colour as a value, so that its legend's lines are drawn in it too.
          color: { value: s.colour },
          detail: { field: 'army' },
        },
      })),
      resolve: { scale: { strokeDash: 'independent' } },
    },
    width,
    height,
  );
}

/**
 * The chart in words, for its alt text: each army with its first and last strength (and the moment
 * it was first measured, when not the first), side by side; cut at Discord's 1024 characters.
 */
export function campaignDescription(series: CampaignSeries, locale: Locale = 'en'): string {
  const w = (t: Text) => word(t, locale);
  const points = series.points.map(w);
  const unit = w(series.unit);
  const head = w(
    points.length > 1
      ? say('reports.campaignChart.describeRange', { campaign: series.campaign, unit, from: points[0]!, to: points.at(-1)! })
      : say('reports.campaignChart.describeAt', { campaign: series.campaign, unit, at: points[0] ?? say('reports.campaignChart.theStart') }),
  );
  const sides = series.sides
    .filter((s) => s.armies.length)
    .map((s) => {
      const names = distinct(s.armies.map((a) => a.name));
      const armies = s.armies.map((a, k) => {
        const at = points.map((_, p) => p).filter((p) => measured(a.strength[p]) !== null);
        if (!at.length) return w(say('reports.campaignChart.notMeasured', { army: names[k]! }));
        const [first, last] = [at[0]!, at.at(-1)!];
        const values = first === last ? `${measured(a.strength[first])}` : `${measured(a.strength[first])} → ${measured(a.strength[last])}`;
        return first > 0 ? w(say('reports.campaignChart.armyFrom', { army: names[k]!, from: points[first]!, values })) : `${names[k]} ${values}`;
      });
      return ` ${w(say('reports.campaignChart.side', { side: s.name, armies: armies.join(w(say('reports.campaignChart.armiesJoin'))) }))}`;
    });
  const text = sides.length ? head + sides.join('') : `${head} ${w(say('reports.campaignChart.noArmy'))}`;
  return text.length <= ALT_MAX ? text : `${text.slice(0, ALT_MAX - 1)}…`;
}

/** The chart as a PNG of CAMPAIGN_CHART (vega-lite to SVG with vega, SVG to PNG with resvg, as the battle report's) and its alt text. */
export async function campaignChart(series: CampaignSeries, locale: Locale = 'en'): Promise<{ png: Uint8Array; description: string }> {
  const svg = await toSvg(campaignSpec(series, locale));
  return { png: await svgToPng(svg), description: campaignDescription(series, locale) };
}

/** The longest slug of a campaign's name a chart's file name carries, as the battle report's (report.ts). */
const SLUG_MAX = 40;

/**
 * The chart's file name, as the battle report's (reportFileName):
 * `<slug of the name>-<id>-<8 hex of the first event's hash>-turn<turn>.png`, e.g.
 * `wars-of-the-roses-c1-3fa9c2d1-turn2.png`. The hash keeps two databases' c1 apart; the same campaign
 * and turn re-rendered give the same name. ASCII letters, digits and hyphens only: a name is
 * transliterated ("Бородино" → borodino) and one with no letter left is called "campaign".
 */
export function campaignReportFileName(name: string, id: string, firstHash: string, turn: number): string {
  const slug = (s: string) => slugify(s).slice(0, SLUG_MAX).replace(/-+$/, '');
  const hash = /^[0-9a-f]{8}/.exec(firstHash)?.[0] ?? '00000000';
  const n = Number.isFinite(turn) ? Math.max(0, Math.trunc(turn)) : 0;
  return `${slug(name) || 'campaign'}-${slug(id) || 'campaign'}-${hash}-turn${n}.png`;
}
