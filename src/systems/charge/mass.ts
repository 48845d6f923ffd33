import { refuse } from '../../rules/errors.ts';
import { say, type Text } from '../../i18n/text.ts';
import type { Wanted } from './modifiers.ts';
import type { AttackerKey, ChargeRulesPack, DefenderKey } from './pack-schema.ts';
import { cite, houseHolds, type Noted } from './sourced.ts';

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
  step: Text;
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
  if (reading && reading.value !== 'gm' && gm !== undefined) refuse(houseHolds(`Mass... (${RULES})`, 'mass', say('charge.mass.readAs', { value: reading.value }), reading.note));
  const cited: Text = reading ? cite('mass', reading.value, reading.note) : '';
  if (reading?.value === 'none') return { attacker: [], defender: [], step: say('charge.mass.noRow', { cited, rule: RULES }) };
  if (reading?.value === 'ratio') {
    const a = ratioKey(x.attackerFigures, x.defenderFigures, x.pack.charge.attackerModifiers);
    const d = ratioKey(x.defenderFigures, x.attackerFigures, x.pack.charge.defenderModifiers);
    const step = say(a || d ? 'charge.mass.ratio' : 'charge.mass.ratioNeither', { attacker: String(x.attackerFigures), defender: String(x.defenderFigures), cited, rule: RULES });
    return { attacker: a ? [{ key: a, by: 'unit', note: cited }] : [], defender: d ? [{ key: d, by: 'unit', note: cited }] : [], step };
  }
  if (gm === undefined) {
    refuse(
      reading
        ? say('charge.mass.gmPerCharge', { rule: RULES, note: reading.note, choices: MASS_CHOICES.join(', ') })
        : say('charge.mass.undefined', { rule: RULES, choices: MASS_CHOICES.join(', ') }),
    );
  }
  const step = reading ? say('charge.mass.gmCited', { gm, cited, rule: RULES }) : say('charge.mass.gm', { gm, rule: RULES });
  if (gm === 'none') return { attacker: [], defender: [], step };
  const [side, multiple] = gm.split(' ') as ['attacker' | 'defender', string];
  const wanted = [{ key: keyOf(multiple), by: 'gm' as const }];
  return side === 'attacker' ? { attacker: wanted, defender: [], step } : { attacker: [], defender: wanted, step };
}
