import { defineCommand, sub } from '../src/app/commands.ts';
import { reply } from '../src/app/replies.ts';
import { derivedFrom, medievalPack as pack, signed, type PackModifier } from '../src/rules/medieval/index.ts';
import { chargePack } from '../src/rules/charge/rules.ts';

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

function range(): string {
  const r = pack.range;
  return [
    `Range to target${r.roundedUp ? ' (rounded up)' : ''}: short / medium / long`,
    ...r.weapons.map((w) => `${w.id} ${w.weapons.join(', ')}: short to ${dist(w.short)}, medium to ${dist(w.medium)}, long to ${dist(w.long)}${w.artillery ? ' (artillery)' : ''}`),
    '',
    `${r.misfire.rule} ${r.misfire.note}`,
    `${r.explosionDistance.rule} Explosion distance from the gun's base: ${r.explosionDistance['25mm'].in}" (25mm figures), ${r.explosionDistance['15mm'].in}" (15mm figures).`,
  ].join('\n');
}

const CHARTS = {
  fire: () => pack.fire.modifiers,
  melee: () => pack.melee.modifiers,
  control: () => pack.control.modifiers,
  morale: () => pack.morale.modifiers,
} as const;

const byUmpire = (m: PackModifier) => {
  const from = derivedFrom(m);
  if (from) return ` — derived by the umpire from ${from}; a player may not claim or drop it, a GM may rule (${m.id.replace(/^.*\./, '')} to add, -${m.id.replace(/^.*\./, '')} to drop)`;
  return m.derivable ? ' — set from the command option, not given here' : '';
};
const modifierLine = (m: PackModifier) => `${m.id} ${m.text}: ${m.value === null ? '? (give it as id=+n)' : signed(m.value)}${m.each ? ' each (give a count as idxN)' : ''}${byUmpire(m)}`;

/** MOVE-RATES of the d10 charge rules: Road, Column, Line for foot and horse (the other three columns cannot be matched), artillery. */
function chargeRates(): string {
  const r = chargePack.movement.rates;
  const d = (v: number | null) => (v === null ? 'illegible' : `${v}"`);
  return [
    'MOVE-RATES.FOOT-HORSE: road / column / line; then the printed values General, Square and Charge cannot be matched to',
    ...r.footHorse.map((x) => `${x.arm}: road ${d(x.road)}, column ${d(x.column)}, line ${d(x.line)}; unassigned ${x.unassigned.join(', ') || 'none'}${x.uncertain ? ` [reading uncertain: ${x.uncertain}]` : ''}`),
    r.unassignedNote,
    '',
    'MOVE-RATES.ART: road / field / limber+move or move+unlimber / move+unlimber+fire / limber+move+unlimber+fire / prolong',
    ...r.artillery.map((x) => {
      const ap = (k: string) => (x.ap?.[k] !== undefined ? ` (${x.ap[k]} AP)` : '');
      const v = (k: 'moveUnlimberFire' | 'limberMoveUnlimberFire', n: number | null) => (n === null ? (x.printed?.[k] ?? 'NA') : `${n}"${ap(k)}`);
      return `${x.gun}: ${x.road}", ${x.field}", ${x.limberMoveOrMoveUnlimber}", ${v('moveUnlimberFire', x.moveUnlimberFire)}, ${v('limberMoveUnlimberFire', x.limberMoveUnlimberFire)}, ${x.prolong}"`;
    }),
  ].join('\n');
}

export default defineCommand({
  name: 'ref',
  description: 'The medieval charts for players measuring on the table',
  subcommands: {
    movement: sub({
      description: 'March Rates of troops and artillery (MED-MOVE)',
      who: 'anyone',
      example: '/ref movement',
      systems: ['medieval'],
      options: {},
      query: (_o, ctx) => [reply(ctx, movement(), 'Movement Chart (MED-MOVE)')],
    }),
    terrain: sub({
      description: 'Terrain and its effect upon March Rates (MED-TERRAIN)',
      who: 'anyone',
      example: '/ref terrain',
      systems: ['medieval'],
      options: {},
      query: (_o, ctx) => [reply(ctx, terrain(), 'Terrain Chart (MED-TERRAIN)')],
    }),
    range: sub({
      description: 'Firing ranges by weapon, artillery misfires (MED-RANGE)',
      who: 'anyone',
      example: '/ref range',
      systems: ['medieval'],
      options: {},
      query: (_o, ctx) => [reply(ctx, range(), 'Firing Ranges Chart (MED-RANGE)')],
    }),
    modifiers: sub({
      description: 'The modifiers of a chart, by id, for the modifiers option of /fire, /melee, /control, /morale',
      who: 'anyone',
      example: '/ref modifiers chart:fire',
      systems: ['medieval'],
      options: { chart: { kind: 'string', description: 'fire, melee, control or morale', required: true, choices: Object.keys(CHARTS) } },
      query: (o, ctx) => [reply(ctx, CHARTS[o.chart as keyof typeof CHARTS]().map(modifierLine).join('\n'), `Modifiers: ${o.chart}`)],
    }),
    rates: sub({
      description: 'Movement rates of the d10 charge rules, as far as the source is legible (MOVE-RATES)',
      who: 'anyone',
      example: '/ref rates',
      systems: ['charge'],
      options: {},
      query: (_o, ctx) => [reply(ctx, chargeRates(), 'Movement rates (MOVE-RATES)')],
    }),
  },
});
