import { describe, expect, it } from 'vitest';
import { DiceStream } from '../../src/dice/stream.ts';
import { english, word, type Text } from '../../src/i18n/text.ts';
import {
  NIGHT_PACK,
  NightPack,
  ORDERS,
  TRIGGER_REASONS,
  allowedStances,
  chargeDirection,
  checkDawnAttack,
  checkNightOrderChange,
  dawnCmrPenalty,
  mfpCritical,
  mfpCriticalEffect,
  nextDayCmrPenalty,
  nightBanner,
  nightCmrPenalty,
  nightOutcome,
  nightVisibility,
  nightPack,
  passiveOrder,
  percentilePack,
} from '../../src/systems/percentile/index.ts';
import { scriptedDice } from '../support/scripted-dice.ts';


describe('night pack data', () => {
  it('the percentile pack parses with its night key, the same data night.ts ships', () => {
    expect(nightPack).toEqual(NIGHT_PACK);
    expect(percentilePack.night.orders).toEqual([...ORDERS]);
    expect(percentilePack.night.stances).toEqual(['ACTIVE', 'PASSIVE']);
  });

  it('NIGHT-18.31 values the source does not give are null, never guessed', () => {
    const vis = Object.fromEntries(NIGHT_PACK.visibility.map((c) => [c.id, c.inches]));
    expect(vis).toEqual({ 'full-moon': 12, moonlit: null, dark: null });
    expect(NIGHT_PACK.nightTurns).toBeNull(); // NIGHT-18.0
    expect(NIGHT_PACK.dawn.fatigueTurn).toBeNull(); // NIGHT-18.84
    expect(NIGHT_PACK.passiveOrderBySenior).toEqual({}); // NIGHT-18.22
  });

  it('NIGHT-18.42 a house pack whose direction table misses a face is refused', () => {
    const bad = structuredClone(NIGHT_PACK);
    bad.chargeDirection.results = bad.chargeDirection.results.slice(0, 2);
    expect(NightPack.safeParse(bad).success).toBe(false);
  });
});

describe('the vote', () => {
  it('NIGHT-18.11 both stances are open to a command with no restriction', () => {
    expect(allowedStances({ armyDemoralized: false, attackedAtDawn: false })).toEqual({ allowed: ['ACTIVE', 'PASSIVE'] });
  });

  it('NIGHT-18.13 army demoralization forces PASSIVE', () => {
    const r = allowedStances({ armyDemoralized: true, attackedAtDawn: false });
    expect(r.allowed).toEqual(['PASSIVE']);
    expect(english(r.reason!)).toMatch(/Army Demoralization.*NIGHT-18\.13/);
  });

  it('NIGHT-18.85 a dawn attack ACTIVE command must be PASSIVE the following night', () => {
    const r = allowedStances({ armyDemoralized: false, attackedAtDawn: true });
    expect(r.allowed).toEqual(['PASSIVE']);
    expect(english(r.reason!)).toMatch(/dawn attack.*NIGHT-18\.85/);
  });

  it('NIGHT-18.13 and NIGHT-18.85 together cite both rules', () => {
    const r = allowedStances({ armyDemoralized: true, attackedAtDawn: true });
    expect(r.allowed).toEqual(['PASSIVE']);
    expect(english(r.reason!)).toMatch(/NIGHT-18\.13.*NIGHT-18\.85/);
  });

  it('NIGHT-18.11 no ACTIVE marker: no night combat', () => {
    expect(
      nightOutcome([
        { commandId: 'c1', stance: 'PASSIVE' },
        { commandId: 'c2', stance: 'PASSIVE' },
      ]),
    ).toEqual({ night: false, active: [], passive: ['c1', 'c2'], unvoted: [] });
  });

  it('NIGHT-18.12 one ACTIVE command is enough for night turns', () => {
    expect(
      nightOutcome([
        { commandId: 'c1', stance: 'PASSIVE' },
        { commandId: 'c2', stance: 'ACTIVE' },
        { commandId: 'c3', stance: 'PASSIVE' },
      ]),
    ).toEqual({ night: true, active: ['c2'], passive: ['c1', 'c3'], unvoted: [] });
  });

  it('NIGHT-18.11 a command that never voted shows no active marker and is listed apart', () => {
    const r = nightOutcome([
      { commandId: 'c1', stance: 'PASSIVE' },
      { commandId: 'c2', stance: null },
    ]);
    expect(r).toEqual({ night: false, active: [], passive: ['c1'], unvoted: ['c2'] });
  });

  it('NIGHT-18.11 one vote per command', () => {
    expect(() =>
      nightOutcome([
        { commandId: 'c1', stance: 'PASSIVE' },
        { commandId: 'c1', stance: 'ACTIVE' },
      ]),
    ).toThrow(/more than one vote/);
  });
});

describe('orders at night', () => {
  it("NIGHT-18.22 a PASSIVE command whose senior order is not recorded: its player picks MARCH, ENGAGE or RESERVE, as the senior's order dictates", () => {
    const r = passiveOrder('ATTACK');
    expect(r).toMatchObject({ needsChoice: true, choices: ['MARCH', 'ENGAGE', 'RESERVE'] });
    expect(r.order).toBeUndefined();
    expect(english(r.reason)).toMatch(/not recorded: the command's player picks it \(NIGHT-18\.22\)/);
  });

  it("NIGHT-18.22 the source gives no senior-order mapping, so a recorded senior order still needs the player's choice", () => {
    for (const senior of ORDERS) {
      const r = passiveOrder('ATTACK', senior);
      expect(r.needsChoice, senior).toBe(true);
      expect(english(r.reason)).toContain(senior);
    }
  });

  it('NIGHT-18.22 a house-ruled pack may map senior orders', () => {
    const house = { ...NIGHT_PACK, passiveOrderBySenior: { ATTACK: 'ENGAGE' as const } };
    expect(passiveOrder('DEFEND', 'ATTACK', house)).toMatchObject({ order: 'ENGAGE', needsChoice: false });
    expect(passiveOrder('DEFEND', 'MARCH', house)).toMatchObject({ needsChoice: true });
  });

  it('NIGHT-18.22 a PASSIVE command can never go under ATTACK, triggered or not', () => {
    for (const triggered of [false, true]) {
      const r = checkNightOrderChange({ stance: 'PASSIVE', triggered, to: 'ATTACK', from: 'MARCH' });
      expect(r.ok).toBe(false);
      expect(english((r as { reason: Text }).reason)).toMatch(/never.*ATTACK.*NIGHT-18\.22/);
    }
  });

  it('NIGHT-18.22 no MANEUVER until triggered; allowed once triggered', () => {
    const maneuver = checkNightOrderChange({ stance: 'PASSIVE', triggered: false, to: 'MANEUVER', from: 'MARCH' });
    expect(maneuver.ok).toBe(false);
    expect(english((maneuver as { reason: Text }).reason)).toMatch(/MANEUVER.*NIGHT-18\.24/);
    expect(word((maneuver as { reason: Text }).reason, 'fr')).toMatch(/^Un commandement PASSIVE ne peut pas employer d’ordre MANEUVER/);
    expect(checkNightOrderChange({ stance: 'PASSIVE', triggered: true, to: 'MANEUVER', from: 'MARCH' })).toEqual({ ok: true, rule: 'NIGHT-18.22' });
  });

  it('NIGHT-18.22 DEFEND only once triggered', () => {
    const defend = checkNightOrderChange({ stance: 'PASSIVE', triggered: false, to: 'DEFEND', from: 'ENGAGE' });
    expect(english((defend as { reason: Text }).reason)).toMatch(/DEFEND only once triggered/);
    expect(checkNightOrderChange({ stance: 'PASSIVE', triggered: true, to: 'DEFEND', from: 'ENGAGE' })).toEqual({ ok: true, rule: 'NIGHT-18.22' });
  });

  it('NIGHT-18.22 until triggered a PASSIVE command keeps its MARCH/ENGAGE/RESERVE order (normal order changes only once triggered)', () => {
    expect(checkNightOrderChange({ stance: 'PASSIVE', triggered: false, to: 'RESERVE', from: 'MARCH' })).toMatchObject({ ok: false });
    expect(checkNightOrderChange({ stance: 'PASSIVE', triggered: false, to: 'MARCH', from: 'MARCH' })).toEqual({ ok: true, rule: 'NIGHT-18.22' });
    expect(checkNightOrderChange({ stance: 'PASSIVE', triggered: true, to: 'RESERVE', from: 'MARCH' })).toEqual({ ok: true, rule: 'NIGHT-18.22' });
  });

  it('NIGHT-18.23 ACTIVE commands follow the normal order-change rules', () => {
    for (const to of ORDERS) expect(checkNightOrderChange({ stance: 'ACTIVE', triggered: false, to })).toEqual({ ok: true, rule: 'NIGHT-18.23' });
  });

  it('NIGHT-18.24 the four reaction triggers a-d, with the source text', () => {
    expect(TRIGGER_REASONS.map((t) => [t.id, t.rule])).toEqual([
      ['a', 'NIGHT-18.24.a'],
      ['b', 'NIGHT-18.24.b'],
      ['c', 'NIGHT-18.24.c'],
      ['d', 'NIGHT-18.24.d'],
    ]);
    expect(TRIGGER_REASONS[2].text).toBe('Within the zone of a declared cavalry charge or countercharge.');
  });
});

describe('MFP critical level', () => {
  it('NIGHT-18.63 reaching the critical level counts, in whichever direction MFP is kept', () => {
    expect(mfpCritical(29, 30, 'up')).toBe(false);
    expect(mfpCritical(30, 30, 'up')).toBe(true);
    expect(mfpCritical(31, 30, 'down')).toBe(false);
    expect(mfpCritical(30, 30, 'down')).toBe(true);
  });

  it('NIGHT-18.63 ACTIVE commands become PASSIVE with MARCH/ENGAGE/RESERVE orders', () => {
    const r = mfpCriticalEffect([
      { commandId: 'c1', stance: 'ACTIVE' },
      { commandId: 'c2', stance: 'PASSIVE' },
      { commandId: 'c3', stance: 'ACTIVE' },
    ]);
    expect(r).toMatchObject({ rule: 'NIGHT-18.63', toPassive: ['c1', 'c3'], orders: ['MARCH', 'ENGAGE', 'RESERVE'] });
    expect(english(r.text)).toMatch(/PASSIVE at once.*MARCH, ENGAGE or RESERVE/);
  });
});

describe('visibility', () => {
  it('NIGHT-18.31 full moon night, limited clouds: 12" (chart 9)', () => {
    expect(nightVisibility('full', 'limited clouds')).toEqual({
      ok: true,
      rule: 'NIGHT-18.31',
      condition: { id: 'full-moon', text: 'Full moon night, limited clouds', chart: 9 },
      inches: 12,
      from: 'pack',
    });
  });

  it('NIGHT-18.31 moonlit night with passing clouds: distance illegible, the GM gives it', () => {
    const r = nightVisibility('partial', 'passing clouds');
    expect(r).toMatchObject({ ok: false, needsGm: true, condition: { id: 'moonlit' } });
    expect(nightVisibility('full', 'passing clouds', 9)).toMatchObject({ ok: true, inches: 9, from: 'gm', condition: { id: 'moonlit' } });
  });

  it('NIGHT-18.31 dark night, heavy clouds or bad weather: chart 10, distance from the GM', () => {
    expect(nightVisibility('none', 'limited clouds')).toMatchObject({ ok: false, needsGm: true, condition: { id: 'dark', chart: 10 } });
    expect(nightVisibility('full', 'heavy clouds')).toMatchObject({ condition: { id: 'dark' } });
    expect(nightVisibility('partial', 'bad weather', 4)).toMatchObject({ ok: true, inches: 4, from: 'gm', condition: { id: 'dark' } });
  });

  it('NIGHT-18.31 a partial moon with limited clouds matches no condition: the GM gives the visibility', () => {
    const r = nightVisibility('partial', 'limited clouds');
    expect(r).toMatchObject({ ok: false, needsGm: true, condition: null });
    expect(nightVisibility('partial', 'limited clouds', 10)).toMatchObject({ ok: true, inches: 10, from: 'gm' });
  });

  it('NIGHT-18.31 a GM value is refused where the source gives one, and must be a positive distance', () => {
    const given = nightVisibility('full', 'limited clouds', 8);
    expect(given).toMatchObject({ ok: false, needsGm: false });
    expect(english((given as { reason: Text }).reason)).toMatch(/12"/);
    expect(nightVisibility('full', 'limited clouds', 12)).toMatchObject({ ok: true, inches: 12, from: 'pack' });
    expect(nightVisibility('none', 'bad weather', 0)).toMatchObject({ ok: false, needsGm: true });
  });
});

describe('night turn', () => {
  it('NIGHT-18.51 NIGHT-18.41 NIGHT-18.42 NIGHT-18.71 banner: fire x0.75 to visibility, half movement, charge direction, PASSIVE -1 CMR', () => {
    expect(nightBanner({ visibility: 12, moon: 'full', weather: 'limited clouds' }).map(english)).toEqual([
      'Night turn: full moon, limited clouds; visibility 12" (NIGHT-18.31).',
      'Fire x0.75; maximum range 12" (NIGHT-18.51).',
      'Movement 50%, except units in proper column formation (9.11); cavalry charge movement, declared or countercharge; road-mode movement within a fortress or along a road, trail or path (NIGHT-18.41).',
      'Each declared cavalry charge rolls 1D6 for direction: 1-2 22° left, 3-4 straight, 5-6 22° right (NIGHT-18.42).',
      'PASSIVE commands -1 CMR (NIGHT-18.71).',
    ]);
  });

  it('NIGHT-18.31 the banner says so when the GM has not set the visibility', () => {
    const lines = nightBanner({ visibility: null, moon: 'none', weather: 'bad weather' }).map(english);
    expect(lines[0]).toMatch(/visibility to be set by the GM/);
    expect(lines[1]).toBe('Fire x0.75; maximum range the visibility (NIGHT-18.51).');
  });

  it('NIGHT-18.31 NIGHT-18.51 the banner, the CMR and dawn reasons read in French and German', () => {
    const banner = nightBanner({ visibility: 12, moon: 'full', weather: 'limited clouds' });
    expect(word(banner[0]!, 'fr')).toBe('Tour de nuit : pleine lune, nuages épars ; visibilité 12" (NIGHT-18.31).');
    expect(word(banner[1]!, 'fr')).toBe('Tir x0,75 ; portée maximale 12" (NIGHT-18.51).');
    expect(word(banner[3]!, 'de')).toBe('Jeder angesagte Kavallerieangriff würfelt 1W6 für die Richtung: 1-2 22° links, 3-4 geradeaus, 5-6 22° rechts (NIGHT-18.42).');
    expect(word(nightCmrPenalty('PASSIVE').reason, 'fr')).toBe('PASSIVE de nuit : -1 CMR (NIGHT-18.71).');
    expect(word(dawnCmrPenalty('ACTIVE', 5).reason, 'de')).toMatch(/^Die Regeln sagen nicht/);
    expect(word(nightVisibility('partial', 'limited clouds').ok ? '' : (nightVisibility('partial', 'limited clouds') as { reason: Text }).reason, 'fr')).toBe(
      'Aucune condition de NIGHT-18.31 ne nomme une lune partielle avec nuages épars (NIGHT-18.31) ; le MJ donne la visibilité en pouces.',
    );
  });

  it('NIGHT-18.42 a declared cavalry charge rolls 1D6: 1-2 left, 3-4 straight, 5-6 right', () => {
    const dice = scriptedDice(1, 2, 3, 4, 5, 6);
    const got = Array.from({ length: 6 }, () => chargeDirection(dice));
    expect(dice.asked).toEqual([6, 6, 6, 6, 6, 6]);
    expect(got.map((g) => [g.roll, g.direction, g.degrees])).toEqual([
      [1, 'left', 22],
      [2, 'left', 22],
      [3, 'straight', 0],
      [4, 'straight', 0],
      [5, 'right', 22],
      [6, 'right', 22],
    ]);
    expect(got[0]).toMatchObject({ rule: 'NIGHT-18.42', die: 6 });
    expect(english(got[0]!.text)).toBe('Angle the cavalry unit to charge 22° left from center facing.');
  });

  it('NIGHT-18.42 the battle dice stream rolls it and records the die', () => {
    const stream = DiceStream.fromSeed(Buffer.alloc(32, 7), 'b1', 0);
    const { value, dice } = stream.take((d) => chargeDirection(d));
    expect(dice.rolls).toEqual([{ sides: 6, result: value.roll }]);
  });

  it('NIGHT-18.71 PASSIVE commands -1 CMR at night; ACTIVE none at night', () => {
    expect(nightCmrPenalty('PASSIVE')).toMatchObject({ modifier: -1, rule: 'NIGHT-18.71' });
    expect(nightCmrPenalty('ACTIVE')).toMatchObject({ modifier: 0 });
  });
});

describe('the next battleday', () => {
  const cmr = (stance: 'ACTIVE' | 'PASSIVE', rested: number, turn: number) => nextDayCmrPenalty(stance, { restedInReserveTurns: rested }, turn).modifier;

  it('NIGHT-18.71 PASSIVE commands suffer no reduction on the next battleday', () => {
    expect([1, 9, 10, 30].map((t) => cmr('PASSIVE', 0, t))).toEqual([0, 0, 0, 0]);
  });

  it('NIGHT-18.71 ACTIVE commands that never rest: -1 in turns 1-9, -2 in 10-18, -3 in 19-27', () => {
    expect([1, 9, 10, 18, 19, 27, 28].map((t) => cmr('ACTIVE', 0, t))).toEqual([-1, -1, -2, -2, -3, -3, -4]);
  });

  it('NIGHT-18.71 "unless they rest in position with a RESERVE order": no -1 while resting from turn 1, none after a full 9-turn rest', () => {
    expect([1, 5, 9].map((t) => cmr('ACTIVE', t, t))).toEqual([0, 0, 0]);
    expect([10, 20, 40].map((t) => cmr('ACTIVE', 9, t))).toEqual([0, 0, 0]);
  });

  it('NIGHT-18.71 a rest broken before the 9th turn: -1 from then, and the escalation follows', () => {
    expect(cmr('ACTIVE', 4, 4)).toBe(0);
    expect(cmr('ACTIVE', 4, 5)).toBe(-1);
    expect(cmr('ACTIVE', 8, 12)).toBe(-2);
    expect(english(nextDayCmrPenalty('ACTIVE', { restedInReserveTurns: 8 }, 12).reason)).toMatch(/2nd group of 9 turns, -2 CMR \(NIGHT-18\.71\)/);
  });

  it('NIGHT-18.71 inputs out of range are bugs', () => {
    expect(() => cmr('ACTIVE', 0, 0)).toThrow(RangeError);
    expect(() => cmr('ACTIVE', 6, 5)).toThrow(RangeError);
  });
});

describe('dawn attacks', () => {
  it('NIGHT-18.81 commands that fought ACTIVE in the night cannot take part in a dawn attack', () => {
    const dawn = checkDawnAttack({ activeLastNight: true });
    expect(dawn.ok).toBe(false);
    expect(!dawn.ok && english(dawn.reason)).toMatch(/NIGHT-18\.81/);
    expect(checkDawnAttack({ activeLastNight: false })).toEqual({ ok: true, rule: 'NIGHT-18.81' });
  });

  it('NIGHT-18.83 PASSIVE commands -1 CMR for the first 9 turns from the DAWN ATTACK line', () => {
    expect([1, 9, 10].map((t) => dawnCmrPenalty('PASSIVE', t))).toEqual([
      expect.objectContaining({ needsGm: false, modifier: -1, rule: 'NIGHT-18.83' }),
      expect.objectContaining({ modifier: -1 }),
      expect.objectContaining({ modifier: 0 }),
    ]);
  });

  it('NIGHT-18.84 the fatigue turn is not in the source: the GM must give it', () => {
    expect(dawnCmrPenalty('ACTIVE', 5)).toMatchObject({ needsGm: true, rule: 'NIGHT-18.84' });
  });

  it('NIGHT-18.84 dawn attack ACTIVE commands -1 CMR from the fatigue turn to the end of the day', () => {
    expect(dawnCmrPenalty('ACTIVE', 11, { fatigueTurn: 12 })).toMatchObject({ needsGm: false, modifier: 0 });
    expect(dawnCmrPenalty('ACTIVE', 12, { fatigueTurn: 12 })).toMatchObject({ needsGm: false, modifier: -1, rule: 'NIGHT-18.84' });
    expect(dawnCmrPenalty('ACTIVE', 30, { fatigueTurn: 12 })).toMatchObject({ modifier: -1 });
    const house = { ...NIGHT_PACK, dawn: { ...NIGHT_PACK.dawn, fatigueTurn: 8 } };
    expect(dawnCmrPenalty('ACTIVE', 8, {}, house)).toMatchObject({ modifier: -1 });
  });
});
