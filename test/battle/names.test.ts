import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BattleEvent } from '../../src/battle/events.ts';
import { findUnit } from '../../src/battle/mechanics.ts';
import { normalizeName, skeleton } from '../../src/battle/names.ts';
import { given } from '../support/spec.ts';

/**
 * Names that only look the same (issue 27). Every name the battle stores is normalised on the way in
 * (UAX #15 NFKC; UAX #44 Default_Ignorable_Code_Point and UAX #9 bidi controls removed; runs of
 * white space one space; trimmed), and a new name whose UTS #39 skeleton (section 4, confusable
 * detection) is that of an existing one of the same kind is refused, naming the existing one.
 * Logged events are never rewritten: an old battle replays with its names as they were logged.
 */
const NAME = '61e de Ligne';
const VISTULE = 'Légion de la Vistule';
/** Nine ways to type a unit's name that read the same (the first has an accent to decompose), each with the Unicode rule that undoes it. */
const LOOKALIKES: [string, string][] = [
  ['NFD form (UAX #15: NFKC composes)', VISTULE.normalize('NFD')],
  ['zero-width space inside (UAX #44 Default_Ignorable_Code_Point)', '61e de Li\u200Bgne'],
  ['zero-width joiner inside (UAX #44 Default_Ignorable_Code_Point)', '61e d\u200De Ligne'],
  ['a Cyrillic е for e (UTS #39 confusables.txt)', '61\u0435 de Ligne'],
  ['a double space (white space collapsed)', '61e  de Ligne'],
  ['a left-to-right mark (UAX #9 bidi control)', '\u200E61e de Ligne'],
  ['a right-to-left override (UAX #9 bidi control)', '61e de \u202ELigne\u202C'],
  ['a soft hyphen (UAX #44 Default_Ignorable_Code_Point)', '61e de Lig\u00ADne'],
  ['a no-break space (UAX #15: NFKC maps it to a space)', '61e\u00A0de Ligne'],
];

const created: BattleEvent = { type: 'BattleCreated', data: { battleId: 'b1', name: 'Wagram', system: 'medieval', channel: 'table', gm: 'gm' } };
const french: BattleEvent = { type: 'SideAdded', data: { sideId: 's1', name: 'French' } };
const corps: BattleEvent = { type: 'CommandAdded', data: { commandId: 'c1', name: 'IV Corps', sideId: 's1', officer: 'Masséna' } };
const attrs = { arm: 'infantry', figures: 24, class: 'B', order: 'close', formation: 'line', armour: 'medium', melee_weapon: 'pike' };
const ligne: BattleEvent = { type: 'UnitAdded', data: { unitId: 'u1', name: NAME, commandId: 'c1', attrs } };
const other: BattleEvent = { type: 'UnitAdded', data: { unitId: 'u2', name: '62e de Ligne', commandId: 'c1', attrs } };
const vistule: BattleEvent = { type: 'UnitAdded', data: { unitId: 'u3', name: VISTULE, commandId: 'c1', attrs } };
const battle = [created, french, corps, ligne, other, vistule];
/** The name a look-alike reads as, and the unit of that name. */
const meant = (typed: string) => (typed.normalize('NFC').includes('Vistule') ? { name: VISTULE, id: 'u3' } : { name: NAME, id: 'u1' });
const named = (typed: string) => new RegExp(`unit named "${meant(typed).name}"|looks like the unit "${meant(typed).name}"`);

describe('a name is stored normalised (UAX #15 NFKC, UAX #44 DI, UAX #9 bidi controls, white space)', () => {
  it.each(LOOKALIKES.filter(([what]) => !what.includes('Cyrillic')))('%s: normalised to the plain name', (_what, typed) => {
    expect(typed).not.toBe(NAME);
    expect(normalizeName(typed)).toBe(meant(typed).name);
  });
  it('keeps what a reader sees: letters of any script, accents, one space between words', () => {
    expect(normalizeName('  Garde\u3000impériale \t 1er\n régiment ')).toBe('Garde impériale 1er régiment');
    expect(normalizeName('Лейб-гвардии Семёновский')).toBe('Лейб-гвардии Семёновский');
  });
  it('drops controls and leaves an invisible-only name empty', () => {
    expect(normalizeName('\u200B\u200D\u202E\u00AD\u0007 ')).toBe('');
  });
  it('is idempotent, and leaves no invisible character, control, double or edge space', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (raw) => {
        const n = normalizeName(raw);
        expect(normalizeName(n)).toBe(n);
        expect(n).not.toMatch(/[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\p{Cc}]|\s\s|^\s|\s$/u);
      }),
      { seed: 27, numRuns: 1000 },
    );
  });
  it('the UTS #39 skeleton makes a Cyrillic е, a digit 1 for l and rn for m the same', () => {
    expect(skeleton('61\u0435 de Ligne')).toBe(skeleton(NAME));
    expect(skeleton('1st Hussars')).toBe(skeleton('lst Hussars'));
    expect(skeleton('Marmont')).toBe(skeleton('Marrnont'));
    expect(skeleton('Ney')).not.toBe(skeleton('Nay'));
  });
});

describe('a new name that looks like one of the same kind is refused, naming it', () => {
  it.each(LOOKALIKES)('/unit add, %s: refused naming the unit it looks like', (_what, typed) =>
    given(battle).when({ type: 'AddUnit', name: typed, command: 'IV Corps', attrs }).refused(named(typed)));
  it('says which characters only look alike', () =>
    given(battle).when({ type: 'AddUnit', name: '61\u0435 de Ligne', command: 'IV Corps', attrs }).refused(/^"61е de Ligne" looks like the unit "61e de Ligne" \(U\+0435 "е" reads as "e"\); give a name that reads differently\.$/));
  it('a unit renamed to look like another is refused; to its own name in other letters, allowed', () => {
    given(battle).when({ type: 'EditUnit', unit: 'u2', name: '61\u0435 de Ligne', attrs: {} }).refused(/looks like the unit "61e de Ligne"/);
    given(battle).when({ type: 'EditUnit', unit: 'u1', name: '61e  de LIGNE', attrs: {} }).then([{ type: 'UnitEdited', data: { unitId: 'u1', attrs: {}, name: '61e de LIGNE' } }]);
  });
  it('a side and a command alike', () => {
    given(battle).when({ type: 'AddSide', name: 'Frenc\u04BB' }).refused(/looks like the side "French"/);
    given(battle).when({ type: 'AddCommand', name: 'I\u200BV Corps', side: 'French' }).refused(/already a command named "IV Corps"/);
    given(battle).when({ type: 'AddCommand', name: '\u0406V Corps', side: 'French' }).refused(/looks like the command "IV Corps"/);
  });
  it('an officer that looks like another command\'s officer; the same officer twice stays allowed', () => {
    given(battle).when({ type: 'AddCommand', name: 'Reserve', side: 'French', officer: 'M\u0430sséna' }).refused(/looks like the officer "Masséna"/);
    given(battle)
      .when({ type: 'AddCommand', name: 'Reserve', side: 'French', officer: ' Masse\u0301na ' })
      .then([{ type: 'CommandAdded', data: { commandId: 'c2', name: 'Reserve', sideId: 's1', officer: 'Masséna' } }]);
  });
  it('every name stored is normalised: battle, side, command, officer, unit', () => {
    expect(given([]).when({ type: 'CreateBattle', name: 'W\u00ADagram\u00A0 1809', system: 'medieval', channel: 't' }).events()[0]!.data).toMatchObject({ name: 'Wagram 1809' });
    given(battle).when({ type: 'AddSide', name: '\u202EAustrians' }).then([{ type: 'SideAdded', data: { sideId: 's2', name: 'Austrians' } }]);
    given(battle)
      .when({ type: 'AddUnit', name: '\u200E8e  de Ligne\u200B', command: 'IV Corps', attrs })
      .then([{ type: 'UnitAdded', data: { unitId: 'u4', name: '8e de Ligne', commandId: 'c1', attrs } }]);
  });
  it('a name made only of invisible characters is no name', () => given(battle).when({ type: 'AddSide', name: '\u200B\u200D' }).refused(/The side needs a name/));
});

describe('a unit is found by a look-alike of its name only where exactly one looks like it', () => {
  it.each(LOOKALIKES)('%s finds the unit it looks like, never 62e de Ligne', (_what, typed) => {
    expect(findUnit(given(battle).state, typed).id).toBe(meant(typed).id);
  });
  it('where an old log holds two names that look alike, each is found by its own name, a third look-alike by neither', () => {
    const twin: BattleEvent = { type: 'UnitAdded', data: { unitId: 'u9', name: '61\u0435 de Ligne', commandId: 'c1', attrs } };
    const s = given([...battle, twin]).state;
    expect(findUnit(s, NAME).id).toBe('u1');
    expect(findUnit(s, '61\u0435 de Ligne').id).toBe('u9');
    expect(() => findUnit(s, '61e de Lign\u0435')).toThrow(/There is no unit "61e de Lignе"/);
  });
  it('the command of /unit add is found by a look-alike too', () =>
    given(battle)
      .when({ type: 'AddUnit', name: '9e Léger', command: '\u0406V Corps', attrs })
      .then([{ type: 'UnitAdded', data: { unitId: 'u4', name: '9e Léger', commandId: 'c1', attrs } }]));
});

describe('an order of battle goes through the same checks, all or nothing', () => {
  const file = (units: string[], command = 'Reserve', side = 'French') => ({ sides: [{ name: side, commands: [{ name: command, units: units.map((name) => ({ name, ...attrs })) }] }] });
  it.each(LOOKALIKES)('a unit named with %s is refused naming the unit it looks like; nothing imported', (_what, typed) =>
    given(battle)
      .when({ type: 'ImportOrderOfBattle', source: 'oob.yaml', oob: file(['9e Léger', typed]) })
      .refused(new RegExp(`^oob\\.yaml: sides\\[0\\]\\.commands\\[0\\]\\.units\\[1\\]\\.name: .*"${meant(typed).name}".*nothing was imported\\.$`)));
  it('two units of the file that look alike', () =>
    given(battle).when({ type: 'ImportOrderOfBattle', source: 'oob.yaml', oob: file(['9e Léger', '9\u0435 Léger']) }).refused(/units\[1\]\.name: "9е Léger" looks like the unit "9e Léger"/));
  it('a command that looks like one in the battle', () =>
    given(battle).when({ type: 'ImportOrderOfBattle', source: 'oob.yaml', oob: file(['9e Léger'], '\u0406V Corps') }).refused(/commands\[0\]\.name: "ІV Corps" looks like the command "IV Corps"/));
  it('names are stored normalised; a side named by a look-alike is the side', () => {
    const events = given(battle).when({ type: 'ImportOrderOfBattle', source: 'oob.yaml', oob: file(['9e\u00A0L\u00E9ger\u200B'], 'Re\u00ADserve', 'Fr\u0435nch') }).events();
    expect(events.slice(1)).toEqual([
      { type: 'CommandAdded', data: { commandId: 'c2', name: 'Reserve', sideId: 's1' } },
      { type: 'UnitAdded', data: { unitId: 'u4', name: '9e Léger', commandId: 'c2', attrs } },
    ]);
  });
});

describe('logs written before normalisation replay unchanged', () => {
  it('names are as logged, look-alikes and all', () => {
    const oldUnit: BattleEvent = { type: 'UnitAdded', data: { unitId: 'u9', name: '61e  de Li\u200Bgne', commandId: 'c1', attrs } };
    const s = given([...battle, oldUnit]).state;
    expect(s.units.u9!.name).toBe('61e  de Li\u200Bgne');
    expect(findUnit(s, '61e  de Li\u200Bgne').id).toBe('u9');
    expect(findUnit(s, NAME).id).toBe('u1');
  });
});

describe('brigade leaders (BRG-1.2) are names too', () => {
  const brigade: BattleEvent[] = [
    { type: 'BattleCreated', data: { battleId: 'b1', name: 'Salamanca', system: 'brigade', channel: 'table', gm: 'gm' } },
    { type: 'SideAdded', data: { sideId: 's1', name: 'French' } },
    { type: 'CommandAdded', data: { commandId: 'c1', name: 'Thomières', sideId: 's1', officer: 'Arnauld' } },
    { type: 'BrigadeLeaderSet', data: { name: 'Marmont', sideId: 's1', kind: 'army-commander' } } as BattleEvent,
  ];
  it('a leader declared under a look-alike of a leader or an officer is refused naming them; the same leader again is his new kind', () => {
    given(brigade).when({ type: 'BrigadeSetLeader', name: 'Marrnont', side: 'French', kind: 'sub-general' }).refused(/"Marrnont" looks like the leader "Marmont".*\(BRG-1\.2\)/);
    given(brigade).when({ type: 'BrigadeSetLeader', name: 'Arn\u0430uld', side: 'French', kind: 'sub-general' }).refused(/looks like the leader "Arnauld"/);
    given(brigade)
      .when({ type: 'BrigadeSetLeader', name: ' Mar\u200Bmont ', side: 'French', kind: 'sub-general' })
      .then([{ type: 'BrigadeLeaderSet', data: { name: 'Marmont', sideId: 's1', kind: 'sub-general' } } as BattleEvent]);
  });
  it('a leader who fell is found by a look-alike and logged by his name', () => {
    const e = given(brigade).when({ type: 'BrigadeLeaderFell', leader: 'Arn\u0430uld\u200B', rule: 'BRG-3.3.5' }).events();
    expect(e[0]!.data).toMatchObject({ leader: 'Arnauld', kind: 'brigade-commander', sideId: 's1' });
  });
});
