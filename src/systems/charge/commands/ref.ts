import { sub } from '../../../app/slash/commands.ts';
import { reply } from '../../../app/slash/replies.ts';
import { camelKey, lines, say, type Text } from '../../../i18n/text.ts';
import { chargePack } from '../rules.ts';

/** A row's arm or gun as the system words it (`charge.ref.arm.<name>`, `charge.ref.gun.<name>`). */
export const armWord = (arm: string): Text => say(`charge.ref.arm.${camelKey(arm)}`);
export const gunWord = (gun: string): Text => say(`charge.ref.gun.${camelKey(gun)}`);

/** MOVE-RATES of the d10 charge rules: Road, Column, Line for foot and horse (the other three columns cannot be matched), artillery. */
function chargeRates(): Text {
  const r = chargePack.movement.rates;
  const inches = (n: number): Text => say('charge.ref.inches', { n });
  const d = (v: number | null): Text => (v === null ? say('charge.ref.illegible') : inches(v));
  return lines(
    say('charge.ref.footHorseHead'),
    ...r.footHorse.map((x) =>
      say('charge.ref.footHorseRow', {
        arm: armWord(x.arm),
        road: d(x.road),
        column: d(x.column),
        line: d(x.line),
        unassigned: x.unassigned.join(', ') || say('charge.ref.none'),
        uncertain: x.uncertain ? say('charge.uncertain', { what: say(`charge.ref.uncertain.${camelKey(x.arm)}`) }) : '',
      }),
    ),
    say('charge.ref.unassignedNote'),
    '',
    say('charge.ref.artilleryHead'),
    ...r.artillery.map((x) => {
      const v = (k: 'moveUnlimberFire' | 'limberMoveUnlimberFire', n: number | null): Text =>
        n === null ? (x.printed?.[k] ?? 'NA') : x.ap?.[k] !== undefined ? say('charge.ref.inchesAp', { n, ap: x.ap[k] }) : inches(n);
      return say('charge.ref.artilleryRow', {
        gun: gunWord(x.gun),
        road: inches(x.road),
        field: inches(x.field),
        limberMoveOrMoveUnlimber: inches(x.limberMoveOrMoveUnlimber),
        moveUnlimberFire: v('moveUnlimberFire', x.moveUnlimberFire),
        limberMoveUnlimberFire: v('limberMoveUnlimberFire', x.limberMoveUnlimberFire),
        prolong: inches(x.prolong),
      });
    }),
  );
}

export const ref = {
  rates: sub({
    description: 'Movement rates of the d10 charge rules, as far as the source is legible (MOVE-RATES)',
    who: 'anyone',
    example: '/ref rates',
    options: {},
    query: (_o, ctx) => [reply(ctx, chargeRates(), say('charge.ref.ratesTitle'))],
  }),
};
