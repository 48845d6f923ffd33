import { say, type Text } from '../../../i18n/text.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import { findUnit, unitSideId } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { refuse } from '../../../rules/errors.ts';
import { mfpChangeFor, type MfpChange } from '../index.ts';
import { battleRules } from './house.ts';
import { mfpApplied, mfpCriticalEvents, mfpLevelText, mfpOpenLines, noteMfpOpen, type MfpApplied } from './mfp.ts';
import { cannonOf, figuresNow, isGuns, pct, setUnit, type PercentileUnitStatus } from './state.ts';
import { cited, lines, lossText } from './words.ts';

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
  if (!LOSS_KINDS.includes(kind)) refuse(say('percentile.losses.kind', { kinds: LOSS_KINDS.join(', '), got: String(kind) }));
  if (!(Number.isInteger(a.lost) && a.lost >= 1)) refuse(say('percentile.losses.lost', { kind, got: String(a.lost) }));
  const reason = a.reason.trim();
  if (!reason || reason.length > 100) refuse(say('percentile.losses.reason'));
  if (kind === 'cannon' && !isGuns(u)) refuse(say('percentile.losses.cannonOnly', { unit: u.name, arm: String(u.attrs.arm) }));
  if (kind === 'train material' && u.attrs.arm !== 'train') refuse(say('percentile.losses.trainOnly', { unit: u.name, arm: String(u.attrs.arm) }));
  const has = kind === 'cannon' ? cannonOf(s, u) : figuresNow(s, u);
  if (a.lost > has) refuse(say('percentile.losses.tooMany', { unit: u.name, left: lossText(has, kind), lost: String(a.lost) }));
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
  return lines(say('percentile.losses.head', { unit: name, lost: lossText(lost, kind), reason }), [
    say('percentile.losses.left', { unit: name, left: String(left), kind }),
    ...(moraleCheckDue ? [say('percentile.losses.moraleDue', { unit: name })] : []),
    ...mfpOpenLines(mfpChange, s),
    ...(mfp ? [cited(mfpChange.text, 'PCT-11.73'), mfpLevelText(mfp)] : []),
  ]);
}
