import type { Text } from '../../../i18n/text.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import { findUnit, unitSideId } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { refuse } from '../../../rules/errors.ts';
import { mfpChangeFor, type MfpChange } from '../index.ts';
import { battleRules } from './house.ts';
import { mfpApplied, mfpCriticalEvents, mfpOpenLines, noteMfpOpen, type MfpApplied } from './mfp.ts';
import { cannonOf, figuresNow, isGuns, pct, setUnit, type PercentileUnitStatus } from './state.ts';
import { lines, lossWord } from './words.ts';

/**
 * Losses a GM rules where the umpire resolves nothing: fire above 200% (PCT-11.71 stops at 200%),
 * shock combat, anything else on the table. They count for the side's MFP like fire losses (PCT-11.73)
 * and, unless the GM says not, make a morale check due (PCT-11.72).
 */

export const LOSS_KINDS = ['figures', 'cannon', 'train material'] as const;
export type LossKind = (typeof LOSS_KINDS)[number];

export type LossesAction = { type: 'PercentileRuleLosses'; unit: string; lost: number; kind?: LossKind; reason: string; check?: boolean };

export type LossesEvent = {
  type: 'PercentileLossesRuled';
  data: { unitId: string; sideId: string; at: TurnPosition; kind: LossKind; lost: number; left: number; reason: string; moraleCheckDue: boolean; mfpChange: MfpChange; mfp: MfpApplied | null };
};

export function decideRuleLosses(s: BattleState, a: LossesAction): BattleEvent[] {
  const u = findUnit(s, a.unit);
  const kind = a.kind ?? 'figures';
  if (!LOSS_KINDS.includes(kind)) refuse(`kind is one of ${LOSS_KINDS.join(', ')} (got "${String(kind)}").`);
  if (!(Number.isInteger(a.lost) && a.lost >= 1)) refuse(`lost must be a whole number of ${kind}, 1 or more (got ${a.lost}).`);
  const reason = a.reason.trim();
  if (!reason || reason.length > 100) refuse('Give the reason for the losses in a few words (1 to 100 characters), e.g. "fire above 200%" or "shock combat".');
  if (kind === 'cannon' && !isGuns(u)) refuse(`${u.name} is ${String(u.attrs.arm)}; only a battery loses cannon (PCT-11.74).`);
  if (kind === 'train material' && u.attrs.arm !== 'train') refuse(`${u.name} is ${String(u.attrs.arm)}; only a train loses train material (PCT-11.74).`);
  const has = kind === 'cannon' ? cannonOf(s, u) : figuresNow(s, u);
  if (a.lost > has) refuse(`${u.name} has ${lossWord(has, kind)} left; it cannot lose ${a.lost}.`);
  const sideId = unitSideId(s, u);
  const rules = battleRules(s);
  const mfpChange = mfpChangeFor(kind, a.lost, has, String(u.attrs.arm), rules.fire, rules.house);
  const mfp = mfpApplied(s, sideId, mfpChange.points);
  const events: BattleEvent[] = [
    { type: 'PercentileLossesRuled', data: { unitId: u.id, sideId, at: s.position, kind, lost: a.lost, left: has - a.lost, reason, moraleCheckDue: a.check ?? true, mfpChange, mfp } },
  ];
  if (mfp) events.push(...mfpCriticalEvents(s, sideId, mfp.to));
  return events;
}

export function applyLossesRuled(d: BattleState, e: LossesEvent): void {
  const { unitId, sideId, at, kind, lost, moraleCheckDue, mfp } = e.data;
  setUnit(d, unitId, (st) => {
    const next: PercentileUnitStatus =
      kind === 'cannon' ? { ...st, cannonLost: (st.cannonLost ?? 0) + lost } : kind === 'train material' ? { ...st, materialLost: (st.materialLost ?? 0) + lost } : { ...st, losses: st.losses + lost };
    return moraleCheckDue ? { ...next, moraleDue: { since: at, losses: (st.moraleDue?.losses ?? 0) + lost } } : next;
  });
  if (mfp) d.rules = { ...pct(d), mfp: { ...pct(d).mfp, [sideId]: mfp.to } };
  noteMfpOpen(d, e.data.mfpChange);
}

export function describeLossesRuled(e: LossesEvent, s: BattleState): Text {
  const { kind, lost, left, reason, moraleCheckDue, mfpChange, mfp } = e.data;
  const name = s.units[e.data.unitId]?.name ?? e.data.unitId;
  return lines(`${name} loses ${lossWord(lost, kind)}, as a GM ruled: ${reason}`, [
    `${name}: ${left} ${kind} left`,
    ...(moraleCheckDue ? [`${name}: morale check due (PCT-11.72)`] : []),
    ...mfpOpenLines(mfpChange, s),
    ...(mfp ? [`${mfpChange.text} (PCT-11.73)`, `${mfp.side} MFP level ${mfp.from} → ${mfp.to}${mfp.critical !== null ? `, critical level ${mfp.critical}${mfp.reached ? ' reached (NIGHT-18.63)' : ''}` : ''}`] : []),
  ]);
}
