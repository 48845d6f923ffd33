import { refuse } from '../../rules/errors.ts';
import { say } from '../../i18n/text.ts';
import type { Wanted } from './modifiers.ts';
import type { AttackerKey, ChargeRulesPack, DefenderKey } from './pack-schema.ts';
import { houseHolds, type Noted } from './sourced.ts';

/**
 * "Mass... 1.5x +2, 2x +3, 3x +4, 4x +5" (CHG-ATT-MOD.8-11, CHG-DEF-MOD.4-7): the values are
 * printed, but "Mass..." is not defined. The battle's house rule `mass` picks the reading: the
 * figures' ratio, none, or the GM's per charge. Until one is chosen no reading applies: the charge
 * is refused, naming them, unless a GM gives the multiple with it.
 */

export type MassReading = 'ratio' | 'none' | 'gm';
export const MASS_MULTIPLES = ['1.5x', '2x', '3x', '4x'] as const;
/** A GM's Mass for one charge: which side has the multiple, or none. */
export const MASS_CHOICES = ['none', ...(['attacker', 'defender'] as const).flatMap((side) => MASS_MULTIPLES.map((m) => `${side} ${m}` as const))] as const;
export type MassChoice = (typeof MASS_CHOICES)[number];

const RULES = 'CHG-ATT-MOD.8-11, CHG-DEF-MOD.4-7';

export interface MassRows {
  attacker: Wanted<AttackerKey>[];
  defender: Wanted<DefenderKey>[];
  /** The reading used, for the working. */
  step: string;
}

/** The highest multiple of the other side's figures this side reaches, by the Mass rows' `ratio`. */
function ratioKey<K extends string>(own: number, other: number, rows: readonly { key: K; ratio?: number | undefined }[]): K | null {
  let best: { key: K; ratio: number } | null = null;
  for (const r of rows) if (r.ratio !== undefined && own >= r.ratio * other && (!best || r.ratio > best.ratio)) best = { key: r.key, ratio: r.ratio };
  return best?.key ?? null;
}

const keyOf = (multiple: string) => `mass${multiple.replace(/x$/, '')}` as AttackerKey & DefenderKey;

export function massRows(x: { attackerFigures: number; defenderFigures: number; reading?: Noted<MassReading>; gm?: MassChoice; pack: ChargeRulesPack }): MassRows {
  const { reading, gm } = x;
  if (gm !== undefined && !MASS_CHOICES.includes(gm)) refuse(say('charge.mass.choices', { choices: MASS_CHOICES.join(', '), got: gm, rule: RULES }));
  if (reading && reading.value !== 'gm' && gm !== undefined) refuse(houseHolds(`Mass... (${RULES})`, 'mass', `read as ${reading.value}`, reading.note));
  const cited = reading ? `mass: ${reading.value}, ${reading.note}` : '';
  if (reading?.value === 'none') return { attacker: [], defender: [], step: `Mass...: no Mass row applies (${cited}) (${RULES}).` };
  if (reading?.value === 'ratio') {
    const a = ratioKey(x.attackerFigures, x.defenderFigures, x.pack.charge.attackerModifiers);
    const d = ratioKey(x.defenderFigures, x.attackerFigures, x.pack.charge.defenderModifiers);
    const step = `Mass...: the figures' ratio, ${x.attackerFigures} against ${x.defenderFigures}${a || d ? '' : ', neither side reaches 1.5x'} (${cited}) (${RULES}).`;
    return { attacker: a ? [{ key: a, by: 'unit', note: cited }] : [], defender: d ? [{ key: d, by: 'unit', note: cited }] : [], step };
  }
  if (gm === undefined) {
    refuse(
      reading
        ? `Mass... (${RULES}) is the GM's per charge by this battle's house rule mass (${reading.note}): a GM gives mass: with each charge, one of ${MASS_CHOICES.join(', ')}.`
        : `Mass... (${RULES}) is not defined in the seed, and no reading applies until one is chosen. A GM gives mass: with the charge (${MASS_CHOICES.join(', ')}), or sets the battle's reading with /house set key:mass value: ratio (the figures' ratio), none (no Mass row) or gm (the GM's per charge).`,
    );
  }
  const step = `Mass...: ${gm}, the GM's with the charge${reading ? ` (${cited})` : ''} (${RULES}).`;
  if (gm === 'none') return { attacker: [], defender: [], step };
  const [side, multiple] = gm.split(' ') as ['attacker' | 'defender', string];
  const wanted = [{ key: keyOf(multiple), by: 'gm' as const }];
  return side === 'attacker' ? { attacker: wanted, defender: [], step } : { attacker: [], defender: wanted, step };
}
