import { defineCommand, sub } from '../src/app/commands.ts';
import { matching, matchingLast, unitNames } from '../src/app/complete.ts';
import { parseModifierList } from '../src/rules/medieval/battle.ts';
import { FIRE_KINDS, MARKER_MET, namedModifiers, parseDecimal, parseFireModifiers, SHOTS } from '../src/rules/percentile/battle.ts';
import { CHART_LINES, type FireKind, type Shot } from '../src/rules/percentile/index.ts';
import { refuse } from '../src/rules/errors.ts';
import { BANDS, medievalPack, type RangeBand } from '../src/rules/medieval/index.ts';
import { parseGmModifiers } from '../src/rules/charge/battle.ts';
import { chargePack, DISCIPLINE_COLUMNS, FIRE_ROWS, type DisciplineColumn, type FireBand, type FireRow } from '../src/rules/charge/rules.ts';
import { inches } from './charge.ts';

export default defineCommand({
  name: 'fire',
  description: 'Fire a unit at an enemy unit, by the battle\'s rule system',
  subcommands: {
    medieval: sub({
      description: 'Fire by the medieval Firing Chart: range band, modifiers, kills applied (MED-FIRE, MED-RANGE)',
      who: 'player',
      example: '/fire medieval firer:"Oxford\'s Archers" target:"Norfolk\'s Billmen" range:14 unit:in modifiers:"14"',
      systems: ['medieval'],
      options: {
        firer: { kind: 'string', description: 'The firing unit', required: true, complete: unitNames },
        target: { kind: 'string', description: 'The target unit', required: true, complete: unitNames },
        range: { kind: 'string', description: 'The measured range, e.g. 14 or 7.5; rounded up (MED-RANGE)' },
        unit: { kind: 'string', description: 'The range in inches (default) or cm', choices: ['in', 'cm'] },
        band: { kind: 'string', description: 'The range band instead of a measured range', choices: BANDS },
        figures: { kind: 'integer', description: 'Figures (guns for artillery) firing; default all that can', min: 1 },
        modifiers: {
          kind: 'string',
          description: 'MED-FIRE-MOD ids, e.g. "14 16"; the log\'s are derived (/ref modifiers); a GM drops with -9',
          complete: (ctx) => matchingLast(medievalPack.fire.modifiers.map((m) => m.id), ctx.typed),
        },
        target_moving: { kind: 'boolean', description: 'The target moved this move or last (MED-FIRE-MOD.10); the log has no moves' },
        score: { kind: 'integer', description: 'Score needed for a weapon with no Firing Chart row (musket, caliver, pistol)', min: 1, max: 10 },
      },
      action: (o) => {
        let range: number | undefined;
        if (o.range !== undefined) {
          range = Number(o.range);
          if (!/^\d+(\.\d+)?$/.test(o.range.trim()) || !Number.isFinite(range)) refuse(`range must be a distance such as 14 or 7.5 (got "${o.range}").`);
        }
        return {
          type: 'MedievalFire',
          firer: o.firer,
          target: o.target,
          ...(range !== undefined ? { range } : {}),
          ...(o.unit ? { measure: o.unit as 'in' | 'cm' } : {}),
          ...(o.band ? { band: o.band as RangeBand } : {}),
          ...(o.figures !== undefined ? { figures: o.figures } : {}),
          ...(o.modifiers ? { modifiers: parseModifierList(o.modifiers, 'MED-FIRE-MOD') } : {}),
          ...(o.target_moving !== undefined ? { targetMoving: o.target_moving } : {}),
          ...(o.score !== undefined ? { score: o.score } : {}),
        };
      },
    }),
    percentile: sub({
      description: 'Fire by the percentage-dice Fire Routine; what the log knows is derived (PCT-11.15, 11.16)',
      who: 'player',
      example: '/fire percentile firer:"Foot Battery 2/6" target:"1/28th Foot" range:8 count:8 base:30',
      systems: ['percentile'],
      options: {
        firer: { kind: 'string', description: 'The firing unit', required: true, complete: unitNames },
        target: { kind: 'string', description: 'The target unit', required: true, complete: unitNames },
        range: { kind: 'string', description: 'The measured range in inches, e.g. 8 or 7.5', required: true },
        kind: { kind: 'string', description: 'normal, or out-of-phase fire (PCT-11.81-11.85); default normal', choices: FIRE_KINDS },
        count: { kind: 'integer', description: 'Figures (or cannon) that can bear, measured; 0 is refused (PCT-11.41, 11.42)', min: 0, max: 1000 },
        base: { kind: 'string', description: 'Base percent read from your Fire Chart where the pack has none (PCT-11.16.step7)' },
        row: { kind: 'string', description: 'Derived from formation, morale, zone; name only 2 or 3 rank, or your gun\'s row; else GM', complete: (ctx) => matching(CHART_LINES, ctx.typed) },
        zone: { kind: 'string', description: 'GM ruling: derived from weapon and range (PCT-11.32-11.37); a player\'s is refused', choices: ['minimum', 'maximum'] },
        modifiers: { kind: 'string', description: 'Chart modifiers by pack id (=value); night derived, indirect/roundshot checked vs roster', complete: (ctx) => matchingLast(namedModifiers(), ctx.typed) },
        shot: { kind: 'string', description: 'Artillery: the shot fired (PCT-11.15.step2); default roundshot', choices: SHOTS },
        firer_position: { kind: 'string', description: 'Firer in a building or redoubt (PCT-11.24.b, c; 11.36)', choices: ['open', 'building', 'redoubt'] },
        target_position: { kind: 'string', description: 'Target in a building or redoubt (PCT-11.61.a.9)', choices: ['open', 'building', 'redoubt'] },
        enfiladed: { kind: 'boolean', description: 'Target enfiladed, measured; never a single figure, HQ or skirmishers (PCT-11.64)' },
        gap: { kind: 'boolean', description: 'Target without a 1" gap to the unit behind (PCT-11.65)' },
        massed_battery: { kind: 'boolean', description: 'Target battery with 17+ cannon within 6", measured; batteries only (PCT-11.63)' },
        screened: { kind: 'boolean', description: 'Target behind a skirmish screen, measured; only artillery fires past it (PCT-11.46)' },
        officer: { kind: 'boolean', description: 'An enemy officer is attached to the target (PCT-11.16.step10)' },
        target_charge: { kind: 'string', description: 'GM ruling: a charge is derived from /unit charge this turn (PCT-11.83, 11.85)', choices: ['charging', 'declared-passed'] },
        artillery_officer: { kind: 'boolean', description: 'An artillery officer directs the fire: waives the two-battery limit (PCT-11.29)' },
        counterbattery: { kind: 'string', description: 'GM: the Counterbattery marker this fire places (PCT-11.76, 11.77)', choices: ['A', 'B'] },
        no_other_target: { kind: 'boolean', description: 'GM: no other possible target in range, a third battery may fire (PCT-11.28)' },
        double_supportive: { kind: 'boolean', description: 'GM: supportive fire the rules leave open is doubled or not (PCT-11.85)' },
      },
      action: (o) => ({
        type: 'PercentileFire',
        firer: o.firer,
        target: o.target,
        range: parseDecimal('range', o.range),
        kind: (o.kind ?? 'normal') as FireKind,
        ...(o.count !== undefined ? { count: o.count } : {}),
        ...(o.base !== undefined ? { base: parseDecimal('base', o.base) } : {}),
        ...(o.row ? { row: o.row } : {}),
        ...(o.zone ? { zone: o.zone as 'minimum' | 'maximum' } : {}),
        ...(o.modifiers ? { modifiers: parseFireModifiers(o.modifiers) } : {}),
        ...(o.shot ? { shot: o.shot as Shot } : {}),
        ...(o.firer_position ? { firerPosition: o.firer_position as 'open' | 'building' | 'redoubt' } : {}),
        ...(o.target_position ? { targetPosition: o.target_position as 'open' | 'building' | 'redoubt' } : {}),
        ...(o.enfiladed !== undefined ? { enfiladed: o.enfiladed } : {}),
        ...(o.gap !== undefined ? { gapUnder1: o.gap } : {}),
        ...(o.massed_battery !== undefined ? { massedBattery: o.massed_battery } : {}),
        ...(o.screened !== undefined ? { screened: o.screened } : {}),
        ...(o.officer !== undefined ? { officerAttached: o.officer } : {}),
        ...(o.target_charge ? { targetCharge: o.target_charge as 'charging' | 'declared-passed' } : {}),
        ...(o.artillery_officer !== undefined ? { artilleryOfficer: o.artillery_officer } : {}),
        ...(o.counterbattery ? { counterbattery: o.counterbattery as 'A' | 'B' } : {}),
        ...(o.no_other_target !== undefined ? { noOtherTarget: o.no_other_target } : {}),
        ...(o.double_supportive !== undefined ? { doubleSupportive: o.double_supportive } : {}),
      }),
    }),
    counterbattery: sub({
      description: 'A battery met a Counterbattery requirement on the table: its marker is removed (GM; PCT-11.76, 11.77)',
      who: 'gm',
      example: '/fire counterbattery unit:"Foot Battery 2/6" met:d',
      systems: ['percentile'],
      options: {
        unit: { kind: 'string', description: 'The battery under the marker', required: true, complete: unitNames },
        met: { kind: 'string', description: 'b pivoted, c silent / round lost (B), d limbered and retired, e limbered in place', required: true, choices: MARKER_MET },
      },
      action: (o) => ({ type: 'PercentileCounterbatteryMet', unit: o.unit, met: o.met as (typeof MARKER_MET)[number] }),
    }),
    charge: sub({
      description: 'Fire by the d10 charge rules: 1d10 + the range band\'s Effect on the result grid (FIRE-TABLE)',
      who: 'player',
      example: '/fire charge firer:"Horse Battery 3/5" target:"IR 15 Zach" row:3 block:B band:long range:12',
      systems: ['charge'],
      options: {
        firer: { kind: 'string', description: 'The firing unit', required: true, complete: unitNames },
        target: { kind: 'string', description: 'The target unit', required: true, complete: unitNames },
        row: { kind: 'string', description: 'The grid row, Half or 1-9: the source does not say what it counts', required: true, choices: FIRE_ROWS },
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
        row: o.row as FireRow,
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
      systems: ['charge'],
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
    brigade: sub({
      description: 'A volley of the acting formation, or defensive fire; casualties as given (no fire table in the source; BRG-2.2)',
      who: 'player',
      example: '/fire brigade firer:"1/45th Foot" target:"1/15e de Ligne" casualties:2',
      systems: ['brigade'],
      options: {
        firer: { kind: 'string', description: 'The firing unit, of the formation acting (or charged: BRG-3.2.4)', required: true, complete: unitNames },
        target: { kind: 'string', description: 'The enemy unit fired at', required: true, complete: unitNames },
        casualties: { kind: 'integer', description: 'Casualties inflicted, from your fire table; at most the strength it has left', required: true, min: 0, max: 1000 },
      },
      action: (o) => ({ type: 'BrigadeVolley', firer: o.firer, target: o.target, casualties: o.casualties }),
    }),
  },
});
