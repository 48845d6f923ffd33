import { sub } from '../../../app/slash/commands.ts';
import { labelled, matching, matchingLastCode, unitNames } from '../../../app/slash/complete.ts';
import { quoted } from '../../../app/slash/examples.ts';
import { MARKER_MET } from '../battle/counterbattery.ts';
import { FIRE_KINDS, SHOTS } from '../battle/fire.ts';
import { namedModifiers, parseDecimal, parseFireModifiers } from '../battle/parse.ts';
import { phaseOf } from '../battle/phase.ts';
import { cannonOf, figuresNow, isGuns, status } from '../battle/state.ts';
import { CHART_LINES, modifierLabel, percentilePack, type FireKind, type Shot } from '../index.ts';
import { FALLBACK } from '../../../i18n/locales.ts';
import { word } from '../../../i18n/text.ts';

export const fire = {
  percentile: sub({
    description: 'Fire by the percentage-dice Fire Routine; what the log knows is derived (PCT-11.15, 11.16)',
    who: 'player',
    example: '/fire percentile firer:"Foot Battery 2/6" target:"1/28th Foot" range:8 count:8 base:30',
    // The reader's units that may fire now at an enemy in reach: a battery with all its cannon bearing,
    // beyond its Minimum Range Fire Zone in the artillery phase; foot within a musket's reach in the
    // infantry phase (PCT-11.15.step4, 11.22, 11.32, 11.34); final shock fire at close range in the
    // Shock Combat Phase (PCT-11.84).
    exampleFor: ({ state: s, units, enemies }) => {
      const phase = phaseOf(s.position).id;
      const at = phase === 'shock-combat' ? ['range:1 kind:final-shock'] : ['range:8', 'range:3'];
      const firing = phase === 'reciprocal-artillery-fire' ? units.filter(isGuns) : phase === 'reciprocal-infantry-fire' ? units.filter((u) => !isGuns(u)) : units;
      return firing.slice(0, 40).flatMap((u) => {
        const count = isGuns(u) ? cannonOf(s, u) : Math.min(4, figuresNow(s, u));
        return count > 0 ? at.flatMap((given) => enemies(u).slice(0, 2).map((e) => `/fire percentile firer:${quoted(u.name)} target:${quoted(e.name)} ${given} count:${count} base:30`)) : [];
      });
    },
    options: {
      firer: { kind: 'string', description: 'The firing unit', required: true, complete: unitNames },
      target: { kind: 'string', description: 'The target unit', required: true, complete: unitNames },
      range: { kind: 'string', description: 'The measured range in inches, e.g. 8 or 7.5', required: true },
      kind: { kind: 'string', description: 'normal, or out-of-phase fire (PCT-11.81-11.85); default normal', choices: FIRE_KINDS },
      count: { kind: 'integer', description: 'Figures (or cannon) that can bear, measured; 0 is refused (PCT-11.41, 11.42)', min: 0, max: 1000 },
      base: { kind: 'string', description: 'Base percent read from your Fire Chart where the pack has none (PCT-11.16.step7)' },
      row: { kind: 'string', description: 'Derived from formation, morale, zone; name only 2 or 3 rank, or your gun\'s row; else GM', complete: (ctx) => matching(CHART_LINES, ctx.typed) },
      zone: { kind: 'string', description: 'GM ruling: derived from weapon and range (PCT-11.32-11.37); a player\'s is refused', choices: ['minimum', 'maximum'] },
      modifiers: { kind: 'string', description: 'Chart modifiers by pack id (=value); night derived, indirect/roundshot checked vs roster', ...labelled((ctx) => matchingLastCode(percentilePack.fire.modifiers.filter((m) => namedModifiers().includes(m.id)).map((m) => ({ id: m.id, text: `${word(modifierLabel(m), ctx.locale ?? FALLBACK)} (${m.rule})` })), ctx.typed)) },
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
    // A battery under a Counterbattery marker (PCT-11.76, 11.77).
    exampleFor: ({ state: s, units }) => units.filter((u) => status(s, u.id).markers?.length).map((u) => `/fire counterbattery unit:${quoted(u.name)} met:d`),
    options: {
      unit: { kind: 'string', description: 'The battery under the marker', required: true, complete: unitNames },
      met: { kind: 'string', description: 'b pivoted, c silent / round lost (B), d limbered and retired, e limbered in place', required: true, choices: MARKER_MET },
    },
    action: (o) => ({ type: 'PercentileCounterbatteryMet', unit: o.unit, met: o.met as (typeof MARKER_MET)[number] }),
  }),
};
