import { plural } from '../../messages.ts';
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
export function targetType(input: Pick<FireInput, 'firer' | 'target' | 'range' | 'gm'>): { type: 'Massed' | 'Linear'; rule: string; why: string } {
  const t = input.target;
  const m = (rule: string, why: string) => ({ type: 'Massed' as const, rule, why });
  if (t.formation === 'column' && (t.arm === 'infantry' || t.arm === 'cavalry')) return m('PCT-11.61.a.1', 'cavalry or infantry in column');
  if (t.formation === 'square' && !GUNS.includes(t.arm)) return m('PCT-11.61.a.2', 'infantry square');
  if (GUNS.includes(t.arm) && t.formation === 'limbered') return m('PCT-11.61.a.3', 'limbered battery');
  if (t.arm === 'train') return m('PCT-11.61.a.4', 'train unit');
  if (GUNS.includes(t.arm) && (t.inSquare || t.formation === 'square')) return m('PCT-11.61.a.5', 'artillery within a square (11.62)');
  if (t.massedBattery && (GUNS.includes(t.arm) || input.gm?.massedBattery)) return m('PCT-11.61.a.6', 'massed artillery battery, 17+ cannon within 6" (11.63)');
  if (t.enfiladed && (enfiladeable(t) || input.gm?.enfilade)) return m('PCT-11.61.a.7', enfiladeable(t) ? 'enfiladed (11.64)' : "enfiladed, by the GM's ruling (11.64)");
  if (t.gapUnder1) return m('PCT-11.61.a.8', 'no 1" gap between ranks of figures (11.65)');
  if (t.position === 'building' || t.position === 'redoubt') return m('PCT-11.61.a.9', `within a ${t.position}`);
  if ((input.firer.arm === 'infantry' || input.firer.arm === 'cavalry') && input.range <= 1) return m('PCT-11.61.a.10', 'infantry or cavalry fire at 1" or less (11.66)');
  const l = (rule: string, why: string) => ({ type: 'Linear' as const, rule, why });
  if (GUNS.includes(t.arm)) return l(t.crewed === false ? 'PCT-11.61.b.2' : 'PCT-11.61.b.1', t.crewed === false ? 'uncrewed battery' : 'unlimbered battery, not massed');
  if (t.formation === 'skirmish') return l('PCT-11.61.b.3', 'skirmish (open) order');
  return l('PCT-11.61.b', 'one rank of figures (line)');
}

/** The infantry/cavalry Fire Chart line (PCT-11.34 - 11.37), or null when the player must say which. */
export function chartLine(input: Pick<FireInput, 'firer' | 'zone'>): { line: ChartLine | null; rule: string; why: string } {
  const f = input.firer;
  if (f.position === 'building') return { line: 'morale disordered', rule: 'PCT-11.36', why: 'firing from a building (PCT-11.24.b, 11.36)' };
  if (f.arm === 'infantry' && f.morale === 'disordered') return { line: 'morale disordered', rule: 'PCT-11.36', why: 'morale disordered infantry' };
  if (f.formation === 'skirmish') return { line: 'skirmish', rule: 'PCT-11.37', why: 'skirmish (open) order' };
  if (input.zone === 'maximum') return { line: 'maximum range/disordered', rule: f.arm === 'cavalry' ? 'PCT-11.35' : 'PCT-11.34', why: 'Maximum Range Fire Zone' };
  if (f.formation === 'square') return { line: 'square', rule: 'PCT-11.34', why: 'square' };
  if (f.arm === 'cavalry') return { line: 'mounted cavalry', rule: 'PCT-11.35', why: 'mounted close order cavalry' };
  if (f.ranks === 2) return { line: '2 rank', rule: 'PCT-11.34', why: '2 ranks' };
  if (f.ranks === 3) return { line: '3 rank', rule: 'PCT-11.34', why: '3 ranks' };
  return { line: null, rule: 'PCT-11.34', why: 'ranks not given' };
}

/** Figures or cannon that fire (PCT-11.24, 11.41, 11.42, 11.66), or a refusal. */
export function firingCount(input: FireInput, artillery: boolean): { n: number; rule: string; label: string } | FireRefused {
  const f = input.firer;
  const s = f.strength;
  const c = input.count;
  // PCT-11.41: a unit with no figure (or cannon) bearing does not fire; the half-unit minimum is for a unit that can.
  if (c === 0) return { status: 'refused', rule: artillery ? 'PCT-11.42' : 'PCT-11.41', reason: `count:0: no ${artillery ? 'cannon' : 'figure'} can bear on the target, so the unit cannot fire at it (${artillery ? 'PCT-11.42' : 'PCT-11.41'}).` };
  if (f.position === 'building' || f.position === 'redoubt') {
    return { n: s, rule: f.position === 'building' ? 'PCT-11.24.b' : 'PCT-11.24.c', label: `all ${s} ${artillery ? 'cannon' : 'figures'} in the ${f.position} fire` };
  }
  if (f.formation === 'square') {
    const third = Math.ceil(s / 3);
    const n = c === undefined ? third : Math.min(third, c);
    const rule = artillery ? 'PCT-11.42.d' : 'PCT-11.24.a';
    return { n, rule, label: `square: ${s}/3 rounded up = ${third}${c !== undefined && c < third ? `, limited to the ${c} that can fire (PCT-11.41.b)` : ''}` };
  }
  if (c === undefined) return { status: 'refused', rule: artillery ? 'PCT-11.15.step4' : 'PCT-11.16.step3', reason: `Give the number of ${artillery ? 'cannon' : 'figures'} that can bear on the target (count:).` };
  if (c > s) return { status: 'refused', rule: 'PCT-11.27', reason: `Only ${s} ${artillery ? 'cannon' : 'figures'} are in the unit; ${c} cannot fire (PCT-11.27).` };
  if (artillery) {
    if (c < s) return { status: 'refused', rule: 'PCT-11.15.step4', reason: `All cannon of the battery must be able to bear on the target: ${c} of ${s} do (PCT-11.15.step4).` };
    return { n: s, rule: 'PCT-11.15.step6', label: `${s} cannon firing` };
  }
  if (f.formation === 'skirmish') return { n: c, rule: 'PCT-11.41.c', label: `${c} skirmish figures within weapon range` };
  const half = Math.ceil(s / 2);
  if (c < half) {
    const rule = input.range <= 1 ? 'PCT-11.66' : 'PCT-11.41.a';
    return { n: half, rule, label: `${c} in the angle, raised to the minimum of half the unit, ${s}/2 rounded up = ${half}` };
  }
  return { n: c, rule: 'PCT-11.16.step3', label: `${plural(c, 'figure')} within the angle and range` };
}

/**
 * PCT-ALGO step 6: the doubling of 11.81, 11.83, 11.84, 11.85; null = not given in source, asked of the
 * GM unless the battle's house rule (`house`: supportive.cavalry, supportive.artillery-other) says.
 */
export function doubling(
  input: Pick<FireInput, 'kind' | 'firer' | 'target' | 'gm'>,
  house: Pick<FireRules, 'supportive' | 'house'> = {},
): { factor: 1 | 2; rule: string; why: string } | { factor: null; rule: string; question: string; house?: string } | { rule: string; reason: string } {
  const artillery = ARTILLERY.includes(input.firer.arm);
  const t = input.target;
  const chargingCavalry = t.arm === 'cavalry' && (t.charging === true || t.declaredChargePassed === true);
  switch (input.kind) {
    case 'normal':
      return { factor: 1, rule: 'PCT-11.15.step9', why: 'normal fire' };
    case 'opportunity':
      return { factor: 2, rule: 'PCT-11.81', why: 'opportunity fire is doubled' };
    case 'passby':
      if (artillery && chargingCavalry) {
        return { factor: 1, rule: 'PCT-11.83.exception.a', why: 'artillery passby fire at charging cavalry, or cavalry that declared its charge and passed its morale check, is not doubled' };
      }
      return { factor: 2, rule: 'PCT-11.83', why: 'passby fire is doubled' };
    case 'final-shock':
      return { factor: 2, rule: 'PCT-11.84', why: 'final shock combat fire is doubled' };
    case 'supportive': {
      if (input.firer.arm === 'infantry') return { factor: 2, rule: 'PCT-11.85', why: 'infantry supportive fire is doubled' };
      if (artillery && chargingCavalry) return { factor: 1, rule: 'PCT-11.85', why: 'artillery supportive fire at charge-movement or declared-charge cavalry is normal' };
      if (artillery && (t.arm === 'infantry' || t.arm === 'cavalry')) {
        return { factor: 2, rule: 'PCT-11.85', why: `artillery supportive fire at ${t.arm === 'infantry' ? 'infantry' : 'non-charge-movement cavalry'} is doubled` };
      }
      const who = artillery ? `artillery supportive fire at ${t.arm}` : `${input.firer.arm} supportive fire`;
      const key = artillery ? 'supportive.artillery-other' : input.firer.arm === 'cavalry' ? 'supportive.cavalry' : undefined;
      const set = artillery ? house.supportive?.artilleryOther : input.firer.arm === 'cavalry' ? house.supportive?.cavalry : undefined;
      if (key && set !== undefined) {
        const word = (d: boolean) => (d ? 'doubled' : 'normal');
        if (input.gm?.doubleSupportive !== undefined && input.gm.doubleSupportive !== set) {
          return { rule: 'PCT-11.85', reason: `${key} is ${word(set)} in this battle (${house.house?.[key] ?? 'house rule'}); /house set changes it, not double_supportive.` };
        }
        return { factor: set ? 2 : 1, rule: 'PCT-11.85', why: `${who} is ${set ? 'doubled' : 'not doubled'} (${house.house?.[key] ?? 'house rule'})` };
      }
      if (input.gm?.doubleSupportive !== undefined) {
        return { factor: input.gm.doubleSupportive ? 2 : 1, rule: 'PCT-11.85', why: `${who}: ${input.gm.doubleSupportive ? 'doubled' : 'not doubled'} by the GM's ruling (the rules do not say)` };
      }
      return { factor: null, rule: 'PCT-11.85', question: `The rules do not say whether ${who} is doubled (PCT-11.85): the GM rules doubled or not.`, ...(key ? { house: key } : {}) };
    }
  }
}
