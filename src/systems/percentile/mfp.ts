import type { FirePack } from './fire-pack.ts';
import type { FireOutcome, MfpChange } from './fire-outcome.ts';

/**
 * PCT-11.73: the MFP points `losses` of `lossKind` cost a side, by the pack's reading of 15.85 (per
 * figure, per battery or train loss, each cannon or a whole battery, the level counting up or down).
 * `strength` is the unit's before the losses, for a whole battery lost.
 */
export function mfpChangeFor(lossKind: FireOutcome['lossKind'], losses: number, strength: number, arm: string, fp: FirePack): MfpChange {
  const m = fp.mfp;
  const perLoss = lossKind === 'figures' ? m.perFigure : m.perBatteryOrTrain;
  const units = lossKind === 'figures' || m.batteryLoss === 'each-cannon' ? losses : losses > 0 && losses >= strength ? 1 : 0;
  const points = perLoss * units === 0 ? 0 : perLoss * units * (m.direction === 'up' ? 1 : -1);
  const mfpText =
    lossKind === 'figures'
      ? `${losses} figure${losses === 1 ? '' : 's'} x ${m.perFigure}`
      : m.batteryLoss === 'each-cannon'
        ? `${losses} ${lossKind} loss${losses === 1 ? '' : 'es'} x ${m.perBatteryOrTrain} (each counted as a battery/train loss, this pack's reading)`
        : `${units} whole ${arm === 'train' ? 'train' : 'battery'} lost x ${m.perBatteryOrTrain} (this pack's reading)`;
  return { rule: 'PCT-11.73', points, direction: m.direction, perFigure: m.perFigure, perBatteryOrTrain: m.perBatteryOrTrain, batteryLoss: m.batteryLoss, text: `MFP ${points >= 0 ? '+' : ''}${points}: ${mfpText}, level counting ${m.direction}` };
}
