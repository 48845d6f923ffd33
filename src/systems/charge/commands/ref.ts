import { sub } from '../../../app/slash/commands.ts';
import { reply } from '../../../app/slash/replies.ts';
import { chargePack } from '../rules.ts';

/** MOVE-RATES of the d10 charge rules: Road, Column, Line for foot and horse (the other three columns cannot be matched), artillery. */
function chargeRates(): string {
  const r = chargePack.movement.rates;
  const d = (v: number | null) => (v === null ? 'illegible' : `${v}"`);
  return [
    'MOVE-RATES.FOOT-HORSE: road / column / line; then the printed values General, Square and Charge cannot be matched to',
    ...r.footHorse.map((x) => `${x.arm}: road ${d(x.road)}, column ${d(x.column)}, line ${d(x.line)}; unassigned ${x.unassigned.join(', ') || 'none'}${x.uncertain ? ` [reading uncertain: ${x.uncertain}]` : ''}`),
    r.unassignedNote,
    '',
    'MOVE-RATES.ART: road / field / limber+move or move+unlimber / move+unlimber+fire / limber+move+unlimber+fire / prolong',
    ...r.artillery.map((x) => {
      const ap = (k: string) => (x.ap?.[k] !== undefined ? ` (${x.ap[k]} AP)` : '');
      const v = (k: 'moveUnlimberFire' | 'limberMoveUnlimberFire', n: number | null) => (n === null ? (x.printed?.[k] ?? 'NA') : `${n}"${ap(k)}`);
      return `${x.gun}: ${x.road}", ${x.field}", ${x.limberMoveOrMoveUnlimber}", ${v('moveUnlimberFire', x.moveUnlimberFire)}, ${v('limberMoveUnlimberFire', x.limberMoveUnlimberFire)}, ${x.prolong}"`;
    }),
  ].join('\n');
}

export const ref = {
  rates: sub({
    description: 'Movement rates of the d10 charge rules, as far as the source is legible (MOVE-RATES)',
    who: 'anyone',
    example: '/ref rates',
    options: {},
    query: (_o, ctx) => [reply(ctx, chargeRates(), 'Movement rates (MOVE-RATES)')],
  }),
};
