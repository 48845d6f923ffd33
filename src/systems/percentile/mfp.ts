import { list, say, type Text } from '../../i18n/text.ts';
import type { FirePack } from './fire-pack.ts';
import type { FireOutcome, MfpChange } from './fire-outcome.ts';

/**
 * PCT-11.73: the MFP points `losses` of `lossKind` cost a side, by the battle's reading of 15.85 (per
 * figure, per battery or train loss, each cannon or a whole battery, the level counting up or down).
 * `strength` is the unit's before the losses, for a whole battery lost. Where the reading the loss
 * needs is open (no house rule yet, `house` cites those set), no level moves and the text says so.
 */
export function mfpChangeFor(lossKind: FireOutcome['lossKind'], losses: number, strength: number, arm: string, fp: FirePack, house: Readonly<Record<string, Text>> = {}): MfpChange {
  const m = fp.mfp;
  const base = { rule: 'PCT-11.73' as const, direction: m.direction, perFigure: m.perFigure, perBatteryOrTrain: m.perBatteryOrTrain, batteryLoss: m.batteryLoss };
  if (losses === 0) return { ...base, points: 0, text: say('percentile.mfp.noLoss') };
  const open = [m.direction === null ? 'mfp.direction' : '', lossKind !== 'figures' && m.batteryLoss === null ? 'mfp.battery-loss' : ''].filter(Boolean);
  if (open.length) return { ...base, points: 0, open, text: say('percentile.mfp.notAdjusted', { keys: list(open), n: open.length }) };
  const perLoss = lossKind === 'figures' ? m.perFigure : m.perBatteryOrTrain;
  const units = lossKind === 'figures' || m.batteryLoss === 'each-cannon' ? losses : losses >= strength ? 1 : 0;
  const points = perLoss * units === 0 ? 0 : perLoss * units * (m.direction === 'up' ? 1 : -1);
  const mfpText = say('percentile.mfp.change', {
    points: `${points >= 0 ? '+' : ''}${points}`,
    how: lossKind === 'figures' ? 'figures' : m.batteryLoss === 'each-cannon' ? 'each' : 'whole',
    losses,
    kind: lossKind === 'cannon' ? 'cannon' : 'train',
    units: String(units),
    train: arm === 'train' ? 'yes' : 'no',
    per: String(lossKind === 'figures' ? m.perFigure : m.perBatteryOrTrain),
    batteryNoted: house['mfp.battery-loss'] ? 'yes' : 'no',
    batteryNote: house['mfp.battery-loss'] ?? '',
    up: m.direction === 'up' ? 'yes' : 'no',
    directionNoted: house['mfp.direction'] ? 'yes' : 'no',
    directionNote: house['mfp.direction'] ?? '',
  });
  return { ...base, points, text: mfpText };
}
