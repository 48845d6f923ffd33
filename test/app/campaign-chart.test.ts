import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_CHART, campaignChart, campaignReportFileName, campaignSpec, type CampaignSeries } from '../../src/app/reports/campaign-chart.ts';
import { CHART, OKABE_ITO, reportView } from '../../src/app/reports/report-chart.ts';

/**
 * Issue 29: `/campaign report` draws each army's strength across the campaign's turns and battles as
 * the battle report draws its units (issue 28): a line an army, a legend a side in the sides' order,
 * each side one colour of Okabe and Ito's palette and its armies told apart by their lines' dashes
 * (issue 42), whole-figure ticks, a file named by the campaign's name, id and first event's hash.
 */

/** `perSide` armies a side over `points`, losing two figures now and then; the last army of each side (of two or more, over two or more points) joins at the second point. */
function synthetic(sides: string[], perSide: number, points = ['start', 'turn 1', 'after Stoke Field (c1-b1)', 'turn 2']): CampaignSeries {
  return {
    campaign: 'Wars of the Roses',
    points,
    unit: 'figures',
    sides: sides.map((side, s) => ({
      name: side,
      armies: Array.from({ length: perSide }, (_, a) => ({
        name: `${side} army ${a + 1}`,
        strength: points.map((_, p) => (a === perSide - 1 && perSide > 1 && points.length > 1 && p === 0 ? null : 12 - Math.min(p, (a % 3) + s) * 2)),
      })),
    })),
  };
}

/** A node of vega's scene graph: a mark (with a role) or an item of one. */
interface Item {
  role?: string;
  text?: unknown;
  fill?: string;
  limit?: number;
  items?: Item[];
}
/** The scene's marks of a role, depth first (in drawing order). */
function marks(node: Item, role: string): Item[] {
  const found = node.role === role ? [node] : [];
  return [...found, ...(node.items ?? []).flatMap((i) => marks(i, role))];
}
const items = (node: Item, role: string) => marks(node, role).flatMap((m) => m.items ?? []);

/** The chart's legends in order (title, entries' labels, fills and label limits), its axes' labels, and its SVG. */
async function drawn(series: CampaignSeries) {
  const view = await reportView(campaignSpec(series));
  try {
    const root = (view.scenegraph() as unknown as { root: Item }).root;
    const axes = marks(root, 'axis').flatMap((m) => m.items ?? []);
    // The x axis names the moments (it has no title: the chart's says what they are); the y axis its figures.
    const labelsOf = (x: boolean) => axes.filter((a) => (a as { orient?: string }).orient === (x ? 'bottom' : 'left')).flatMap((a) => items(a, 'axis-label').map((l) => String(l.text)));
    return {
      legends: marks(root, 'legend')
        .flatMap((m) => m.items ?? [])
        .map((l) => {
          const labels = items(l, 'legend-label');
          // An army's legend symbol is its line: the side's colour (its stroke), its own dash.
          const fills = items(l, 'legend-symbol').map((i) => String((i as { stroke?: string }).stroke));
          const dashes = items(l, 'legend-symbol').map((i) => String((i as { strokeDash?: number[] }).strokeDash));
          return { title: String(items(l, 'legend-title')[0]?.text), entries: labels.map((label, k) => ({ label: String(label.text), limit: label.limit, fill: fills[k]!, dash: dashes[k]! })) };
        }),
      xLabels: labelsOf(true),
      yTicks: labelsOf(false),
      svg: await view.toSVG(),
    };
  } finally {
    view.finalize();
  }
}


const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The PNG's signature and size. */
function pngOf(png: Uint8Array) {
  const image = PNG.sync.read(Buffer.from(png));
  return { signature: [...png.slice(0, 8)], width: image.width, height: image.height };
}

describe('the campaign chart: a line an army, grouped by side (issue 29, /campaign report)', () => {
  const s = synthetic(['Lancaster', 'York'], 3);

  it('given two sides of three armies over four moments, when rendered, then it is a PNG of CAMPAIGN_CHART', async () => {
    const { png } = await campaignChart(s);
    expect(pngOf(png)).toEqual({ signature: PNG_SIGNATURE, ...CAMPAIGN_CHART });
  });

  it("the chart is the battle report's size, 1200 x 800 (issue 41)", async () => {
    const { png } = await campaignChart(s);
    expect(pngOf(png)).toEqual({ signature: PNG_SIGNATURE, ...CHART, width: 1200, height: 800 });
  });

  it('a legend a side, in the order of the sides, naming its armies in order', async () => {
    const { legends } = await drawn(s);
    expect(legends.map((l) => l.title)).toEqual(['Lancaster', 'York']);
    for (const [k, side] of ['Lancaster', 'York'].entries()) expect(legends[k]!.entries.map((e) => e.label)).toEqual([1, 2, 3].map((a) => `${side} army ${a}`));
  });

  it("no two armies of a side share a dash; each side one colour of Okabe and Ito's palette, side 1 blue, side 2 vermillion (issue 42)", async () => {
    const [lancaster, york] = (await drawn(s)).legends;
    for (const side of [lancaster!, york!]) expect(new Set(side.entries.map((e) => e.dash)).size).toBe(3);
    expect(new Set(lancaster!.entries.map((e) => e.fill))).toEqual(new Set([OKABE_ITO.blue]));
    expect(new Set(york!.entries.map((e) => e.fill))).toEqual(new Set([OKABE_ITO.vermillion]));
  });

  it('the x axis names the moments in their order; the y axis ticks at whole figures only', async () => {
    const { xLabels, yTicks } = await drawn(s);
    expect(xLabels).toEqual(['start', 'turn 1', 'after Stoke Field (c1-b1)', 'turn 2']);
    expect(yTicks.length).toBeGreaterThan(1);
    for (const t of yTicks) expect(t).toMatch(/^\d+$/);
    expect(new Set(yTicks).size).toBe(yTicks.length);
  });

  it('whole-figure ticks even when the strengths span two figures', async () => {
    const small: CampaignSeries = { campaign: 'Skirmish', points: ['start', 'turn 1', 'turn 2'], unit: 'figures', sides: [{ name: 'A', armies: [{ name: 'Scouts', strength: [2, 1, 1] }] }] };
    expect((await drawn(small)).yTicks).toEqual(['0', '1', '2']);
  });

  it('the description names every army with its first and last strength, and when a late army joined', async () => {
    const { description } = await campaignChart(s);
    expect(description).toContain('Wars of the Roses');
    expect(description).toContain('figures');
    expect(description).toContain('Lancaster army 1 12 → 12');
    expect(description).toContain('York army 2 12 → 8');
    // The last army of each side was raised after the start: its line begins where it does.
    expect(description).toContain('York army 3 (from turn 1) 10 → 6');
  });
});

describe('the campaign chart at its edges (issue 29)', () => {
  it('one moment only (a campaign at its start): a PNG, each army a point, the moment on the x axis', async () => {
    const one = synthetic(['Lancaster', 'York'], 2, ['start']);
    const { png, description } = await campaignChart(one);
    expect(pngOf(png)).toEqual({ signature: PNG_SIGNATURE, ...CAMPAIGN_CHART });
    const { xLabels, legends } = await drawn(one);
    expect(xLabels).toEqual(['start']);
    expect(legends.map((l) => l.entries.length)).toEqual([2, 2]);
    expect(description).toContain('Lancaster army 1 12;');
  });

  it('an army of zero strength throughout: drawn, the y axis still ticking at whole figures from 0', async () => {
    const zero: CampaignSeries = { campaign: 'Lost Cause', points: ['start', 'turn 1'], unit: 'figures', sides: [{ name: 'A', armies: [{ name: 'Remnant', strength: [0, 0] }] }] };
    const { png, description } = await campaignChart(zero);
    expect(pngOf(png).width).toBe(CAMPAIGN_CHART.width);
    const { yTicks, legends } = await drawn(zero);
    expect(legends[0]!.entries.map((e) => e.label)).toEqual(['Remnant']);
    expect(yTicks[0]).toBe('0');
    expect(yTicks.length).toBeGreaterThan(1);
    for (const t of yTicks) expect(t).toMatch(/^\d+$/);
    expect(description).toContain('Remnant 0 → 0');
  });

  it('20 armies on 4 sides: four legends of five, four colours, five dashes a side, one PNG', async () => {
    const many = synthetic(['Lancaster', 'York', 'Scots', 'French'], 5);
    const { legends } = await drawn(many);
    expect(legends.map((l) => [l.title, l.entries.length])).toEqual([
      ['Lancaster', 5],
      ['York', 5],
      ['Scots', 5],
      ['French', 5],
    ]);
    expect(legends.map((l) => [...new Set(l.entries.map((e) => e.fill))])).toEqual([[OKABE_ITO.blue], [OKABE_ITO.vermillion], [OKABE_ITO.bluishGreen], [OKABE_ITO.reddishPurple]]);
    for (const l of legends) expect(new Set(l.entries.map((e) => e.dash)).size).toBe(5);
    const { png, description } = await campaignChart(many);
    expect(pngOf(png)).toEqual({ signature: PNG_SIGNATURE, ...CAMPAIGN_CHART });
    expect(description.length).toBeLessThanOrEqual(1024);
  }, 60_000);

  it('a long army name is cut in the legend (with an ellipsis), the chart keeps its size, the alt text stays within Discord’s 1024', async () => {
    const long = 'The Most Excellent and Very Long Named Army of '.repeat(6);
    const series: CampaignSeries = {
      campaign: 'A Campaign '.repeat(30),
      points: ['start', `after ${'The Battle of the Long Name '.repeat(5)}(c1-b1)`],
      unit: 'figures',
      sides: [
        { name: 'Lancaster', armies: Array.from({ length: 12 }, (_, k) => ({ name: `${long}${k}`, strength: [10, 9] })) },
        { name: 'York', armies: [{ name: 'Short', strength: [8, 8] }] },
      ],
    };
    const { legends, svg } = await drawn(series);
    const label = legends[0]!.entries[0]!;
    expect(label.label).toBe(`${long}0`);
    expect(label.limit).toBeGreaterThan(0);
    expect(svg).toContain('…');
    const { png, description } = await campaignChart(series);
    expect(pngOf(png)).toEqual({ signature: PNG_SIGNATURE, ...CAMPAIGN_CHART });
    expect(description.length).toBeLessThanOrEqual(1024);
    expect(description).toMatch(/…$/);
  }, 60_000);

  it('two armies of one name on one side stay two lines (the second marked), an army never measured is left out of the lines', async () => {
    const series: CampaignSeries = {
      campaign: 'Twins',
      points: ['start', 'turn 1'],
      unit: 'steps',
      sides: [{ name: 'A', armies: [{ name: 'Guard', strength: [4, 3] }, { name: 'Guard', strength: [5, 5] }, { name: 'Ghost', strength: [null, null] }] }],
    };
    const { legends } = await drawn(series);
    expect(legends[0]!.entries.map((e) => e.label)).toEqual(['Guard', 'Guard (2)']);
    const { description } = await campaignChart(series);
    expect(description).toContain('Ghost not yet measured');
  });

  it('no army measured at all: still a PNG of its size, saying so', async () => {
    const empty: CampaignSeries = { campaign: 'Empty', points: ['start'], unit: 'figures', sides: [] };
    const { png, description } = await campaignChart(empty);
    expect(pngOf(png)).toEqual({ signature: PNG_SIGNATURE, ...CAMPAIGN_CHART });
    expect(description).toMatch(/no army/i);
  });
});

describe('the campaign chart’s file name: name, id, first event’s hash and turn (issue 29)', () => {
  const hash = '0123456789abcdef'.repeat(4);
  it('is `<slug of the name>-<id>-<8 hex of the first hash>-turn<turn>.png`', () => {
    expect(campaignReportFileName('Wars of the Roses', 'c1', hash, 2)).toBe('wars-of-the-roses-c1-01234567-turn2.png');
  });

  it('two campaigns c1 of one name in two stores differ by their first hash; the same campaign and turn give the same name', () => {
    expect(campaignReportFileName('Roses', 'c1', hash, 1)).not.toBe(campaignReportFileName('Roses', 'c1', 'fedcba98'.repeat(8), 1));
    expect(campaignReportFileName('Roses', 'c1', hash, 1)).toBe(campaignReportFileName('Roses', 'c1', hash, 1));
  });

  it.each([
    ['Бородино', /^borodino-c1-01234567-turn3\.png$/],
    ['東京の戦い', /^campaign-c1-01234567-turn3\.png$/],
    ['⚔️🏰', /^campaign-c1-01234567-turn3\.png$/],
    ['../../etc/x', /^etc-x-c1-01234567-turn3\.png$/],
    ['a\\b:c*d?e"f<g>h|i\u0000j', /^a-b-c-d-e-f-g-h-i-j-c1-01234567-turn3\.png$/],
    ['', /^campaign-c1-01234567-turn3\.png$/],
  ])('a hostile or non-Latin name %j gives a safe ASCII name', (name, expected) => {
    expect(campaignReportFileName(name, 'c1', hash, 3)).toMatch(expected);
  });

  it('a long name is cut to a bounded slug; a hostile id or hash, or an odd turn, cannot escape', () => {
    const long = campaignReportFileName('The Campaign of the Very Long Name '.repeat(20), 'c1', hash, 12);
    expect(long).toMatch(/^[a-z0-9-]+-c1-01234567-turn12\.png$/);
    expect(long.length).toBeLessThanOrEqual(80);
    expect(campaignReportFileName('x', '../../c1', '../../', Number.NaN)).toBe('x-c1-00000000-turn0.png');
  });
});
