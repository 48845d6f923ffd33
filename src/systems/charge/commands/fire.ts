import { sub } from '../../../app/slash/commands.ts';
import { unitNames } from '../../../app/slash/complete.ts';
import { parseGmModifiers } from '../battle/parse.ts';
import { chargePack, DISCIPLINE_COLUMNS, FIRE_ROWS, type DisciplineColumn, type FireBand, type FireRow } from '../rules.ts';
import { inches } from './charge.ts';

export const fire = {
  charge: sub({
    description: "Fire by the d10 charge rules: 1d10 + the band's Effect; row and effect by house rules (FIRE-TABLE)",
    who: 'player',
    example: '/fire charge firer:"Horse Battery 3/5" target:"IR 15 Zach" block:B band:long range:12',
    options: {
      firer: { kind: 'string', description: 'The firing unit', required: true, complete: unitNames },
      target: { kind: 'string', description: 'The target unit', required: true, complete: unitNames },
      row: { kind: 'string', description: 'The grid row, Half or 1-9: counted on the table if house rule fire.row says so; else GM', choices: FIRE_ROWS },
      block: { kind: 'string', description: 'Range block of FIRE-TABLE.RANGE (1, 2 small arms; A-D artillery; E Austrian guns)', choices: chargePack.fire.blocks.map((b) => b.id) },
      band: { kind: 'string', description: 'Range band of the block: range only matters during approach fire', choices: ['close action', 'cannister', 'short ball', 'long', 'extreme'] },
      range: { kind: 'string', description: 'The measured range in inches, checked against the band' },
      modifiers: { kind: 'string', description: 'GM: other modifiers, the source lists none: "label=+1, other=-1"' },
      cell: { kind: 'integer', description: 'GM: the grid cell where it is illegible (row 2)', min: 0, max: 100 },
      effect: { kind: 'integer', description: "GM: the band's Effect where it is illegible", min: -20, max: 20 },
      below_zero: { kind: 'string', description: 'GM: a roll below 0 is no effect or reads column 0 (FIRE-TABLE.NOTES)', choices: ['no-effect', 'column-0'] },
    },
    action: (o) => ({
      type: 'ChargeFire',
      firer: o.firer,
      target: o.target,
      ...(o.row !== undefined ? { row: o.row as FireRow } : {}),
      ...(o.block !== undefined ? { block: o.block } : {}),
      ...(o.band !== undefined ? { band: o.band as FireBand['band'] } : {}),
      ...(o.range !== undefined ? { distance: inches('range', o.range) } : {}),
      ...(o.modifiers !== undefined ? { modifiers: parseGmModifiers(o.modifiers, 'FIRE-TABLE') } : {}),
      ...(o.cell !== undefined ? { cell: o.cell } : {}),
      ...(o.effect !== undefined ? { effect: o.effect } : {}),
      ...(o.below_zero !== undefined ? { belowZero: o.below_zero as 'no-effect' | 'column-0' } : {}),
    }),
  }),
  discipline: sub({
    description: 'Fire Discipline: the roll in the Normal, Smoke or Firefight column; natural 9 and 10 cost AP (FIRE-DISCIPLINE)',
    who: 'player',
    example: '/fire discipline unit:"3e de Ligne" column:normal die:10',
    options: {
      unit: { kind: 'string', description: 'The unit', required: true, complete: unitNames },
      column: { kind: 'string', description: 'Normal, Smoke or Firefight, as it stands on the table', required: true, choices: DISCIPLINE_COLUMNS },
      die: { kind: 'integer', description: 'GM: the die, not named in the source (pack fireDiscipline.die)', min: 2, max: 100 },
      modifiers: { kind: 'string', description: 'GM: modifiers, the source lists none: "label=+1"' },
      cell: { kind: 'string', description: 'GM: the result where the cell is illegible, e.g. free, FF, 2" fire' },
    },
    action: (o) => ({
      type: 'ChargeFireDiscipline',
      unit: o.unit,
      column: o.column as DisciplineColumn,
      ...(o.die !== undefined ? { die: o.die } : {}),
      ...(o.modifiers !== undefined ? { modifiers: parseGmModifiers(o.modifiers, 'FIRE-DISCIPLINE') } : {}),
      ...(o.cell !== undefined ? { cell: o.cell } : {}),
    }),
  }),
};
