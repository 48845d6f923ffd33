import { sub } from '../../../app/slash/commands.ts';
import { labelled, matchingLastCode, unitNames } from '../../../app/slash/complete.ts';
import { wordedRows } from '../words.ts';
import { quoted } from '../../../app/slash/examples.ts';
import { unitSideId } from '../../../battle/mechanics.ts';
import { parseModifierList } from '../battle/parse.ts';
import { firingSideId } from '../battle/state.ts';
import { say } from '../../../i18n/text.ts';
import { refuse } from '../../../rules/errors.ts';
import { BANDS, medievalPack, type RangeBand } from '../index.ts';

export const fire = {
  medieval: sub({
    description: 'Fire by the medieval Firing Chart: range band, modifiers, kills applied (MED-FIRE, MED-RANGE)',
    who: 'player',
    rank: -1,
    example: '/fire medieval firer:"Oxford\'s Archers" target:"Norfolk\'s Billmen" range:14 unit:in modifiers:"14"',
    // The reader's units of the side that fires in this phase (MED-SEQ.8, .9, .11, .12), each at the medium range of its weapon (MED-RANGE).
    exampleFor: ({ state: s, units, enemies }) => {
      const firing = firingSideId(s);
      const order = firing ? [...units.filter((u) => unitSideId(s, u) === firing), ...units.filter((u) => unitSideId(s, u) !== firing)] : units;
      return order.slice(0, 40).flatMap((u) => {
        const row = medievalPack.range.weapons.find((r) => r.weapons.includes(String(u.attrs.weapon ?? '').toLowerCase()));
        const range = row?.medium.in;
        return range ? enemies(u).slice(0, 2).map((e) => `/fire medieval firer:${quoted(u.name)} target:${quoted(e.name)} range:${range} unit:in`) : [];
      });
    },
    options: {
      firer: { kind: 'string', description: 'The firing unit', required: true, complete: unitNames },
      target: { kind: 'string', description: 'The target unit', required: true, complete: unitNames },
      range: { kind: 'string', description: 'The measured range, e.g. 14 or 7.5; rounded up (MED-RANGE)' },
      unit: { kind: 'string', description: 'The range in inches (default) or cm', choices: ['in', 'cm'] },
      band: { kind: 'string', description: 'The range band instead of a measured range', choices: BANDS },
      figures: { kind: 'integer', description: 'Figures (guns for artillery) firing; default all that can', min: 1 },
      modifiers: {
        kind: 'string',
        description: 'MED-FIRE-MOD ids, e.g. "14 16"; the log\'s are derived (/ref modifiers); a GM drops with -9',
        ...labelled((ctx) => matchingLastCode(wordedRows('modifier', medievalPack.fire.modifiers, ctx.locale), ctx.typed)),
      },
      target_moving: { kind: 'boolean', description: 'The target moved this move or last (MED-FIRE-MOD.10); the log has no moves' },
      score: { kind: 'integer', description: 'GM: the score needed for a weapon with no Firing Chart row (musket, caliver, pistol)', min: 1, max: 10 },
    },
    action: (o) => {
      let range: number | undefined;
      if (o.range !== undefined) {
        range = Number(o.range);
        if (!/^\d+(\.\d+)?$/.test(o.range.trim()) || !Number.isFinite(range)) refuse(say('medieval.commands.badRange', { got: o.range }));
      }
      return {
        type: 'MedievalFire',
        firer: o.firer,
        target: o.target,
        ...(range !== undefined ? { range } : {}),
        ...(o.unit ? { measure: o.unit as 'in' | 'cm' } : {}),
        ...(o.band ? { band: o.band as RangeBand } : {}),
        ...(o.figures !== undefined ? { figures: o.figures } : {}),
        ...(o.modifiers ? { modifiers: parseModifierList(o.modifiers, 'MED-FIRE-MOD') } : {}),
        ...(o.target_moving !== undefined ? { targetMoving: o.target_moving } : {}),
        ...(o.score !== undefined ? { score: o.score } : {}),
      };
    },
  }),
};
