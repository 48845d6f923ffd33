import { describe, expect, it } from 'vitest';
import type { BattleEvent } from '../../src/battle/events.ts';
import { given, worded } from '../support/spec.ts';

const created: BattleEvent = { type: 'BattleCreated', data: { battleId: 'b1', name: 'Ligny', system: 'medieval', channel: 'table', gm: 'gm' } };
const french: BattleEvent = { type: 'SideAdded', data: { sideId: 's1', name: 'French' } };
const prussians: BattleEvent = { type: 'SideAdded', data: { sideId: 's2', name: 'Prussians' } };
const corps: BattleEvent = { type: 'CommandAdded', data: { commandId: 'c1', name: 'III Corps', sideId: 's1', officer: 'Vandamme' } };
const ended: BattleEvent = { type: 'BattleEnded', data: { by: 'gm' } };

describe('CreateBattle', () => {
  it('creates the battle with its creator as GM and the dice commitment', () =>
    given([])
      .when({ type: 'CreateBattle', name: ' Ligny ', system: 'medieval', channel: 'table' }, 'gm', { seedHash: 'ab'.repeat(32) })
      .then([{ type: 'BattleCreated', data: { battleId: 'b1', name: 'Ligny', system: 'medieval', channel: 'table', gm: 'gm', seedHash: 'ab'.repeat(32) } }]));
  it('is refused when the battle exists', () => given([created]).when({ type: 'CreateBattle', name: 'X', system: 'medieval', channel: 't' }).refused(/already exists/));
  it('is refused for an unknown rule system', () =>
    given([])
      .when({ type: 'CreateBattle', name: 'X', system: 'chess' as never, channel: 't' })
      .refused(/Unknown rule system "chess"; choose one of percentile, brigade, medieval, charge/));
  it('is refused without a name', () => given([]).when({ type: 'CreateBattle', name: '  ', system: 'medieval', channel: 't' }).refused(/needs a name/));
  it('is refused with an overlong name', () => given([]).when({ type: 'CreateBattle', name: 'x'.repeat(81), system: 'medieval', channel: 't' }).refused(/too long/));
  it('records the medieval options the players agreed (MED-AUTOKILL, MED-PARTDICE, MED-INIT.1)', () => {
    const options = { autokill: true, partDice: false, initiativeDie: 6 as const };
    given([])
      .when({ type: 'CreateBattle', name: 'Bosworth', system: 'medieval', channel: 't', options })
      .then([{ type: 'BattleCreated', data: { battleId: 'b1', name: 'Bosworth', system: 'medieval', channel: 't', gm: 'gm', options } }]);
    expect(given([{ type: 'BattleCreated', data: { battleId: 'b1', name: 'Bosworth', system: 'medieval', channel: 't', gm: 'gm', options } }]).state.options).toEqual(options);
  });
  it('refuses medieval options for another system, naming them', () =>
    given([]).when({ type: 'CreateBattle', name: 'Ligny', system: 'percentile', channel: 't', options: { autokill: true, partDice: true } }).refused(/autokill, partDice: these are options of the medieval d10 rules only; a percentile battle takes none/));
  it('refuses an initiative die other than d6 or d10 (MED-INIT.1, MED-SEQ.1)', () =>
    given([]).when({ type: 'CreateBattle', name: 'X', system: 'medieval', channel: 't', options: { initiativeDie: 8 as never } }).refused(/d6 \(MED-INIT.1\) or a d10 \(MED-SEQ.1\), not a d8/));
});

describe('any action on a battle', () => {
  it('is refused before the battle exists', () => given([]).when({ type: 'AddSide', name: 'French' }).refused(/no battle here yet/));
  it('is refused after the battle ended', () => given([created, ended]).when({ type: 'AddSide', name: 'French' }).refused(/has ended/));
  it('is refused to a non-GM for GM actions', () => given([created]).when({ type: 'AddSide', name: 'French' }, 'alice').refused(/Only a GM/));
});

describe('GMs', () => {
  it('adds a GM', () => given([created]).when({ type: 'AddGm', user: 'bob' }).then([{ type: 'GmAdded', data: { user: 'bob' } }]));
  it('refuses to add a GM twice', () => given([created]).when({ type: 'AddGm', user: 'gm' }).refused(/already a GM/));
  it('removes a GM', () =>
    given([created, { type: 'GmAdded', data: { user: 'bob' } }])
      .when({ type: 'RemoveGm', user: 'gm' })
      .then([{ type: 'GmRemoved', data: { user: 'gm' } }]));
  it('refuses to remove the last GM', () => given([created]).when({ type: 'RemoveGm', user: 'gm' }).refused(/needs a GM/));
  it('refuses to remove someone who is not a GM', () => given([created]).when({ type: 'RemoveGm', user: 'bob' }).refused(/is not a GM/));
});

describe('sides', () => {
  it('adds a side with the next id', () => given([created, french]).when({ type: 'AddSide', name: 'Prussians' }).then([prussians]));
  it('refuses a side name already used, in any case', () => given([created, french]).when({ type: 'AddSide', name: 'FRENCH' }).refused(/already a side named "French"/));
  it('lets a player join a side', () =>
    given([created, french]).when({ type: 'JoinSide', side: 'french' }, 'alice').then([{ type: 'SideJoined', data: { sideId: 's1', user: 'alice' } }]));
  it('refuses joining an unknown side, listing the sides', () => given([created, french]).when({ type: 'JoinSide', side: 'Austrians' }, 'alice').refused(/no side "Austrians". Sides: French/));
  it('refuses joining the same side twice', () =>
    given([created, french, { type: 'SideJoined', data: { sideId: 's1', user: 'alice' } }]).when({ type: 'JoinSide', side: 'French' }, 'alice').refused(/already on French/));
  it('refuses joining a second side', () =>
    given([created, french, prussians, { type: 'SideJoined', data: { sideId: 's1', user: 'alice' } }])
      .when({ type: 'JoinSide', side: 'Prussians' }, 'alice')
      .refused(/already on French; a player plays for one side/));
});

describe('commands', () => {
  it('adds a command under an officer', () =>
    given([created, french]).when({ type: 'AddCommand', name: 'III Corps', side: 'French', officer: 'Vandamme' }).then([corps]));
  it('adds a command without an officer', () =>
    given([created, french])
      .when({ type: 'AddCommand', name: 'Guard', side: 's1' })
      .then([{ type: 'CommandAdded', data: { commandId: 'c1', name: 'Guard', sideId: 's1' } }]));
  it('refuses a duplicate command name', () => given([created, french, corps]).when({ type: 'AddCommand', name: 'iii corps', side: 'French' }).refused(/already a command/));
  it('refuses an unknown side', () => given([created, french]).when({ type: 'AddCommand', name: 'X', side: 'Nowhere' }).refused(/no side "Nowhere"/));
  it('assigns a command to a player, joining them to its side', () =>
    given([created, french, corps])
      .when({ type: 'AssignCommand', command: 'III Corps', user: 'alice' })
      .then([
        { type: 'SideJoined', data: { sideId: 's1', user: 'alice' } },
        { type: 'CommandAssigned', data: { commandId: 'c1', user: 'alice' } },
      ]));
  it('assigns without joining again when the player is on the side', () =>
    given([created, french, corps, { type: 'SideJoined', data: { sideId: 's1', user: 'alice' } }])
      .when({ type: 'AssignCommand', command: 'III Corps', user: 'alice' })
      .then([{ type: 'CommandAssigned', data: { commandId: 'c1', user: 'alice' } }]));
  it('refuses assigning a command to its own player again', () =>
    given([created, french, corps, { type: 'CommandAssigned', data: { commandId: 'c1', user: 'alice' } }])
      .when({ type: 'AssignCommand', command: 'III Corps', user: 'alice' })
      .refused(/already under <@alice>/));
  it('refuses assigning a command to a player of the other side', () =>
    given([created, french, prussians, corps, { type: 'SideJoined', data: { sideId: 's2', user: 'bob' } }])
      .when({ type: 'AssignCommand', command: 'III Corps', user: 'bob' })
      .refused(/plays for Prussians, not French/));
  it('refuses an unknown command', () => given([created, french]).when({ type: 'AssignCommand', command: 'IV Corps', user: 'a' }).refused(/no command "IV Corps"/));
});

describe('turn sequence', () => {
  it('advances a phase by the rule system (MED-SEQ)', () => {
    const events = given([created]).when({ type: 'AdvancePhase' }).events();
    const e = events[0]!;
    if (e.type !== 'PhaseAdvanced') throw new Error('expected PhaseAdvanced');
    if (e.data.from.turn !== 1 || e.data.from.phase !== 0 || e.data.to.phase !== 1) throw new Error(JSON.stringify(e.data));
  });
  it('refuses a period the system does not have', () => given([created]).when({ type: 'AdvanceTurn', period: 'night' }).refused(/no periods/));
});

describe('end and undo', () => {
  it('ends the battle', () => given([created]).when({ type: 'EndBattle' }).then([{ type: 'BattleEnded', data: { by: 'gm' } }]));
  it('undoes the last action', () =>
    given([created, french, prussians]).when({ type: 'Undo' }).then([{ type: 'ActionUndone', data: { voids: [3], summary: worded('side Prussians added') } }]));
  it('refuses undo with nothing to undo', () => given([created]).when({ type: 'Undo' }).refused(/nothing to undo/));
  it('refuses undo by a player', () => given([created, french]).when({ type: 'Undo' }, 'alice').refused(/Only a GM/));
  it('walks back one action at a time', () =>
    given([created, french, prussians, { type: 'ActionUndone', data: { voids: [3], summary: 'side Prussians added' } }])
      .when({ type: 'Undo' })
      .then([{ type: 'ActionUndone', data: { voids: [2], summary: worded('side French added') } }]));
});

const knights: BattleEvent = {
  type: 'UnitAdded',
  data: { unitId: 'u1', name: 'Household Knights', commandId: 'c1', attrs: { arm: 'cavalry', figures: 12, class: 'A', order: 'close', formation: 'line', armour: 'extra heavy', melee_weapon: 'heavy lance' } },
};

describe('units (validated against the pack: MED unit attributes)', () => {
  it('adds a unit, attributes normalised by the pack', () =>
    given([created, french, corps])
      .when({ type: 'AddUnit', name: 'Household Knights', command: 'III Corps', attrs: { arm: 'Cavalry', figures: '12', class: 'A', order: 'Close', formation: 'line', armour: 'extra heavy', melee_weapon: 'Heavy Lance' } })
      .then([knights]));
  it('refuses figures that are not a positive whole number', () =>
    given([created, french, corps])
      .when({ type: 'AddUnit', name: 'K', command: 'III Corps', attrs: { arm: 'cavalry', figures: 0, class: 'A' } })
      .refused(/figures: expected a positive whole number/));
  it('refuses a missing required attribute', () =>
    given([created, french, corps]).when({ type: 'AddUnit', name: 'K', command: 'III Corps', attrs: { arm: 'cavalry', figures: 3 } }).refused(/class/));
  it("refuses an attribute the system doesn't have, naming whose it is", () =>
    given([created, french, corps, knights])
      .when({ type: 'AddUnit', name: 'K', command: 'III Corps', attrs: { ...knights.data.attrs, howitzers: 2 } })
      .refused(/^howitzers \(of the percentage-dice rules\) is not an attribute of the medieval d10 rules; its attributes are arm, figures, class, order, formation, armour, weapon, melee_weapon, cannon; nothing was changed\.$/));
  it('refuses a value outside the list', () =>
    given([created, french, corps])
      .when({ type: 'AddUnit', name: 'K', command: 'III Corps', attrs: { arm: 'tanks', figures: 3, class: 'A' } })
      .refused(/arm: expected one of infantry, cavalry/));
  it('refuses a duplicate unit name', () =>
    given([created, french, corps, knights])
      .when({ type: 'AddUnit', name: 'household knights', command: 'III Corps', attrs: { arm: 'cavalry', figures: 3, class: 'A' } })
      .refused(/already a unit named "Household Knights"/));
  it('refuses an unknown command', () =>
    given([created, french, corps]).when({ type: 'AddUnit', name: 'K', command: 'Nope', attrs: { arm: 'cavalry', figures: 3, class: 'A' } }).refused(/no command "Nope"/));
  it('edits attributes, name and command', () =>
    given([created, french, corps, { type: 'CommandAdded', data: { commandId: 'c2', name: 'Guard', sideId: 's1' } }, knights])
      .when({ type: 'EditUnit', unit: 'Household Knights', name: 'Knights', command: 'Guard', attrs: { figures: 10 } })
      .then([{ type: 'UnitEdited', data: { unitId: 'u1', attrs: { figures: 10 }, name: 'Knights', commandId: 'c2' } }]));
  it('folds an edit into the unit: the attributes given over the old, the name and command if given', () => {
    const guard: BattleEvent = { type: 'CommandAdded', data: { commandId: 'c2', name: 'Guard', sideId: 's1' } };
    const moved: BattleEvent = { type: 'UnitEdited', data: { unitId: 'u1', attrs: { figures: 10 }, name: 'Knights', commandId: 'c2' } };
    const losses: BattleEvent = { type: 'UnitEdited', data: { unitId: 'u1', attrs: { figures: 8 } } };
    expect(given([created, french, corps, guard, knights, moved, losses]).state.units.u1).toStrictEqual({ id: 'u1', name: 'Knights', commandId: 'c2', attrs: { ...knights.data.attrs, figures: 8 } });
  });
  it('refuses an edit that changes nothing', () => given([created, french, corps, knights]).when({ type: 'EditUnit', unit: 'u1', attrs: {} }).refused(/Nothing to change/));
  it('refuses an edit with a bad value', () =>
    given([created, french, corps, knights]).when({ type: 'EditUnit', unit: 'u1', attrs: { figures: -2 } }).refused(/figures: expected a positive whole number/));
  it('refuses renaming onto another unit', () =>
    given([created, french, corps, knights, { ...knights, data: { ...knights.data, unitId: 'u2', name: 'Bowmen' } }])
      .when({ type: 'EditUnit', unit: 'Bowmen', name: 'Household Knights', attrs: {} })
      .refused(/already a unit named/));
  it('removes a unit', () =>
    given([created, french, corps, knights]).when({ type: 'RemoveUnit', unit: 'household knights' }).then([{ type: 'UnitRemoved', data: { unitId: 'u1', name: 'Household Knights' } }]));
  it('refuses removing an unknown unit', () => given([created, french, corps]).when({ type: 'RemoveUnit', unit: 'Ghosts' }).refused(/no unit "Ghosts"/));
});

describe('order of battle import', () => {
  /** What MED-MOVE, MED-FIRE and MED-MELEE need of a medieval foot unit besides arm, figures and class. */
  const foot = { order: 'close', formation: 'line', armour: 'medium', melee_weapon: 'spear' };
  const oob = {
    sides: [
      {
        name: 'French',
        commands: [{ name: 'Guard', officer: 'Drouot', player: 'alice', units: [{ name: 'Old Guard', arm: 'infantry', figures: 30, class: 'A', ...foot }] }],
      },
      { name: 'Prussians', commands: [{ name: 'I Corps', units: [{ name: 'Landwehr', arm: 'infantry', figures: 24, class: 'D', ...foot }] }] },
    ],
  };
  it('adds sides (reusing one of the same name), commands, players and units as one action', () =>
    given([created, french])
      .when({ type: 'ImportOrderOfBattle', source: 'oob.yaml', oob })
      .then([
        { type: 'OrderOfBattleImported', data: { source: 'oob.yaml', sides: 1, commands: 2, units: 2 } },
        { type: 'CommandAdded', data: { commandId: 'c1', name: 'Guard', sideId: 's1', officer: 'Drouot' } },
        { type: 'SideJoined', data: { sideId: 's1', user: 'alice' } },
        { type: 'CommandAssigned', data: { commandId: 'c1', user: 'alice' } },
        { type: 'UnitAdded', data: { unitId: 'u1', name: 'Old Guard', commandId: 'c1', attrs: { arm: 'infantry', figures: 30, class: 'A', ...foot } } },
        { type: 'SideAdded', data: { sideId: 's2', name: 'Prussians' } },
        { type: 'CommandAdded', data: { commandId: 'c2', name: 'I Corps', sideId: 's2' } },
        { type: 'UnitAdded', data: { unitId: 'u2', name: 'Landwehr', commandId: 'c2', attrs: { arm: 'infantry', figures: 24, class: 'D', ...foot } } },
      ]));
  it('names every bad entry and field, and imports nothing', () =>
    given([created])
      .when({
        type: 'ImportOrderOfBattle',
        source: 'bad.yaml',
        oob: {
          sides: [
            {
              name: 'French',
              commands: [
                { name: 'A', units: [] },
                { name: 'B', units: [{ name: 'x', arm: 'infantry', figures: 1, class: 'A', ...foot }, { name: 'y', arm: 'infantry', figures: 2, class: 'A', ...foot }, { name: 'z', arm: 'infantry', figures: 3, class: 'A', ...foot }, { name: 'w', arm: 'infantry', figures: 0, class: 'Q', ...foot }] },
              ],
            },
          ],
        },
      })
      .refused(/bad.yaml has 2 errors; nothing was imported:\nsides\[0\]\.commands\[1\]\.units\[3\]\.figures: expected a positive whole number\nsides\[0\]\.commands\[1\]\.units\[3\]\.class: expected one of/));
  it('refuses a file without sides', () => given([created]).when({ type: 'ImportOrderOfBattle', source: 'f.json', oob: { armies: [] } }).refused(/sides: expected a list of sides/));
  it('refuses a command name already in the battle', () =>
    given([created, french, { type: 'CommandAdded', data: { commandId: 'c1', name: 'Guard', sideId: 's1' } }])
      .when({ type: 'ImportOrderOfBattle', source: 'oob.yaml', oob })
      .refused(/sides\[0\]\.commands\[0\]\.name: there is already a command named "Guard"/));
  it('refuses a player on both sides', () =>
    given([created])
      .when({
        type: 'ImportOrderOfBattle',
        source: 'o.yaml',
        oob: { sides: [{ name: 'A', commands: [{ name: 'a', player: 'p', units: [] }] }, { name: 'B', commands: [{ name: 'b', player: 'p', units: [] }] }] },
      })
      .refused(/sides\[1\]\.commands\[0\]\.player: p already plays for A/));
  it('is for GMs only', () => given([created]).when({ type: 'ImportOrderOfBattle', source: 'o', oob }, 'alice').refused(/Only a GM/));
});
