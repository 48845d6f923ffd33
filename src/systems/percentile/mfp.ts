import type { FirePack } from './fire-pack.ts';
import type { FireOutcome, MfpChange } from './fire-outcome.ts';

/**
 * PCT-11.73: the MFP points `losses` of `lossKind` cost a side, by the battle's reading of 15.85 (per
 * figure, per battery or train loss, each cannon or a whole battery, the level counting up or down).
 * `strength` is the unit's before the losses, for a whole battery lost. Where the reading the loss
 * needs is open (no house rule yet, `house` cites those set), no level moves and the text says so.
 */
export function mfpChangeFor(lossKind: FireOutcome['lossKind'], losses: number, strength: number, arm: string, fp: FirePack, house: Readonly<Record<string, string>> = {}): MfpChange {
  const m = fp.mfp;
  const base = { rule: 'PCT-11.73' as const, direction: m.direction, perFigure: m.perFigure, perBatteryOrTrain: m.perBatteryOrTrain, batteryLoss: m.batteryLoss };
  if (losses === 0) return { ...base, points: 0, text: 'MFP +0: no loss' };
  const by = (key: string) => (house[key] ? `, ${house[key]}` : '');
  const open = [m.direction === null ? 'mfp.direction' : '', lossKind !== 'figures' && m.batteryLoss === null ? 'mfp.battery-loss' : ''].filter(Boolean);
  if (open.length) return { ...base, points: 0, text: `MFP not adjusted: ${open.join(' and ')} ${open.length > 1 ? 'are' : 'is'} open in this battle (PCT-11.73; 15.85 is not in the sources)` };
  const perLoss = lossKind === 'figures' ? m.perFigure : m.perBatteryOrTrain;
  const units = lossKind === 'figures' || m.batteryLoss === 'each-cannon' ? losses : losses >= strength ? 1 : 0;
  const points = perLoss * units === 0 ? 0 : perLoss * units * (m.direction === 'up' ? 1 : -1);
  const mfpText =
    lossKind === 'figures'
      ? `${losses} figure${losses === 1 ? '' : 's'} x ${m.perFigure}`
      : m.batteryLoss === 'each-cannon'
        ? `${losses} ${lossKind} loss${losses === 1 ? '' : 'es'} x ${m.perBatteryOrTrain} (each counted as a battery/train loss${by('mfp.battery-loss')})`
        : `${units} whole ${arm === 'train' ? 'train' : 'battery'} lost x ${m.perBatteryOrTrain} (a whole battery or train counts${by('mfp.battery-loss')})`;
  return { ...base, points, text: `MFP ${points >= 0 ? '+' : ''}${points}: ${mfpText}, level counting ${m.direction}${house['mfp.direction'] ? ` (${house['mfp.direction']})` : ''}` };
}
