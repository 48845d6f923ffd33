import { say, type Text } from '../../i18n/text.ts';
import type { ChartLine } from './fire-pack.ts';
import { ARTILLERY, GUNS, type FireInput, type FireRules } from './fire-input.ts';
import type { FireRefused } from './fire-outcome.ts';

/**
 * Reading the Fire Chart for one attack: the target type (its column, with whether the target can be
 * enfiladed), the chart line, the figures or cannon that fire (its count) and the doubling of
 * out-of-phase fire.
 */

/** PCT-11.64: only linear multi-figure formations; never a single figure, a headquarters base or skirmish order. */
export function enfiladeable(t: FireInput['target']): boolean {
  return t.formation !== 'skirmish' && t.arm !== 'hq' && (t.figures ?? t.strength) > 1;
}

/** PCT-11.61 (and 11.62-11.66): Massed or Linear, from the target's formation and what was measured. */
export function targetType(input: Pick<FireInput, 'firer' | 'target' | 'range' | 'gm'>): { type: 'Massed' | 'Linear'; rule: string; why: Text } {
  const t = input.target;
  const why = (w: string, position = '') => say('percentile.chart.targetWhy', { why: w, position });
  const m = (rule: string, w: Text) => ({ type: 'Massed' as const, rule, why: w });
  if (t.formation === 'column' && (t.arm === 'infantry' || t.arm === 'cavalry')) return m('PCT-11.61.a.1', why('column'));
  if (t.formation === 'square' && !GUNS.includes(t.arm)) return m('PCT-11.61.a.2', why('square'));
  if (GUNS.includes(t.arm) && t.formation === 'limbered') return m('PCT-11.61.a.3', why('limbered'));
  if (t.arm === 'train') return m('PCT-11.61.a.4', why('train'));
  if (GUNS.includes(t.arm) && (t.inSquare || t.formation === 'square')) return m('PCT-11.61.a.5', why('inSquare'));
  if (t.massedBattery && (GUNS.includes(t.arm) || input.gm?.massedBattery)) return m('PCT-11.61.a.6', why('massedBattery'));
  if (t.enfiladed && (enfiladeable(t) || input.gm?.enfilade)) return m('PCT-11.61.a.7', why(enfiladeable(t) ? 'enfiladed' : 'enfiladedGm'));
  if (t.gapUnder1) return m('PCT-11.61.a.8', why('gap'));
  if (t.position === 'building' || t.position === 'redoubt') return m('PCT-11.61.a.9', why('position', t.position));
  if ((input.firer.arm === 'infantry' || input.firer.arm === 'cavalry') && input.range <= 1) return m('PCT-11.61.a.10', why('close'));
  const l = (rule: string, w: Text) => ({ type: 'Linear' as const, rule, why: w });
  if (GUNS.includes(t.arm)) return l(t.crewed === false ? 'PCT-11.61.b.2' : 'PCT-11.61.b.1', why(t.crewed === false ? 'uncrewed' : 'unlimbered'));
  if (t.formation === 'skirmish') return l('PCT-11.61.b.3', why('skirmish'));
  return l('PCT-11.61.b', why('line'));
}

/** The infantry/cavalry Fire Chart line (PCT-11.34 - 11.37), or null when the player must say which. */
export function chartLine(input: Pick<FireInput, 'firer' | 'zone'>): { line: ChartLine | null; rule: string; why: Text } {
  const f = input.firer;
  const why = (w: string) => say('percentile.chart.lineWhy', { why: w });
  if (f.position === 'building') return { line: 'morale disordered', rule: 'PCT-11.36', why: why('building') };
  if (f.arm === 'infantry' && f.morale === 'disordered') return { line: 'morale disordered', rule: 'PCT-11.36', why: why('disordered') };
  if (f.formation === 'skirmish') return { line: 'skirmish', rule: 'PCT-11.37', why: why('skirmish') };
  if (input.zone === 'maximum') return { line: 'maximum range/disordered', rule: f.arm === 'cavalry' ? 'PCT-11.35' : 'PCT-11.34', why: why('maximum') };
  if (f.formation === 'square') return { line: 'square', rule: 'PCT-11.34', why: why('square') };
  if (f.arm === 'cavalry') return { line: 'mounted cavalry', rule: 'PCT-11.35', why: why('cavalry') };
  if (f.ranks === 2) return { line: '2 rank', rule: 'PCT-11.34', why: why('two') };
  if (f.ranks === 3) return { line: '3 rank', rule: 'PCT-11.34', why: why('three') };
  return { line: null, rule: 'PCT-11.34', why: why('none') };
}

/** Figures or cannon that fire (PCT-11.24, 11.41, 11.42, 11.66), or a refusal. */
export function firingCount(input: FireInput, artillery: boolean): { n: number; rule: string; label: Text } | FireRefused {
  const f = input.firer;
  const s = f.strength;
  const c = input.count;
  // PCT-11.41: a unit with no figure (or cannon) bearing does not fire; the half-unit minimum is for a unit that can.
  if (c === 0) return { status: 'refused', rule: artillery ? 'PCT-11.42' : 'PCT-11.41', reason: say('percentile.count.none', { guns: artillery ? 'yes' : 'no', rule: artillery ? 'PCT-11.42' : 'PCT-11.41' }) };
  if (f.position === 'building' || f.position === 'redoubt') {
    return { n: s, rule: f.position === 'building' ? 'PCT-11.24.b' : 'PCT-11.24.c', label: say('percentile.count.all', { s: String(s), guns: artillery ? 'yes' : 'no', position: f.position }) };
  }
  if (f.formation === 'square') {
    const third = Math.ceil(s / 3);
    const n = c === undefined ? third : Math.min(third, c);
    const rule = artillery ? 'PCT-11.42.d' : 'PCT-11.24.a';
    const limited = c !== undefined && c < third;
    return { n, rule, label: say('percentile.count.square', { s: String(s), third: String(third), limited: limited ? 'yes' : 'no', c: String(c) }) };
  }
  if (c === undefined) return { status: 'refused', rule: artillery ? 'PCT-11.15.step4' : 'PCT-11.16.step3', reason: say('percentile.count.give', { guns: artillery ? 'yes' : 'no', rule: artillery ? 'PCT-11.15.step4' : 'PCT-11.16.step3' }) };
  if (c > s) return { status: 'refused', rule: 'PCT-11.27', reason: say('percentile.count.tooMany', { s: String(s), guns: artillery ? 'yes' : 'no', c: String(c) }) };
  if (artillery) {
    if (c < s) return { status: 'refused', rule: 'PCT-11.15.step4', reason: say('percentile.count.allCannon', { c: String(c), s: String(s) }) };
    return { n: s, rule: 'PCT-11.15.step6', label: say('percentile.count.battery', { s: String(s) }) };
  }
  if (f.formation === 'skirmish') return { n: c, rule: 'PCT-11.41.c', label: say('percentile.count.skirmish', { c: String(c) }) };
  const half = Math.ceil(s / 2);
  if (c < half) {
    const rule = input.range <= 1 ? 'PCT-11.66' : 'PCT-11.41.a';
    return { n: half, rule, label: say('percentile.count.half', { c: String(c), s: String(s), half: String(half) }) };
  }
  return { n: c, rule: 'PCT-11.16.step3', label: say('percentile.count.angle', { c }) };
}

/**
 * PCT-ALGO step 6: the doubling of 11.81, 11.83, 11.84, 11.85; null = not given in source, asked of the
 * GM unless the battle's house rule (`house`: supportive.cavalry, supportive.artillery-other) says.
 */
export function doubling(
  input: Pick<FireInput, 'kind' | 'firer' | 'target' | 'gm'>,
  house: Pick<FireRules, 'supportive' | 'house'> = {},
): { factor: 1 | 2; rule: string; why: Text } | { factor: null; rule: string; question: Text; house?: string } | { rule: string; reason: Text } {
  const artillery = ARTILLERY.includes(input.firer.arm);
  const t = input.target;
  const chargingCavalry = t.arm === 'cavalry' && (t.charging === true || t.declaredChargePassed === true);
  const why = (w: string) => say('percentile.double.why', { why: w });
  switch (input.kind) {
    case 'normal':
      return { factor: 1, rule: 'PCT-11.15.step9', why: why('normal') };
    case 'opportunity':
      return { factor: 2, rule: 'PCT-11.81', why: why('opportunity') };
    case 'passby':
      if (artillery && chargingCavalry) {
        return { factor: 1, rule: 'PCT-11.83.exception.a', why: why('passbyCharging') };
      }
      return { factor: 2, rule: 'PCT-11.83', why: why('passby') };
    case 'final-shock':
      return { factor: 2, rule: 'PCT-11.84', why: why('finalShock') };
    case 'supportive': {
      if (input.firer.arm === 'infantry') return { factor: 2, rule: 'PCT-11.85', why: why('infantry') };
      if (artillery && chargingCavalry) return { factor: 1, rule: 'PCT-11.85', why: why('artilleryCharging') };
      if (artillery && (t.arm === 'infantry' || t.arm === 'cavalry')) {
        return { factor: 2, rule: 'PCT-11.85', why: why(t.arm === 'infantry' ? 'artilleryInfantry' : 'artilleryCavalry') };
      }
      const who = say('percentile.double.who', { artillery: artillery ? 'yes' : 'no', arm: artillery ? t.arm : input.firer.arm });
      const key = artillery ? 'supportive.artillery-other' : input.firer.arm === 'cavalry' ? 'supportive.cavalry' : undefined;
      const set = artillery ? house.supportive?.artilleryOther : input.firer.arm === 'cavalry' ? house.supportive?.cavalry : undefined;
      if (key && set !== undefined) {
        const note = house.house?.[key] ?? say('percentile.double.houseRule');
        if (input.gm?.doubleSupportive !== undefined && input.gm.doubleSupportive !== set) {
          return { rule: 'PCT-11.85', reason: say('percentile.double.houseSet', { key, set: set ? 'yes' : 'no', note }) };
        }
        return { factor: set ? 2 : 1, rule: 'PCT-11.85', why: say('percentile.double.byHouse', { who, set: set ? 'yes' : 'no', note }) };
      }
      if (input.gm?.doubleSupportive !== undefined) {
        return { factor: input.gm.doubleSupportive ? 2 : 1, rule: 'PCT-11.85', why: say('percentile.double.byGm', { who, doubled: input.gm.doubleSupportive ? 'yes' : 'no' }) };
      }
      return { factor: null, rule: 'PCT-11.85', question: say('percentile.double.ask', { who }), ...(key ? { house: key } : {}) };
    }
  }
}
