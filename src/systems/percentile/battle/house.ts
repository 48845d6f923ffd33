import { houseValue } from '../../../battle/house.ts';
import { either, say, type Text } from '../../../i18n/text.ts';
import type { BattleState } from '../../../battle/state.ts';
import { PERCENTILE_HOUSE } from '../house-rules.ts';
import { percentilePack as pack, type FireModifier, type FireRules, type NightPack } from '../index.ts';

/**
 * The rules a percentile battle plays by: the shipped pack with the values its GM set as house rules
 * (house-rules.ts) in place of the open ones, and how the working cites each. Values still open stay
 * null, so the routine asks for them (`asked` names what to type).
 */

export interface BattleRules extends FireRules {
  house: Readonly<Record<string, Text>>;
}

/** A modifier value as typed: +10 adds points, "x1/2" multiplies. */
const modifierFrom = (v: unknown): Pick<FireModifier, 'kind' | 'value'> => (typeof v === 'number' ? { kind: 'additive', value: v } : { kind: 'multiplier', value: String(v).slice(1).trim() });

export function battleRules(s: BattleState): BattleRules {
  const notes: Record<string, Text> = {};
  const value = <T>(key: string): T | undefined => {
    const v = houseValue(s, key);
    if (v) notes[key] = v.note;
    return v?.value as T | undefined;
  };
  const fire = pack.fire;
  const modifiers = fire.modifiers.map((m): FireModifier => {
    if (m.id === 'skirmish-screen') {
      const r = value<string>('skirmish-screen');
      return r === undefined ? m : { ...m, value: r === 'to-a-third' ? '1/3' : '2/3' };
    }
    const v = value<unknown>(`modifier.${m.id}`);
    return v === undefined ? m : { ...m, ...modifierFrom(v) };
  });
  const over200 = value<'extend' | 'two-at-most'>('over-200');
  const cavalry = value<string>('supportive.cavalry');
  const artilleryOther = value<string>('supportive.artillery-other');
  const night: NightPack = {
    ...pack.night,
    visibility: pack.night.visibility.map((c) => {
      const inches = c.inches === null ? value<number>(`night.visibility.${c.id}`) : undefined;
      return inches === undefined ? c : { ...c, inches };
    }),
  };
  return {
    fire: {
      ...fire,
      modifiers,
      overHundred: { ...fire.overHundred, secondFigure: value('over-100.remainder') ?? fire.overHundred.secondFigure, aboveTwoHundred: over200 ?? fire.overHundred.aboveTwoHundred },
      officerHit: { ...fire.officerHit, rolls: value('officer-hit.rolls') ?? fire.officerHit.rolls },
      mfp: { ...fire.mfp, direction: value('mfp.direction') ?? fire.mfp.direction, batteryLoss: value('mfp.battery-loss') ?? fire.mfp.batteryLoss },
    },
    night,
    supportive: { ...(cavalry ? { cavalry: cavalry === 'doubled' } : {}), ...(artilleryOther ? { artilleryOther: artilleryOther === 'doubled' } : {}) },
    house: notes,
  };
}

/** How a GM sets an open value for the battle: "/house set key:skirmish-screen value:by-a-third or to-a-third"; '' for no such key. */
export function asked(key: string): Text {
  const rule = PERCENTILE_HOUSE.find((r) => r.key === key);
  if (!rule) return '';
  const values = rule.readings ? either(Object.keys(rule.readings)) : say(key.startsWith('modifier.') ? 'percentile.house.expectsModifier' : 'percentile.house.expectsInches');
  return say('percentile.house.asked', { key, values });
}
