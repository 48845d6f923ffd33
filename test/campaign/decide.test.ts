import { describe, expect, it } from 'vitest';
import { decideCampaign, type CampaignAction } from '../../src/campaign/decide.ts';
import type { ArmyRecord, CampaignEvent } from '../../src/campaign/events.ts';
import { replayCampaign } from '../../src/campaign/evolve.ts';
import { RuleError } from '../../src/rules/errors.ts';

const NOW = '2026-12-01T12:00:00.000Z';
const unit = (unitId: string, name: string, figures: number) => ({ unitId, name, command: 'Host', attrs: { arm: 'infantry', figures, class: 'C', order: 'close', formation: 'line', armour: 'light', melee_weapon: 'sword' }, status: 'fit' as const });
const army = (armyId: string, name: string, units: ReturnType<typeof unit>[]): ArmyRecord => ({ armyId, name, system: 'medieval', commands: [{ name: `${name} Host` }], units: units.map((u) => ({ ...u, command: `${name} Host` })) });

/** Two sides, an army each: York's (u1, u2) played by bob, Lancaster's (u3) by alice. */
const SETUP: CampaignEvent[] = [
  { type: 'CampaignCreated', data: { campaignId: 'c1', name: 'Roses', channel: 'campaign', gm: 'gm' } },
  { type: 'CampaignSideAdded', data: { sideId: 's1', name: 'York' } },
  { type: 'CampaignSideAdded', data: { sideId: 's2', name: 'Lancaster' } },
  { type: 'CampaignSideJoined', data: { sideId: 's1', user: 'bob' } },
  { type: 'CampaignSideJoined', data: { sideId: 's2', user: 'alice' } },
  { type: 'ArmiesImported', data: { sideId: 's1', source: 'york.yaml', armies: [army('a1', 'Yorkists', [unit('u1', 'Billmen', 20), unit('u2', 'Archers', 12)])] } },
  { type: 'ArmiesImported', data: { sideId: 's2', source: 'lancaster.yaml', armies: [army('a2', 'Lancastrians', [unit('u3', 'Retinue', 16)])] } },
];

function given(events: CampaignEvent[]) {
  const state = replayCampaign('c1', events.map((event, i) => ({ battleId: 'c1', version: i + 1, event, actor: 'gm', at: NOW, requestId: `r${i}` })));
  return {
    state,
    when: (action: CampaignAction, actor = 'gm', now = NOW) => {
      const run = () => decideCampaign(state, action, { actor, now });
      return {
        then: (expected: CampaignEvent[]) => expect(run()).toEqual(expected),
        refused: (why: RegExp) => {
          expect(run).toThrow(RuleError);
          expect(run).toThrow(why);
        },
      };
    },
  };
}

const TURN: CampaignEvent = { type: 'CampaignTurnOpened', data: { turn: 1, openedAt: NOW, deadline: '2026-12-02T12:00:00.000Z', voters: [{ armyId: 'a1', users: ['bob'] }, { armyId: 'a2', users: ['alice'] }] } };

describe('the campaign decider', () => {
  it('a turn opens for every army with a unit left, its players the voters', () => {
    given(SETUP).when({ type: 'OpenCampaignTurn', deadline: '2026-12-02T12:00:00.000Z' }).then([TURN]);
  });

  it('a turn does not open while the last is unrevealed', () => {
    given([...SETUP, TURN]).when({ type: 'OpenCampaignTurn' }).refused(/Turn 1 is still open/);
  });

  it("an army's orders are its players' only; a GM enters them only openly (onBehalf)", () => {
    given([...SETUP, TURN]).when({ type: 'SendOrders', army: 'Lancastrians', text: 'Hold' }, 'bob').refused(/Lancastrians is not yours: only <@alice> may send its orders/);
    given([...SETUP, TURN]).when({ type: 'SendOrders', army: 'Lancastrians', text: 'Hold' }, 'gm').refused(/not yours/);
    given([...SETUP, TURN]).when({ type: 'SendOrders', army: 'Lancastrians', text: 'Hold', onBehalf: true }, 'bob').refused(/Only a GM may enter orders for an absent player/);
  });

  it('the last orders in reveal all of them at once', () => {
    const sent: CampaignEvent = { type: 'OrdersSent', data: { turn: 1, armyId: 'a1', text: 'Advance', by: 'bob', onBehalf: false } };
    given([...SETUP, TURN, sent])
      .when({ type: 'SendOrders', army: 'a2', text: 'Hold' }, 'alice')
      .then([
        { type: 'OrdersSent', data: { turn: 1, armyId: 'a2', text: 'Hold', by: 'alice', onBehalf: false } },
        {
          type: 'OrdersRevealed',
          data: { turn: 1, reason: 'all sent', orders: [{ armyId: 'a1', army: 'Yorkists', text: 'Advance', by: 'bob', onBehalf: false }, { armyId: 'a2', army: 'Lancastrians', text: 'Hold', by: 'alice', onBehalf: false }] },
        },
      ]);
  });

  it('orders in during a pause are revealed as it ends, with the time that was left', () => {
    const paused: CampaignEvent[] = [
      TURN,
      { type: 'CampaignTurnPaused', data: { turn: 1, remainingMs: 3_600_000 } },
      { type: 'OrdersSent', data: { turn: 1, armyId: 'a1', text: 'Advance', by: 'bob', onBehalf: false } },
      { type: 'OrdersSent', data: { turn: 1, armyId: 'a2', text: 'Hold', by: 'alice', onBehalf: false } },
    ];
    const events = decideCampaign(given([...SETUP, ...paused]).state, { type: 'ResumeCampaignTurn' }, { actor: 'gm', now: NOW });
    expect(events.map((e) => e.type)).toEqual(['CampaignTurnResumed', 'OrdersRevealed']);
    expect(events[0]!.data).toEqual({ turn: 1, deadline: '2026-12-01T13:00:00.000Z' });
  });

  it("only the umpire closes a turn at its deadline, and only once it has passed", () => {
    given([...SETUP, TURN]).when({ type: 'CloseCampaignTurn' }, 'gm').refused(/Only the umpire does that/);
    given([...SETUP, TURN]).when({ type: 'CloseCampaignTurn' }, 'umpire:system', NOW).refused(/deadline has not passed/);
  });

  it('a name that only looks like another is refused to a new army, command or unit', () => {
    // "Вillmen" begins with a Cyrillic Ve: it reads as "Billmen".
    const file = { armies: [{ name: 'Percy', system: 'medieval', commands: [{ name: 'Percy Host', units: [{ name: 'Вillmen', arm: 'infantry', figures: 10, class: 'C', order: 'close', formation: 'line', armour: 'light', melee_weapon: 'sword' }] }] }] };
    given(SETUP).when({ type: 'ImportArmies', source: 'percy.yaml', file }, 'bob').refused(/looks like the unit "Billmen"/);
  });

  it("a player imports only their own side's armies; a GM names the side", () => {
    const file = { armies: [{ name: 'Percy', system: 'medieval', commands: [{ name: 'Percy Host', units: [{ name: 'Hobelars', arm: 'cavalry', figures: 6, class: 'C', order: 'close', formation: 'line', armour: 'light', melee_weapon: 'light lance' }] }] }] };
    given(SETUP).when({ type: 'ImportArmies', side: 'Lancaster', source: 'percy.yaml', file }, 'bob').refused(/Only Lancaster's players or a GM may import Lancaster's armies/);
    given(SETUP).when({ type: 'ImportArmies', source: 'percy.yaml', file }, 'gm').refused(/Name the side whose armies these are/);
    given(SETUP).when({ type: 'ImportArmies', source: 'percy.yaml', file }, 'carol').refused(/You are on no side of Roses/);
  });

  it('an unknown rule system, status or shape in a roster is named, nothing imported', () => {
    const file = { armies: [{ name: 'Percy', system: 'chess', commands: [{ name: 'Percy Host', units: [{ name: 'Rooks', status: 'sleeping', figures: 2 }] }] }] };
    const run = () => decideCampaign(given(SETUP).state, { type: 'ImportArmies', source: 'percy.yaml', file }, { actor: 'bob', now: NOW });
    expect(run).toThrow(/^percy\.yaml has 2 errors; nothing was imported:\n/);
    expect(run).toThrow('armies[0].system: unknown rule system "chess"; choose one of percentile, brigade, medieval, charge');
    expect(run).toThrow('armies[0].commands[0].units[0].status: expected a status: fit, routed, destroyed, captured');
  });

  it('a unit with no figures left is destroyed or captured: a GM ruling of figures:0 says which', () => {
    given(SETUP).when({ type: 'SetUnitState', unit: 'Archers', figures: 0, note: 'Wiped out' }).refused(/with no figures left is destroyed or captured/);
    given(SETUP)
      .when({ type: 'SetUnitState', unit: 'Archers', figures: 0, status: 'destroyed', note: 'Wiped out' })
      .then([{ type: 'UnitStateSet', data: { unitId: 'u2', attrs: { ...unit('u2', 'Archers', 0).attrs }, status: 'destroyed', note: 'Wiped out', by: 'gm' } }]);
  });

  it('a battle draws armies of two sides and of its rule system; a campaign battle gets the next c<n>-b<n>', () => {
    given(SETUP)
      .when({ type: 'StartCampaignBattle', name: 'Towton', system: 'medieval', channel: 'towton', armies: ['Yorkists', 'Lancastrians'] })
      .then([{ type: 'CampaignBattleStarted', data: { battleId: 'c1-b1', name: 'Towton', channel: 'towton', system: 'medieval', turn: 0, armies: ['a1', 'a2'], units: ['u1', 'u2', 'u3'] } }]);
  });

  it('the campaign does not end while a battle of it is unsettled', () => {
    const started: CampaignEvent = { type: 'CampaignBattleStarted', data: { battleId: 'c1-b1', name: 'Towton', channel: 'towton', system: 'medieval', turn: 0, armies: ['a1', 'a2'], units: ['u1', 'u2', 'u3'] } };
    given([...SETUP, started]).when({ type: 'EndCampaign' }).refused(/Towton \(c1-b1\) is not settled yet/);
    given([...SETUP, started]).when({ type: 'TransferUnit', unit: 'Archers', army: 'Lancastrians' }).refused(/^Towton \(c1-b1\) is not settled yet: .*\. Archers fought in it, and is changed once its result is confirmed\.$/);
  });

  it('a refusal for units in a battle not settled leads with that battle and what it waits for, then the units (issue 41)', () => {
    const started: CampaignEvent = { type: 'CampaignBattleStarted', data: { battleId: 'c1-b1', name: 'Towton', channel: 'towton', system: 'medieval', turn: 0, armies: ['a1', 'a2'], units: ['u1', 'u2', 'u3'] } };
    const proposed: CampaignEvent = { type: 'BattleResultProposed', data: { battleId: 'c1-b1', through: { version: 9, hash: 'ab'.repeat(32) }, units: [], leaders: [], result: 'A draw.' } };
    const again: CampaignAction = { type: 'StartCampaignBattle', name: 'Ferrybridge', system: 'medieval', channel: 'ferrybridge', armies: ['Yorkists', 'Lancastrians'] };
    given([...SETUP, started])
      .when(again)
      .refused(/^Towton \(c1-b1\) is not settled yet: it is still being fought; its GM ends it with \/battle end in <#towton>; a unit fights one battle at a time, and 3 units of these armies are in it: Billmen, Archers, Retinue\. Nothing was started\.$/);
    given([...SETUP, started, proposed]).when(again).refused(/^Towton \(c1-b1\) is not settled yet: its result waits for a GM's \/campaign battle confirm battle:c1-b1; a unit fights/);
    given([...SETUP, started, proposed]).when({ type: 'SetUnitState', unit: 'Retinue', figures: 10, note: 'Levies' }).refused(/^Towton \(c1-b1\) is not settled yet: its result waits for a GM's \/campaign battle confirm battle:c1-b1\. Retinue fought in it/);
    given([...SETUP, started, proposed]).when({ type: 'EndCampaign' }).refused(/^Towton \(c1-b1\) is not settled yet: its result waits for a GM's \/campaign battle confirm battle:c1-b1\. The campaign ends once its battles are settled\.$/);
  });
});

describe("a roster's players are its side's (issue 38)", () => {
  /** A roster of one army whose one command is played by `player`. */
  const roster = (player: string) => ({
    armies: [{ name: 'Percy', system: 'medieval', commands: [{ name: 'Percy Host', player, units: [{ name: 'Percy Retinue', ...unit('u', 'x', 10).attrs }] }] }],
  });
  const percy = (player: string) => ({ armyId: 'a3', name: 'Percy', system: 'medieval' as const, commands: [{ name: 'Percy Host', player }], units: [{ ...unit('u4', 'Percy Retinue', 10), command: 'Percy Host' }] });
  /** As an older log holds it: Lancaster's roster named @bob of York. */
  const stray: CampaignEvent = { type: 'ArmiesImported', data: { sideId: 's2', source: 'percy.yaml', armies: [percy('bob')] } };

  it("a player's roster naming a player of another side, or of none, is refused, naming the player and the side", () => {
    given(SETUP).when({ type: 'ImportArmies', source: 'percy.yaml', file: roster('bob') }, 'alice').refused(/^percy\.yaml: armies\[0\]\.commands\[0\]\.player: <@bob> plays for York, not Lancaster; a roster names its own side's players\. Nothing was imported\.$/);
    given(SETUP).when({ type: 'ImportArmies', source: 'percy.yaml', file: roster('carol') }, 'alice').refused(/<@carol> is not a player of Lancaster; .*\/campaign join side:Lancaster.*Nothing was imported/);
    given(SETUP).when({ type: 'ImportArmies', source: 'percy.yaml', file: roster('alice') }, 'alice').then([{ type: 'ArmiesImported', data: { sideId: 's2', source: 'percy.yaml', armies: [percy('alice')] } }]);
  });

  it("a GM's roster may not name another side's player either; one of no side joins the roster's side", () => {
    given(SETUP).when({ type: 'ImportArmies', side: 'Lancaster', source: 'percy.yaml', file: roster('bob') }).refused(/<@bob> plays for York, not Lancaster/);
    given(SETUP)
      .when({ type: 'ImportArmies', side: 'Lancaster', source: 'percy.yaml', file: roster('carol') })
      .then([
        { type: 'CampaignSideJoined', data: { sideId: 's2', user: 'carol' } },
        { type: 'ArmiesImported', data: { sideId: 's2', source: 'percy.yaml', armies: [percy('carol')] } },
      ]);
  });

  it("a GM gives an army's commands to a player of its side, or of none (who joins it); never to another side's", () => {
    given(SETUP).when({ type: 'AssignArmy', army: 'Lancastrians', user: 'carol' }, 'alice').refused(/Only a GM of Roses may do that/);
    given(SETUP).when({ type: 'AssignArmy', army: 'Lancastrians', user: 'bob' }).refused(/^<@bob> plays for York, not Lancaster: the commands of Lancastrians are for Lancaster's players\.$/);
    given(SETUP).when({ type: 'AssignArmy', army: 'Lancastrians', command: 'Vanguard', user: 'alice' }).refused(/Lancastrians has no command "Vanguard". Its commands: Lancastrians Host/);
    given(SETUP).when({ type: 'AssignArmy', army: 'Lancastrians', command: 'lancastrians host', user: 'alice' }).then([{ type: 'ArmyAssigned', data: { armyId: 'a2', commands: ['Lancastrians Host'], user: 'alice' } }]);
    given(SETUP)
      .when({ type: 'AssignArmy', army: 'Lancastrians', user: 'carol' })
      .then([
        { type: 'CampaignSideJoined', data: { sideId: 's2', user: 'carol' } },
        { type: 'ArmyAssigned', data: { armyId: 'a2', commands: ['Lancastrians Host'], user: 'carol' } },
      ]);
    given([...SETUP, { type: 'ArmyAssigned', data: { armyId: 'a2', commands: ['Lancastrians Host'], user: 'alice' } }]).when({ type: 'AssignArmy', army: 'Lancastrians', user: 'alice' }).refused(/Lancastrians Host of Lancastrians is already <@alice>'s/);
  });

  it("mid-turn, the army's orders are its new player's from the reassignment on; the old player's are refused", () => {
    const moved: CampaignEvent[] = [TURN, { type: 'CampaignSideJoined', data: { sideId: 's2', user: 'carol' } }, { type: 'ArmyAssigned', data: { armyId: 'a2', commands: ['Lancastrians Host'], user: 'carol' } }];
    expect(given([...SETUP, ...moved]).state.turns[0]!.voters).toEqual([{ armyId: 'a1', users: ['bob'] }, { armyId: 'a2', users: ['carol'] }]);
    given([...SETUP, ...moved]).when({ type: 'SendOrders', army: 'Lancastrians', text: 'Hold' }, 'alice').refused(/Lancastrians is not yours: only <@carol> may send its orders/);
    given([...SETUP, ...moved]).when({ type: 'SendOrders', army: 'Lancastrians', text: 'Hold' }, 'carol').then([{ type: 'OrdersSent', data: { turn: 1, armyId: 'a2', text: 'Hold', by: 'carol', onBehalf: false } }]);
  });

  it("an older log's roster naming an enemy: no turn opens nor battle starts until a GM reassigns, and its player joins no other side", () => {
    given([...SETUP, stray]).when({ type: 'OpenCampaignTurn' }).refused(/^Percy Host of Percy is played by <@bob> of York: a GM gives it to a player of the army's side with \/campaign army assign first\. No turn was opened\.$/);
    given([...SETUP, stray]).when({ type: 'StartCampaignBattle', name: 'Towton', system: 'medieval', channel: 'towton', armies: ['Yorkists', 'Percy'] }).refused(/Percy Host of Percy is played by <@bob> of York.*Nothing was started/);
    const fixed: CampaignEvent = { type: 'ArmyAssigned', data: { armyId: 'a3', commands: ['Percy Host'], user: 'alice' } };
    expect(decideCampaign(given([...SETUP, stray, fixed]).state, { type: 'OpenCampaignTurn' }, { actor: 'gm', now: NOW })[0]!.type).toBe('CampaignTurnOpened');
    const noSide: CampaignEvent = { type: 'ArmiesImported', data: { sideId: 's2', source: 'percy.yaml', armies: [percy('dave')] } };
    given([...SETUP, noSide]).when({ type: 'JoinCampaignSide', side: 'York' }, 'dave').refused(/You play a command of Percy, an army of Lancaster: you may join Lancaster only/);
    given([...SETUP, noSide]).when({ type: 'JoinCampaignSide', side: 'Lancaster' }, 'dave').then([{ type: 'CampaignSideJoined', data: { sideId: 's2', user: 'dave' } }]);
  });
});
