import slugify from '@sindresorhus/slugify';
import type { TopLevelSpec } from 'vega-lite';
import { CHART, FAMILIES, fitted, legendColumns, sideColour, shadesOf, svgToPng, toSvg, vegaShade, wholeAxis, type Shade } from './report-chart.ts';

/**
 * The chart of `/campaign report` (issue 29): each army's strength across the campaign's turns and
 * battles, drawn as the battle report draws its units (report-chart.ts) so that the two read alike: a
 * line an army, a legend a side in the sides' order, each side a colour family and its armies shades
 * of it, ticks at whole figures.
 */
export interface CampaignSeries {
  /** The campaign's name, for the title. */
  campaign: string;
  /** The moments measured, in order: "start", "turn 1", "after Stoke Field (c1-b1)", "turn 2"... */
  points: string[];
  /** The sides in their order, each army's strength at each point; null before the army existed. */
  sides: { name: string; armies: { name: string; strength: (number | null)[] }[] }[];
  /** What strength counts, in the plural: "figures". */
  unit: string;
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

/** Each side with its family and its measured armies (those with a strength at some point), named distinctly, each a shade. */
function armiesBySide(series: CampaignSeries, shade: Shade) {
  return series.sides.map((side, i) => {
    const family = FAMILIES[i % FAMILIES.length]!;
    const armies = side.armies.filter((a) => series.points.some((_, p) => measured(a.strength[p]) !== null));
    const names = distinct(armies.map((a) => a.name));
    const colours = shadesOf(family, armies.length, shade);
    return { side: side.name, index: i, armies: armies.map((a, k) => ({ name: names[k]!, colour: colours[k]!, strength: a.strength })) };
  });
}

/**
 * The vega-lite spec of the chart: x the moments in order (categorical, leaning when they would
 * crowd), y the strength at whole figures from 0, a layer and a legend a side (filtered by the
 * side's place, so two sides of one name stay two), titled with the side.
 */
export function campaignSpec(series: CampaignSeries, shade: Shade): TopLevelSpec {
  const { width, height } = CAMPAIGN_CHART;
  const points = distinct(series.points);
  const sides = armiesBySide(series, shade).filter((s) => s.armies.length);
  const values = sides.flatMap((s) =>
    s.armies.flatMap((a) =>
      points.flatMap((point, p) => {
        const strength = measured(a.strength[p]);
        return strength === null ? [] : [{ point, side: s.index, army: a.name, strength }];
      }),
    ),
  );
  const title = { text: `${series.campaign}: ${series.unit} of each army across turns and battles`, limit: width - 40 };
  if (!values.length)
    return fitted({ title, data: { values: [{ text: 'No army has a strength measured yet.' }] }, mark: { type: 'text', fontSize: 16 }, encoding: { text: { field: 'text' } } }, width, height);
  const columns = legendColumns(sides.map((s) => s.armies.length), height);
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
        mark: { type: 'line', point: { size: 70, filled: true } },
        encoding: {
          x: { field: 'point', type: 'ordinal', title: 'turns and battles', scale: { domain: points }, axis: { labelAngle: lean ? -35 : 0, labelLimit: X_LABEL_LIMIT } },
          // Nothing but zeros would leave a domain of [0, 0] and a single tick: give it one figure of room.
          y: { field: 'strength', type: 'quantitative', title: series.unit, axis: wholeAxis, scale: max < 1 ? { domain: [0, 1] } : { zero: true } },
          color: sideColour('army', s.side, s.armies.map((a) => a.name), s.armies.map((a) => a.colour), columns),
          detail: { field: 'army' },
        },
      })),
      resolve: { scale: { color: 'independent' } },
    },
    width,
    height,
  );
}

/** The chart's spec with vega's own shades of each family. */
export async function campaignSpecShaded(series: CampaignSeries): Promise<TopLevelSpec> {
  return campaignSpec(series, await vegaShade());
}

/**
 * The chart in words, for its alt text: each army with its first and last strength (and the moment
 * it was first measured, when not the first), side by side; cut at Discord's 1024 characters.
 */
export function campaignDescription(series: CampaignSeries): string {
  const { points } = series;
  const range = points.length > 1 ? `from ${points[0]} to ${points.at(-1)}` : `at ${points[0] ?? 'the start'}`;
  const head = `Chart of ${series.campaign}: ${series.unit} of each army ${range}.`;
  const sides = series.sides
    .filter((s) => s.armies.length)
    .map((s) => {
      const names = distinct(s.armies.map((a) => a.name));
      const armies = s.armies.map((a, k) => {
        const at = points.map((_, p) => p).filter((p) => measured(a.strength[p]) !== null);
        if (!at.length) return `${names[k]} not yet measured`;
        const [first, last] = [at[0]!, at.at(-1)!];
        const from = first > 0 ? ` (from ${points[first]})` : '';
        const values = first === last ? `${measured(a.strength[first])}` : `${measured(a.strength[first])} → ${measured(a.strength[last])}`;
        return `${names[k]}${from} ${values}`;
      });
      return ` ${s.name}: ${armies.join('; ')}.`;
    });
  const text = sides.length ? head + sides.join('') : `${head} No army yet.`;
  return text.length <= ALT_MAX ? text : `${text.slice(0, ALT_MAX - 1)}…`;
}

/** The chart as a PNG of CAMPAIGN_CHART (vega-lite to SVG with vega, SVG to PNG with resvg, as the battle report's) and its alt text. */
export async function campaignChart(series: CampaignSeries): Promise<{ png: Uint8Array; description: string }> {
  const svg = await toSvg(await campaignSpecShaded(series));
  return { png: await svgToPng(svg), description: campaignDescription(series) };
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
