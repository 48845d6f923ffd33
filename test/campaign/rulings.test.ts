import { describe, expect, it } from 'vitest';
import { english } from '../../src/i18n/text.ts';
import { statusPost } from '../../src/app/messages/campaign-announce.ts';
import { campaignReportText, campaignReport } from '../../src/app/reports/campaign-report.ts';
import { decideCampaign, type CampaignAction } from '../../src/campaign/decide.ts';
import type { ArmyRecord, CampaignEvent, UnitResult } from '../../src/campaign/events.ts';
import { replayCampaign } from '../../src/campaign/evolve.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { campaignTable, channel, errors, STOKE } from './support.ts';

/**
 * Issue 41, the GM's rulings: leaders fallen, captured, fit again or replaced, a unit's figures,
 * status or leader, each logged with the GM's words and shown as the GM's; a battle that fields a
 * detachment; a unit moved between the commands of its army; the status post's mark on orders a GM entered.
 */
const NOW = '2026-12-01T12:00:00.000Z';
const medieval = (unitId: string, name: string, figures: number, command: string) => ({
  unitId,
  name,
  command,
  attrs: { arm: 'infantry', figures, class: 'C', order: 'close', formation: 'line', armour: 'light', melee_weapon: 'sword' },
  status: 'fit' as const,
});
const brigade = (unitId: string, name: string, command: string, leader?: string) => ({
  unitId,
  name,
  command,
  attrs: { arm: 'infantry', morale: 4, melee_dice: '1D3', figures: 8, ...(leader ? { leader } : {}) },
  status: 'fit' as const,
});

/** York (bob): Yorkists, two commands, Richard of York leading the Host; Lancaster (alice): Lancastrians; and a brigade army each. */
const YORKISTS: ArmyRecord = {
  armyId: 'a1',
  name: 'Yorkists',
  system: 'medieval',
  commands: [
    { name: 'York Host', officer: 'Richard of York', player: 'bob' },
    { name: 'March Ward', officer: 'Edward of March', player: 'bob' },
  ],
  units: [medieval('u1', 'Billmen', 20, 'York Host'), medieval('u2', 'Archers', 12, 'York Host'), medieval('u3', 'Marcher Spears', 16, 'March Ward')],
};
const LANCASTRIANS: ArmyRecord = { armyId: 'a2', name: 'Lancastrians', system: 'medieval', commands: [{ name: 'Lancastrians Host', officer: 'Duke of Somerset', player: 'alice' }], units: [medieval('u4', 'Retinue', 16, 'Lancastrians Host')] };
const FRENCH: ArmyRecord = { armyId: 'a3', name: 'Army of Portugal', system: 'brigade', commands: [{ name: "Arnauld's Brigade", officer: 'Arnauld' }], units: [brigade('u5', '1/15e de Ligne', "Arnauld's Brigade", 'Arnauld')] };
const BRITISH: ArmyRecord = { armyId: 'a4', name: "Wellington's Army", system: 'brigade', commands: [{ name: "Wallace's Brigade", officer: 'Wallace' }], units: [brigade('u6', '1/45th Foot', "Wallace's Brigade", 'Major Greenwell')] };

const SETUP: CampaignEvent[] = [
  { type: 'CampaignCreated', data: { campaignId: 'c1', name: 'Roses', channel: 'campaign', gm: 'gm' } },
  { type: 'CampaignSideAdded', data: { sideId: 's1', name: 'York' } },
  { type: 'CampaignSideAdded', data: { sideId: 's2', name: 'Lancaster' } },
  { type: 'CampaignSideJoined', data: { sideId: 's1', user: 'bob' } },
  { type: 'CampaignSideJoined', data: { sideId: 's2', user: 'alice' } },
  { type: 'ArmiesImported', data: { sideId: 's1', source: 'york.yaml', armies: [YORKISTS, FRENCH] } },
  { type: 'ArmiesImported', data: { sideId: 's2', source: 'lancaster.yaml', armies: [LANCASTRIANS, BRITISH] } },
];

const STARTED: CampaignEvent = { type: 'CampaignBattleStarted', data: { battleId: 'c1-b1', name: 'Towton', channel: 'towton', system: 'medieval', turn: 0, armies: ['a1', 'a2'], units: ['u1', 'u2', 'u3', 'u4'] } };
const result = (unitId: string, name: string, figures: number, after: number, why = 'no losses'): UnitResult => ({
  unitId,
  name,
  before: { figures, status: 'fit' },
  after: { attrs: { ...medieval(unitId, name, after, '').attrs }, status: 'fit' },
  why: [why],
});
/** Towton's end as its log proposes it: the archers lose 2, nobody's leader is named fallen. */
const PROPOSED: CampaignEvent = {
  type: 'BattleResultProposed',
  data: {
    battleId: 'c1-b1',
    through: { version: 9, hash: 'f'.repeat(64) },
    units: [result('u1', 'Billmen', 20, 20), result('u2', 'Archers', 12, 10, 'lost 2 of 12 figures (MED-FIRE, MED-MELEE)'), result('u3', 'Marcher Spears', 16, 16), result('u4', 'Retinue', 16, 16)],
    leaders: [],
    result: 'York 48 → 46 figures; Lancaster 16 → 16 figures.',
  },
};

const log = (events: CampaignEvent[]) => events.map((event, i) => ({ battleId: 'c1', version: i + 1, event, actor: 'gm', at: NOW, requestId: `r${i}` }));

function given(events: CampaignEvent[]) {
  const state = replayCampaign('c1', log(events));
  return {
    state,
    when: (action: CampaignAction, actor = 'gm') => {
      const run = () => decideCampaign(state, action, { actor, now: NOW });
      return {
        then: (expected: CampaignEvent[]) => {
          expect(run()).toEqual(expected);
          return replayCampaign('c1', log([...events, ...expected]));
        },
        refused: (why: RegExp) => {
          expect(run).toThrow(RuleError);
          expect(run).toThrow(why);
        },
      };
    },
  };
}

describe("a GM's ruling on a leader in a battle's result (issue 41)", () => {
  it('MED-MORALE-MOD.28: a commander killed or wounded is the GM\'s to rule: logged with the note, the log\'s "unhurt" kept beside it, and his command fights the next battle without him', () => {
    const ruled: CampaignEvent = { type: 'BattleLeaderAdjusted', data: { battleId: 'c1-b1', armyId: 'a1', command: 'York Host', officer: 'Richard of York', fate: 'fallen', note: 'Cut down at Wakefield', by: 'gm' } };
    const s = given([...SETUP, STARTED, PROPOSED]).when({ type: 'AdjustBattleResult', battle: 'c1-b1', leader: 'richard of york', fate: 'fallen', note: 'Cut down at Wakefield' }).then([ruled]);
    expect(s.battles['c1-b1']!.result!.leaders.map((l) => ({ ...l, why: english(l.why) }))).toEqual([
      { armyId: 'a1', command: 'York Host', officer: 'Richard of York', why: "the log names no fall: a GM's ruling", fate: 'fallen', ruling: { by: 'gm', note: 'Cut down at Wakefield' }, proposed: 'fit' },
    ]);
    const applied = decideCampaign(s, { type: 'ConfirmBattleResult', battle: 'c1-b1' }, { actor: 'gm', now: NOW });
    const after = replayCampaign('c1', log([...SETUP, STARTED, PROPOSED, ruled, ...applied]));
    expect(after.armies.a1!.commands[0]).toMatchObject({ officer: 'Richard of York', officerFallen: true, officerRuling: { by: 'gm', note: 'Cut down at Wakefield' } });
    expect(after.rulings.map((r) => [r.subject, english(r.change), r.note])).toEqual([['Richard of York (York Host)', 'fallen after Towton, where the log proposed unhurt', 'Cut down at Wakefield']]);
  });

  it('a leader taken is captured: the command fights on without him, as when he falls', () => {
    const s = given([...SETUP, STARTED, PROPOSED])
      .when({ type: 'AdjustBattleResult', battle: 'Towton', leader: 'Duke of Somerset', fate: 'captured', note: 'Taken in the abbey' })
      .then([{ type: 'BattleLeaderAdjusted', data: { battleId: 'c1-b1', armyId: 'a2', command: 'Lancastrians Host', officer: 'Duke of Somerset', fate: 'captured', note: 'Taken in the abbey', by: 'gm' } }]);
    const after = replayCampaign('c1', log([...SETUP, STARTED, PROPOSED, { type: 'BattleLeaderAdjusted', data: { battleId: 'c1-b1', armyId: 'a2', command: 'Lancastrians Host', officer: 'Duke of Somerset', fate: 'captured', note: 'Taken in the abbey', by: 'gm' } }, ...decideCampaign(s, { type: 'ConfirmBattleResult', battle: 'c1-b1' }, { actor: 'gm', now: NOW })]));
    expect(after.armies.a2!.commands[0]).toMatchObject({ officerCaptured: true });
    expect(after.armies.a2!.commands[0]!.officerFallen).toBeUndefined();
  });

  it('BRG-3.3.5: a leader the log shows fallen may be ruled fit after all: the unit he led keeps him, and the log\'s "fallen" stays beside the ruling', () => {
    const started: CampaignEvent = { type: 'CampaignBattleStarted', data: { battleId: 'c1-b1', name: 'Salamanca', channel: 's', system: 'brigade', turn: 0, armies: ['a3', 'a4'], units: ['u5', 'u6'] } };
    const { leader: _l, ...without } = FRENCH.units[0]!.attrs;
    const proposed: CampaignEvent = {
      type: 'BattleResultProposed',
      data: {
        battleId: 'c1-b1',
        through: { version: 5, hash: 'e'.repeat(64) },
        units: [{ unitId: 'u5', name: '1/15e de Ligne', before: { figures: 8, status: 'fit' }, after: { attrs: without, status: 'fit' }, why: ['no losses', 'its leader Arnauld fell on turn 1 (BRG-2.2.3, BRG-3.3.5)'] }],
        leaders: [{ armyId: 'a3', command: "Arnauld's Brigade", officer: 'Arnauld', why: 'fell with 1/15e de Ligne', unitId: 'u5' }],
        result: 'York 8 → 8 figures.',
      },
    };
    const s = given([...SETUP, started, proposed])
      .when({ type: 'AdjustBattleResult', battle: 'c1-b1', leader: 'Arnauld', fate: 'fit', note: 'Only stunned; back by nightfall' })
      .then([{ type: 'BattleLeaderAdjusted', data: { battleId: 'c1-b1', armyId: 'a3', command: "Arnauld's Brigade", unitId: 'u5', officer: 'Arnauld', fate: 'fit', note: 'Only stunned; back by nightfall', by: 'gm' } }]);
    expect(s.battles['c1-b1']!.result!.units[0]!.after.attrs.leader).toBe('Arnauld');
    expect(s.battles['c1-b1']!.result!.leaders[0]).toMatchObject({ fate: 'fit', proposed: 'fallen' });
    const after = replayCampaign('c1', log([...SETUP, started, proposed, { type: 'BattleLeaderAdjusted', data: { battleId: 'c1-b1', armyId: 'a3', command: "Arnauld's Brigade", unitId: 'u5', officer: 'Arnauld', fate: 'fit', note: 'Only stunned; back by nightfall', by: 'gm' } }, ...decideCampaign(s, { type: 'ConfirmBattleResult', battle: 'c1-b1' }, { actor: 'gm', now: NOW })]));
    expect(after.armies.a3!.commands[0]!.officerFallen).toBeUndefined();
    expect(after.units.u5!.attrs.leader).toBe('Arnauld');
  });

  it('refused, naming what is wrong: no fate, a unit option with a leader, one not in the battle, a fate the result already gives, both unit and leader', () => {
    const g = given([...SETUP, STARTED, PROPOSED]);
    g.when({ type: 'AdjustBattleResult', battle: 'c1-b1', leader: 'Richard of York', note: 'x' }).refused(/^Give the leader his fate: fallen \(killed or wounded\), captured, or fit\.$/);
    g.when({ type: 'AdjustBattleResult', battle: 'c1-b1', leader: 'Richard of York', status: 'routed', note: 'x' }).refused(/figures: and status: are a unit's: a leader takes fate:/);
    g.when({ type: 'AdjustBattleResult', battle: 'c1-b1', leader: 'Arnauld', fate: 'fallen', note: 'x' }).refused(/^There is no leader "Arnauld" in Towton\. Its leaders: Richard of York \(York Host\), Edward of March \(March Ward\), Duke of Somerset \(Lancastrians Host\)\.$/);
    g.when({ type: 'AdjustBattleResult', battle: 'c1-b1', leader: 'Richard of York', fate: 'fit', note: 'x' }).refused(/^Towton's result already has Richard of York fit; nothing was changed\.$/);
    g.when({ type: 'AdjustBattleResult', battle: 'c1-b1', unit: 'Archers', leader: 'Richard of York', fate: 'fallen', note: 'x' }).refused(/^Name the unit: or the leader: the ruling is on, one of them\.$/);
    g.when({ type: 'AdjustBattleResult', battle: 'c1-b1', unit: 'Archers', fate: 'fallen', note: 'x' }).refused(/fate: is a leader's/);
    g.when({ type: 'AdjustBattleResult', battle: 'c1-b1', leader: 'Richard of York', fate: 'fallen', note: 'x' }, 'bob').refused(/Only a GM of Roses may do that/);
  });

  it("a unit's ruling keeps what the log proposed beside it, however often the GM rules; the unit's state is then the GM's until a battle's log gives it again", () => {
    const first: CampaignEvent = { type: 'BattleResultAdjusted', data: { battleId: 'c1-b1', unitId: 'u2', after: { attrs: { ...medieval('u2', 'Archers', 8, '').attrs }, status: 'routed' }, note: 'Fled to the river', by: 'gm' } };
    const second: CampaignEvent = { type: 'BattleResultAdjusted', data: { battleId: 'c1-b1', unitId: 'u2', after: { attrs: { ...medieval('u2', 'Archers', 9, '').attrs }, status: 'routed' }, note: 'One came back', by: 'gm' } };
    const s = given([...SETUP, STARTED, PROPOSED, first, second]).state;
    expect(s.battles['c1-b1']!.result!.units[1]).toMatchObject({ after: { status: 'routed' }, ruling: { note: 'One came back' }, proposed: { status: 'fit', attrs: { figures: 10 } } });
    const applied = decideCampaign(s, { type: 'ConfirmBattleResult', battle: 'c1-b1' }, { actor: 'gm', now: NOW });
    const after = replayCampaign('c1', log([...SETUP, STARTED, PROPOSED, first, second, ...applied]));
    expect(after.units.u2!.ruling).toEqual({ by: 'gm', note: 'One came back', battle: 'c1-b1', proposed: { figures: 10, status: 'fit' } });
    expect(after.units.u1!.ruling).toBeUndefined();
    expect(after.rulings.map((r) => english(r.change))).toEqual(['12 → 9 figures, fit → routed after Towton, where the log proposed 10, fit']);
    // The next battle's log gives its state again: the ruling is gone from the unit (and stays in the list).
    const again: CampaignEvent[] = [
      { type: 'CampaignBattleStarted', data: { ...(STARTED.data as Extract<CampaignEvent, { type: 'CampaignBattleStarted' }>['data']), battleId: 'c1-b2', name: 'Barnet', units: ['u2', 'u4'] } },
      { type: 'BattleResultApplied', data: { battleId: 'c1-b2', units: [result('u2', 'Archers', 9, 9), result('u4', 'Retinue', 16, 16)], leaders: [] } },
    ];
    const later = replayCampaign('c1', log([...SETUP, STARTED, PROPOSED, first, second, ...applied, ...again]));
    expect(later.units.u2!.ruling).toBeUndefined();
    expect(later.rulings).toHaveLength(1);
  });
});

describe("a GM's ruling on a leader between battles (issue 41)", () => {
  const fell: CampaignEvent = { type: 'LeaderRuled', data: { armyId: 'a1', command: 'York Host', officer: 'Richard of York', fate: 'fallen', note: 'Died of his wounds', by: 'gm' } };

  it('fallen, then replaced: the new officer heads the command, fit; each a logged ruling with its note', () => {
    given(SETUP).when({ type: 'RuleLeader', leader: 'Richard of York', fate: 'fallen', note: 'Died of his wounds' }).then([fell]);
    const s = given([...SETUP, fell])
      .when({ type: 'RuleLeader', leader: 'Richard of York', replacement: 'Earl of Warwick', note: 'Warwick takes the host' })
      .then([{ type: 'LeaderRuled', data: { armyId: 'a1', command: 'York Host', officer: 'Richard of York', replacement: 'Earl of Warwick', note: 'Warwick takes the host', by: 'gm' } }]);
    expect(s.armies.a1!.commands[0]).toEqual({ name: 'York Host', officer: 'Earl of Warwick', player: 'bob', officerRuling: { by: 'gm', note: 'Warwick takes the host' } });
    expect(s.rulings.map((r) => `${r.subject}: ${english(r.change)} — ${r.note}`)).toEqual(['Richard of York (York Host): fallen — Died of his wounds', 'Richard of York (York Host): replaced by Earl of Warwick — Warwick takes the host']);
  });

  it('BRG-1.2: a fallen brigade leader named in a unit is replaced there too, and a captured officer comes back fit (exchanged)', () => {
    const s = given(SETUP)
      .when({ type: 'RuleLeader', leader: 'Major Greenwell', replacement: 'Captain Hill', note: 'Promoted in the field' })
      .then([{ type: 'LeaderRuled', data: { armyId: 'a4', command: "Wallace's Brigade", unitId: 'u6', officer: 'Major Greenwell', replacement: 'Captain Hill', note: 'Promoted in the field', by: 'gm' } }]);
    expect(s.units.u6!.attrs.leader).toBe('Captain Hill');
    expect(s.units.u6!.ruling).toEqual({ by: 'gm', note: 'Promoted in the field' });
    const taken: CampaignEvent = { type: 'LeaderRuled', data: { armyId: 'a3', command: "Arnauld's Brigade", unitId: 'u5', officer: 'Arnauld', fate: 'captured', note: 'Taken at the ford', by: 'gm' } };
    given(SETUP).when({ type: 'RuleLeader', leader: 'Arnauld', fate: 'captured', note: 'Taken at the ford' }).then([taken]);
    const out = given([...SETUP, taken]).state;
    expect(out.units.u5!.attrs.leader).toBeUndefined();
    expect(out.armies.a3!.commands[0]!.officerCaptured).toBe(true);
    const back = given([...SETUP, taken]).when({ type: 'RuleLeader', leader: 'Arnauld', fate: 'fit', note: 'Exchanged' }).then([{ type: 'LeaderRuled', data: { armyId: 'a3', command: "Arnauld's Brigade", officer: 'Arnauld', fate: 'fit', note: 'Exchanged', by: 'gm' } }]);
    expect(back.armies.a3!.commands[0]!.officerCaptured).toBeUndefined();
  });

  it('refused, naming what is wrong: an unknown leader, nothing to rule, a fate he already has, himself as replacement, a leader in a battle not settled, a player', () => {
    given(SETUP).when({ type: 'RuleLeader', leader: 'Richard of Yorke', fate: 'fallen', note: 'x' }).refused(/^There is no leader "Richard of Yorke" in Roses\. Did you mean "Richard of York"\?/);
    given(SETUP).when({ type: 'RuleLeader', leader: 'Richard of York', note: 'x' }).refused(/^Give Richard of York a fate: \(fallen, captured, fit\), a replacement:, or both\.$/);
    given(SETUP).when({ type: 'RuleLeader', leader: 'Richard of York', fate: 'fit', note: 'x' }).refused(/^Richard of York is already fit; nothing was changed\.$/);
    given([...SETUP, fell]).when({ type: 'RuleLeader', leader: 'Richard of York', fate: 'fallen', note: 'x' }).refused(/is already fallen/);
    given(SETUP).when({ type: 'RuleLeader', leader: 'Richard of York', replacement: 'richard of york', note: 'x' }).refused(/cannot replace himself/);
    given([...SETUP, STARTED]).when({ type: 'RuleLeader', leader: 'Richard of York', fate: 'fallen', note: 'x' }).refused(/^Richard of York leads Billmen in Towton \(c1-b1\), which is not settled yet: rule on him once it has ended\.$/);
    given([...SETUP, STARTED, PROPOSED]).when({ type: 'RuleLeader', leader: 'Richard of York', fate: 'fallen', note: 'x' }).refused(/rule on him in its result with \/campaign battle adjust battle:c1-b1 leader:"Richard of York" fate:…/);
    given(SETUP).when({ type: 'RuleLeader', leader: 'Richard of York', fate: 'fallen', note: 'x' }, 'bob').refused(/Only a GM of Roses may do that/);
  });

  it('a command with no officer (a detachment a transfer made) gets its first from a GM; one that has an officer is ruled on by his name', () => {
    const detached: CampaignEvent = { type: 'UnitTransferred', data: { unitId: 'u1', from: 'a1', to: 'a1', command: "Fauconberg's Detachment", note: 'Sent ahead', by: 'gm' } };
    const s = given([...SETUP, detached])
      .when({ type: 'RuleLeader', command: "fauconberg's detachment", replacement: 'Lord Fauconberg', note: 'He takes the van' })
      .then([{ type: 'LeaderRuled', data: { armyId: 'a1', command: "Fauconberg's Detachment", replacement: 'Lord Fauconberg', note: 'He takes the van', by: 'gm' } }]);
    expect(s.armies.a1!.commands[2]).toEqual({ name: "Fauconberg's Detachment", officer: 'Lord Fauconberg', officerRuling: { by: 'gm', note: 'He takes the van' } });
    expect(s.rulings.at(-1)).toMatchObject({ subject: "Fauconberg's Detachment" });
    expect(english(s.rulings.at(-1)!.change)).toBe('led by Lord Fauconberg');
    given([...SETUP, detached]).when({ type: 'RuleLeader', command: "Fauconberg's Detachment", note: 'x' }).refused(/^Name Fauconberg's Detachment's officer with replacement:\.$/);
    given([...SETUP, detached]).when({ type: 'RuleLeader', command: "Fauconberg's Detachment", fate: 'fallen', replacement: 'X', note: 'x' }).refused(/has no officer to give a fate/);
    given(SETUP).when({ type: 'RuleLeader', command: 'York Host', replacement: 'X', note: 'x' }).refused(/^York Host is led by Richard of York: rule on him with leader:"Richard of York"/);
    given(SETUP).when({ type: 'RuleLeader', note: 'x' }).refused(/^Name the leader: the ruling is on, or the command: whose first officer you name, one of them\.$/);
  });

  it("a unit's leader is set as its rules give one (brigade by name); the medieval rules give a unit none", () => {
    given(SETUP)
      .when({ type: 'SetUnitState', unit: '1/15e de Ligne', leader: 'Colonel Vautrin', note: 'A new colonel' })
      .then([{ type: 'UnitStateSet', data: { unitId: 'u5', attrs: { ...FRENCH.units[0]!.attrs, leader: 'Colonel Vautrin' }, status: 'fit', note: 'A new colonel', by: 'gm' } }]);
    given(SETUP).when({ type: 'SetUnitState', unit: 'Archers', leader: 'Sir John', note: 'x' }).refused(/^Archers cannot take that: the medieval rules give a unit no leader\. Nothing was changed\.$/);
    given(SETUP).when({ type: 'SetUnitState', unit: 'Archers', note: 'x' }).refused(/Give the unit its new figures:, status:, leader:/);
  });
});

describe('a detachment and a unit moved between commands (issue 41)', () => {
  it('a battle fields the units and commands named, of the armies it draws; the rest stay free for another battle', () => {
    const levies: CampaignEvent = { type: 'UnitsReinforced', data: { armyId: 'a2', units: [medieval('u7', 'Levies', 10, 'Lancastrians Host')] } };
    const started: CampaignEvent = { type: 'CampaignBattleStarted', data: { battleId: 'c1-b1', name: "Mortimer's Cross", channel: 'mc', system: 'medieval', turn: 0, armies: ['a1', 'a2'], units: ['u2', 'u3', 'u4'] } };
    given([...SETUP, levies]).when({ type: 'StartCampaignBattle', name: "Mortimer's Cross", system: 'medieval', channel: 'mc', armies: ['Yorkists', 'Lancastrians'], units: ['march ward', ' Archers', 'Retinue'] }).then([started]);
    // The Billmen and the Levies were not fielded: free to fight elsewhere while Mortimer's Cross is fought.
    given([...SETUP, levies, started])
      .when({ type: 'StartCampaignBattle', name: 'Wakefield', system: 'medieval', channel: 'w', armies: ['Yorkists', 'Lancastrians'], units: ['Billmen', 'Levies'] })
      .then([{ type: 'CampaignBattleStarted', data: { battleId: 'c1-b2', name: 'Wakefield', channel: 'w', system: 'medieval', turn: 0, armies: ['a1', 'a2'], units: ['u1', 'u7'] } }]);
    given([...SETUP, levies, started]).when({ type: 'StartCampaignBattle', name: 'Wakefield', system: 'medieval', channel: 'w', armies: ['Yorkists', 'Lancastrians'], units: ['Billmen', 'Lancastrians Host'] }).refused(/^Mortimer's Cross \(c1-b1\) is not settled yet.*in it: Retinue\./);
  });

  it('refused, naming what is wrong: a name of neither, a unit of an army not drawn, a unit destroyed, an army none of whose units is named', () => {
    const start = (units: string[]): CampaignAction => ({ type: 'StartCampaignBattle', name: 'X', system: 'medieval', channel: 'x', armies: ['Yorkists', 'Lancastrians'], units });
    given(SETUP).when(start(['Archer', 'Retinue'])).refused(/^"Archer" is neither a unit nor a command of Yorkists or Lancastrians\. Did you mean "Archers" or "Marcher Spears"\? Nothing was started\.$/);
    given(SETUP).when(start(['1/45th Foot', 'Retinue'])).refused(/^1\/45th Foot is in Wellington's Army, which this battle does not draw: add it to armies:\. Nothing was started\.$/);
    const gone: CampaignEvent = { type: 'UnitStateSet', data: { unitId: 'u2', attrs: { ...medieval('u2', 'Archers', 0, '').attrs }, status: 'destroyed', note: 'x' } };
    given([...SETUP, gone]).when(start(['Archers', 'Retinue'])).refused(/^Archers is destroyed: it cannot fight\. Nothing was started\.$/);
    given(SETUP).when(start(['Archers'])).refused(/^Lancastrians fields none of the units named: name one of its units or commands in units:\. Nothing was started\.$/);
    given(SETUP).when(start([' ', ''])).refused(/Name the units or commands the battle fields/);
  });

  it('a unit moves to another command of its army, or a new one (a detachment), with the GM\'s note logged', () => {
    const moved = given(SETUP)
      .when({ type: 'TransferUnit', unit: 'Archers', command: 'march ward', note: 'To screen the march' })
      .then([{ type: 'UnitTransferred', data: { unitId: 'u2', from: 'a1', to: 'a1', command: 'March Ward', note: 'To screen the march', by: 'gm' } }]);
    expect(moved.units.u2).toMatchObject({ armyId: 'a1', command: 'March Ward' });
    expect(moved.rulings.map((r) => `${r.subject}: ${english(r.change)} — ${r.note}`)).toEqual(['Archers: moved from York Host (Yorkists) to March Ward (Yorkists) — To screen the march']);
    const detached = given(SETUP)
      .when({ type: 'TransferUnit', unit: 'Billmen', command: 'Fauconberg\'s Detachment', note: 'Sent ahead' })
      .then([{ type: 'UnitTransferred', data: { unitId: 'u1', from: 'a1', to: 'a1', command: "Fauconberg's Detachment", note: 'Sent ahead', by: 'gm' } }]);
    expect(detached.armies.a1!.commands.map((c) => c.name)).toEqual(['York Host', 'March Ward', "Fauconberg's Detachment"]);
  });

  it('refused: the command it is in, no command nor army, a new command named as one of another army', () => {
    given(SETUP).when({ type: 'TransferUnit', unit: 'Archers', command: 'York Host' }).refused(/^Archers is already in York Host of Yorkists\.$/);
    given(SETUP).when({ type: 'TransferUnit', unit: 'Archers' }).refused(/^Archers is already in Yorkists: name the command it joins \(command:\) or another army \(army:\)\.$/);
    given(SETUP).when({ type: 'TransferUnit', unit: 'Archers', command: 'Lancastrians Host' }).refused(/Lancastrians has a command named "Lancastrians Host"/);
    given(SETUP).when({ type: 'TransferUnit', unit: 'Archers', command: 'lancastrians host' }).refused(/^Archers cannot join a new command "lancastrians host": there is already a command named "Lancastrians Host"; nothing was changed\.$/);
  });
});

describe("what the GM ruled is shown as the GM's (issue 41)", () => {
  const turn: CampaignEvent = { type: 'CampaignTurnOpened', data: { turn: 1, openedAt: NOW, voters: [{ armyId: 'a1', users: ['bob'] }, { armyId: 'a2', users: ['alice'] }] } };
  const entered: CampaignEvent = { type: 'OrdersSent', data: { turn: 1, armyId: 'a2', text: 'Hold the abbey', by: 'gm', onBehalf: true } };

  it('the status post marks orders a GM entered, and keeps the mark when the players change them (a change is told to nobody)', () => {
    const s = given([...SETUP, turn, entered]).state;
    expect(english(statusPost(s).text)).toContain('✅ Lancastrians (entered by a GM, <@gm>)');
    const changed = given([...SETUP, turn, entered, { type: 'OrdersSent', data: { turn: 1, armyId: 'a2', text: 'Retreat', by: 'alice', onBehalf: false } }]).state;
    expect(english(statusPost(changed).text)).toContain('✅ Lancastrians (entered by a GM, <@gm>)');
    const own = given([...SETUP, turn, { type: 'OrdersSent', data: { turn: 1, armyId: 'a2', text: 'Hold', by: 'alice', onBehalf: false } }]).state;
    expect(english(statusPost(own).text)).toContain('✅ Lancastrians\n');
  });

  it("the status post lists the turn's rulings with the GM's words; the report lists every ruling", () => {
    const rulings: CampaignEvent[] = [
      { type: 'UnitStateSet', data: { unitId: 'u4', attrs: { ...medieval('u4', 'Retinue', 12, '').attrs }, status: 'fit', note: 'Four deserted', by: 'gm' } },
      turn,
      { type: 'LeaderRuled', data: { armyId: 'a1', command: 'York Host', officer: 'Richard of York', fate: 'captured', note: 'Taken at Ludford', by: 'gm' } },
    ];
    const s = given([...SETUP, ...rulings]).state;
    const post = english(statusPost(s).text);
    expect(post).toContain("GM's rulings in turn 1:\n⚖️ Richard of York (York Host): captured — Taken at Ludford (GM's ruling, <@gm>)");
    expect(post).not.toContain('Four deserted');
    const report = english(campaignReportText(campaignReport('c1', log([...SETUP, ...rulings]), '')));
    expect(report).toContain("**GM's rulings**\n• turn 0, ⚖️ Retinue: 16 → 12 figures, fit — Four deserted (GM's ruling, <@gm>)\n• turn 1, ⚖️ Richard of York (York Host): captured — Taken at Ludford (GM's ruling, <@gm>)");
  });
});

describe("the GM's rulings at the table (issue 41)", () => {
  it('a leader ruled fallen and replaced, a unit ruled, a unit moved, a detachment fielded: each in its post, unit show, army show, the status post and the report', async () => {
    const t = await campaignTable();
    await t.run(['#campaign @gm /campaign turn open', '#campaign @gm /campaign orders enter army:"Lincoln\'s Army" orders:"Make for Stoke"']);
    expect(errors(t.out)).toEqual([]);
    expect(channel(t.out, 'campaign').filter((m) => m.text.includes('Orders in: 1 of 2')).at(-1)!.text).toContain("✅ Lincoln's Army (entered by a GM, <@gm>)");
    await t.run(STOKE);
    const lincoln = 'John de la Pole, Earl of Lincoln';
    const ruled = await t.run([
      `#campaign @gm /campaign battle adjust battle:c1-b1 leader:"${lincoln}" fate:fallen note:"Killed at the Red Gutter"`,
      '#campaign @gm /campaign battle adjust battle:c1-b1 unit:"Landsknecht Pikes" status:routed note:"They broke when Schwartz fell"',
      '#campaign @gm /campaign battle confirm battle:c1-b1',
    ]);
    expect(errors(ruled)).toEqual([]);
    const posts = channel(ruled, 'campaign').map((m) => m.text).join('\n');
    expect(posts).toContain(`GM's ruling (<@gm>) on ${lincoln} (Lincoln's Host) after Stoke Field: fallen, where the log proposed him unhurt — Killed at the Red Gutter`);
    expect(posts).toContain(`Leader fallen: ${lincoln} (Lincoln's Host) — GM's ruling (<@gm>): Killed at the Red Gutter; the log proposed him unhurt; the command fights on without him.`);
    expect(posts).toMatch(/^Landsknecht Pikes: 30 → 27 figures, routed \(was fit\) — lost 3 of 30 figures \(MED-FIRE, MED-MELEE\)(; owed at the end and not taken: [^\n]*)? — GM's ruling \(<@gm>\): They broke when Schwartz fell; the log proposed 27 figures, fit$/m);
    const [pikes] = await t.run('#campaign @bob /campaign unit show unit:"Landsknecht Pikes"');
    expect(pikes!.text).toContain("Its state is a GM's ruling (<@gm>) after Stoke Field: They broke when Schwartz fell. The log proposed 27 figures, fit.");
    const later = await t.run([
      `#campaign @gm /campaign leader set leader:"${lincoln}" replacement:"Thomas Fitzgerald of Laccagh" note:"Fitzgerald takes the host"`,
      '#campaign @gm /campaign unit transfer unit:"Oxford\'s Archers" command:"Oxford\'s Screen" note:"Sent ahead to scout Newark"',
    ]);
    expect(errors(later)).toEqual([]);
    const said = channel(later, 'campaign').map((m) => m.text).join('\n');
    expect(said).toContain(`GM's ruling (<@gm>) on ${lincoln} (Lincoln's Host of Lincoln's Army): replaced by Thomas Fitzgerald of Laccagh — Fitzgerald takes the host`);
    expect(said).toContain("Oxford's Archers moved from Oxford's Vanguard to Oxford's Screen of The King's Army by a GM (<@gm>) — Sent ahead to scout Newark");
    expect(said).toContain("GM's rulings in turn 1:\n⚖️ Landsknecht Pikes: 30 → 27 figures, fit → routed after Stoke Field, where the log proposed 27, fit — They broke when Schwartz fell (GM's ruling, <@gm>)");
    const [army] = await t.run('#campaign @alice /campaign army show army:"Lincoln\'s Army"');
    expect(army!.text).toContain("**Lincoln's Host** — Thomas Fitzgerald of Laccagh (GM's ruling, <@gm>: Fitzgerald takes the host) (<@bob>)");
    expect(army!.text).toContain("• Landsknecht Pikes: 27 figures, routed (GM's ruling)");
    // The archers' new command fights Newark alone against Lincoln's Host, now Fitzgerald's.
    const newark = await t.run('#newark @gm /campaign battle start name:Newark system:medieval armies:"The King\'s Army, Lincoln\'s Army" units:"Oxford\'s Screen, Lincoln\'s Host"');
    expect(errors(newark)).toEqual([]);
    expect(channel(newark, 'campaign')[0]!.text).toContain("Not fielded (a detachment fights): Oxford's Billmen, Household Knights.");
    const b = await t.app.state('c1-b2');
    expect(Object.values(b.units).map((u) => u.name)).toEqual(["Oxford's Archers", "Schwartz's Handgunners", 'Landsknecht Pikes', 'Irish Kerns']);
    expect(Object.values(b.commands).map((c) => [c.name, c.officer])).toEqual([["Oxford's Screen", undefined], ["Lincoln's Host", 'Thomas Fitzgerald of Laccagh']]);
    const [report] = await t.run('#campaign @carol /campaign report');
    expect(report!.text).toContain(`• turn 1, ⚖️ ${lincoln} (Lincoln's Host): fallen after Stoke Field, where the log proposed unhurt — Killed at the Red Gutter (GM's ruling, <@gm>)`);
    expect(report!.text).toContain(`• turn 1, ⚖️ ${lincoln} (Lincoln's Host): replaced by Thomas Fitzgerald of Laccagh — Fitzgerald takes the host (GM's ruling, <@gm>)`);
  });
});
