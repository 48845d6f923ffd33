import { sub } from '../../../app/slash/commands.ts';
import { reply } from '../../../app/slash/replies.ts';
import { joinedBy, lines, say, type Text } from '../../../i18n/text.ts';
import { derivedFrom, medievalPack as pack, signed, type PackModifier } from '../index.ts';

/** The pack's charts as text, for players measuring on the table (queries: nothing is logged). */
const dist = (d: { cm: number | null; in: number }) => (d.cm === null ? `${d.in}"` : `${d.cm} cm (${d.in}")`);
const note = (n?: string) => (n ? ` [${n}]` : '');

function movement(): string {
  const m = pack.movement;
  return [
    `Troops: line / column March Rate, bonus for each ${m.bonusFor}`,
    ...m.troops.map((t) => `${t.id} ${t.troopType}, class ${t.classes.join('/')}: line ${dist(t.line)}, column ${dist(t.column)}, bonus +${dist(t.bonus)}${note(t.note)}`),
    '',
    'Artillery: limbered / manhandled March Rate, limber or unlimber, road bonus',
    ...m.artillery.map((a) => `${a.id} ${a.type}: limbered ${dist(a.limbered)}, manhandled ${dist(a.manhandled)}, limber/unlimber ${a.limberOrUnlimber}, road +${dist(a.roadBonus)}`),
  ].join('\n');
}

function terrain(): string {
  const t = pack.terrain;
  return [
    `Columns: ${t.columns.map((c, i) => `${i + 1} ${c}`).join('; ')}`,
    ...t.rows.map((r) => `${r.id} ${r.feature}: ${r.cells.map((c, i) => `${i + 1} ${c ?? '(none printed)'}`).join('; ')}${note(r.note)}`),
    '',
    ...t.footnotes.map((f) => `${f.id}${f.mark ? ` (${f.mark})` : ''} ${f.text}`),
    `MED-TERRAIN.12 Each cm moved counts as: ${t.cost.map((c) => `${c.marchRate} M.R. ${c.cmCountsAs} cm`).join('; ')}`,
  ].join('\n');
}

/** A weapon of the chart in the reader's words: the system's own word for it (`medieval.ref.weapon.<name>`). */
export const weaponWord = (name: string): Text => say(`medieval.ref.weapon.${camel(name)}`);
const camel = (s: string) => s.replace(/[^A-Za-z0-9]+(.)/g, (_m, c: string) => c.toUpperCase());
const distance = (d: { cm: number | null; in: number }): Text => (d.cm === null ? `${d.in}"` : say('medieval.ref.cmInches', { cm: d.cm, inches: d.in }));

function range(): Text {
  const r = pack.range;
  return lines(
    say('medieval.ref.rangeHead', { rounded: r.roundedUp ? 'yes' : 'no' }),
    ...r.weapons.map((w) =>
      say('medieval.ref.rangeRow', {
        id: w.id,
        weapons: joinedBy(w.weapons.map(weaponWord), ', '),
        short: distance(w.short),
        medium: distance(w.medium),
        long: distance(w.long),
        artillery: w.artillery ? 'yes' : 'no',
      }),
    ),
    '',
    say('medieval.ref.misfireNote', { id: r.misfire.rule }),
    say('medieval.ref.explosion', { id: r.explosionDistance.rule, large: r.explosionDistance['25mm'].in, small: r.explosionDistance['15mm'].in }),
  );
}

const CHARTS = {
  fire: () => pack.fire.modifiers,
  melee: () => pack.melee.modifiers,
  control: () => pack.control.modifiers,
  morale: () => pack.morale.modifiers,
} as const;

const byUmpire = (m: PackModifier): Text => {
  const from = derivedFrom(m);
  const id = m.id.replace(/^.*\./, '');
  if (from) return say('medieval.ref.mod.derived', { from, id });
  return m.derivable ? say('medieval.ref.mod.fromOption') : '';
};
const value = (m: PackModifier): Text => (m.value !== null ? signed(m.value) : m.house ? say('medieval.ref.mod.unknownHouse', { house: m.house }) : say('medieval.ref.mod.unknown'));
const each = (m: PackModifier): Text => (!m.each ? '' : m.perUnit ? say('medieval.ref.mod.eachAtMost', { side: m.perUnit.side }) : say('medieval.ref.mod.each'));
const modifierLine = (m: PackModifier): Text => say('medieval.ref.mod.line', { id: m.id, text: m.text, value: value(m), each: each(m), by: byUmpire(m) });

/** The medieval charts for players measuring on the table, added to the core's /ref. */
export const ref = {
  movement: sub({
    description: 'March Rates of troops and artillery (MED-MOVE)',
    who: 'anyone',
    example: '/ref movement',
    options: {},
    query: (_o, ctx) => [reply(ctx, movement(), 'Movement Chart (MED-MOVE)')],
  }),
  terrain: sub({
    description: 'Terrain and its effect upon March Rates (MED-TERRAIN)',
    who: 'anyone',
    example: '/ref terrain',
    options: {},
    query: (_o, ctx) => [reply(ctx, terrain(), 'Terrain Chart (MED-TERRAIN)')],
  }),
  range: sub({
    description: 'Firing ranges by weapon, artillery misfires (MED-RANGE)',
    who: 'anyone',
    example: '/ref range',
    options: {},
    query: (_o, ctx) => [reply(ctx, range(), say('medieval.ref.rangeTitle'))],
  }),
  modifiers: sub({
    description: 'The modifiers of a chart, by id, for the modifiers option of /fire, /melee, /control, /morale',
    who: 'anyone',
    example: '/ref modifiers chart:fire',
    options: { chart: { kind: 'string', description: 'fire, melee, control or morale', required: true, choices: Object.keys(CHARTS) } },
    query: (o, ctx) => [reply(ctx, lines(...CHARTS[o.chart as keyof typeof CHARTS]().map(modifierLine)), say('medieval.ref.mod.title', { chart: o.chart }))],
  }),
};
