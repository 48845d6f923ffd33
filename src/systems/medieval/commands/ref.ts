import { sub } from '../../../app/slash/commands.ts';
import { reply } from '../../../app/slash/replies.ts';
import { joinedBy, lines, say, type Text } from '../../../i18n/text.ts';
import { packText, rowText, weaponText } from '../words.ts';
import { derivedFrom, medievalPack as pack, signed, type PackModifier } from '../index.ts';

/** The pack's charts as text, for players measuring on the table (queries: nothing is logged). */
const noted = (kind: 'troopsNote' | 'terrainNote', id: string, n?: string): Text => (n ? say('medieval.ref.note', { note: packText(kind, id, n) }) : '');

function movement(): Text {
  const m = pack.movement;
  return lines(
    say('medieval.ref.moveHead', { bonusFor: packText('bonusFor', 'movement', m.bonusFor) }),
    ...m.troops.map((t) =>
      say('medieval.ref.moveRow', {
        id: t.id,
        troops: packText('troops', t.id, t.troopType),
        classes: t.classes.join('/'),
        line: distance(t.line),
        column: distance(t.column),
        bonus: distance(t.bonus),
        note: noted('troopsNote', t.id, t.note),
      }),
    ),
    '',
    say('medieval.ref.artilleryHead'),
    ...m.artillery.map((a) =>
      say('medieval.ref.artilleryRow', {
        id: a.id,
        type: packText('artillery', a.id, a.type),
        limbered: distance(a.limbered),
        manhandled: distance(a.manhandled),
        time: packText('artilleryTime', a.id, a.limberOrUnlimber),
        road: distance(a.roadBonus),
      }),
    ),
  );
}

const numbered = (n: number, text: Text): Text => say('medieval.ref.numbered', { n: String(n), text });

function terrain(): Text {
  const t = pack.terrain;
  return lines(
    say('medieval.ref.terrainColumns', { columns: joinedBy(t.columns.map((c, i) => numbered(i + 1, packText('terrainColumn', String(i + 1), c))), '; ') }),
    ...t.rows.map((r) =>
      say('medieval.ref.terrainRow', {
        id: r.id,
        feature: packText('terrain', r.id, r.feature),
        cells: joinedBy(r.cells.map((c, i) => numbered(i + 1, c === null ? say('medieval.ref.nonePrinted') : packText('terrainCell', `${r.id}.${i + 1}`, c))), '; '),
        note: noted('terrainNote', r.id, r.note),
      }),
    ),
    '',
    ...t.footnotes.map((f) => say('medieval.ref.footnote', { id: f.id, mark: f.mark || 'none', text: packText('footnote', f.id, f.text) })),
    say('medieval.ref.terrainCost', { id: 'MED-TERRAIN.12', costs: joinedBy(t.cost.map((c) => say('medieval.ref.cost', { rate: c.marchRate, cm: c.cmCountsAs })), '; ') }),
  );
}

const distance = (d: { cm: number | null; in: number }): Text => (d.cm === null ? `${d.in}"` : say('medieval.ref.cmInches', { cm: d.cm, inches: d.in }));

function range(): Text {
  const r = pack.range;
  return lines(
    say('medieval.ref.rangeHead', { rounded: r.roundedUp ? 'yes' : 'no' }),
    ...r.weapons.map((w) =>
      say('medieval.ref.rangeRow', {
        id: w.id,
        weapons: joinedBy(w.weapons.map(weaponText), ', '),
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
const modifierLine = (m: PackModifier): Text => say('medieval.ref.mod.line', { id: m.id, text: rowText('modifier', m), value: value(m), each: each(m), by: byUmpire(m) });

/** The medieval charts for players measuring on the table, added to the core's /ref. */
export const ref = {
  movement: sub({
    description: 'March Rates of troops and artillery (MED-MOVE)',
    who: 'anyone',
    example: '/ref movement',
    options: {},
    query: (_o, ctx) => [reply(ctx, movement(), say('medieval.ref.moveTitle'))],
  }),
  terrain: sub({
    description: 'Terrain and its effect upon March Rates (MED-TERRAIN)',
    who: 'anyone',
    example: '/ref terrain',
    options: {},
    query: (_o, ctx) => [reply(ctx, terrain(), say('medieval.ref.terrainTitle'))],
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
