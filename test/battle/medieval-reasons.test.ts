import { describe, expect, it } from 'vitest';
import { english, word, wordWithin } from '../../src/i18n/text.ts';
import type { Action } from '../../src/battle/actions.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import type { CompleteContext } from '../../src/app/slash/commands.ts';
import { findCommand } from '../../src/app/slash/registry.ts';
import { describeControlTested } from '../../src/systems/medieval/battle/control.ts';
import { describeMoraleTested } from '../../src/systems/medieval/battle/morale.ts';
import { parseReasonChoices } from '../../src/systems/medieval/battle/parse.ts';
import { scriptedStream } from '../support/scripted-dice.ts';
import { given } from '../support/spec.ts';
import { owedNow } from '../../src/battle/advance.ts';
import { only, phaseIndex, play, sides, to, TUDOR_AND_ROYAL, unit } from '../support/medieval.ts';

/**
 * Issue 28: why a unit tests (MED-CONTROL, MED-MORALE-REASONS) read against the roster and the
 * log. A reason on the unit itself is checked against the roster, a fact the log knows comes from
 * it, what only the table knows stays the player's; a GM may rule against any check, logged.
 * Tudor (alice) against Royal (bob), as in medieval.test.ts.
 */
const setup: BattleEvent[] = [
  { type: 'BattleCreated', data: { battleId: 'b1', name: 'Bosworth', system: 'medieval', channel: 'table', gm: 'gm' } },
  ...TUDOR_AND_ROYAL,
  unit('u1', 'Archers', 'c1', { arm: 'infantry', figures: 24, class: 'C', order: 'loose', formation: 'line', armour: 'light', weapon: 'longbow', melee_weapon: 'sword' }),
  unit('u2', 'Knights', 'c1', { arm: 'cavalry', figures: 12, class: 'A', order: 'close', formation: 'line', armour: 'extra heavy', melee_weapon: 'heavy lance' }),
  unit('u4', 'Billmen', 'c2', { arm: 'infantry', figures: 24, class: 'B', order: 'close', formation: 'line', armour: 'medium', melee_weapon: 'pole-arm' }),
  unit('u6', 'Handgunners', 'c2', { arm: 'infantry', figures: 12, class: 'M', order: 'loose', formation: 'line', armour: 'light', weapon: 'handgonne', melee_weapon: 'sword' }),
  unit('u7', 'Kerns', 'c2', { arm: 'infantry', figures: 20, class: 'E', order: 'loose', formation: 'line', armour: 'light', weapon: 'javelin', melee_weapon: 'knife' }),
];
const control = (unit: string, reason?: string, more: Partial<Extract<Action, { type: 'MedievalControlTest' }>> = {}): Action => ({ type: 'MedievalControlTest', unit, ...(reason ? { reason } : {}), ...more });
const morale = (unit: string, reasons: string[], more: Partial<Extract<Action, { type: 'MedievalMoraleTest' }>> = {}): Action => ({ type: 'MedievalMoraleTest', unit, reasons: reasons.map((id) => ({ id })), ...more });
const routing = (unitId: string): BattleEvent => ({ type: 'MedievalStatusSet', data: { unitId, routing: true } });

const t1 = [...setup, sides(1)];
/** Phase 13 of turn 1: the charging knights kill 3 billmen and lose none (they won the round by figures killed). */
const p13 = [...t1, to(1, 13)];
const knightsWin = [...p13, ...play(p13, { type: 'MedievalMelee', attacker: { unit: 'Knights', charging: true }, defender: { unit: 'Billmen' } }, 'alice', 10, 10, 10, 1, 1, 1, 1, 1)];
/** Phase 11 of turn 1: the archers shoot 5 billmen. */
const p11 = [...t1, to(1, 11)];
const billmenShot = [...p11, ...play(p11, { type: 'MedievalFire', firer: 'Archers', target: 'Billmen', band: 'short' }, 'alice', 10, 10, 10, 10, 10)];

describe('MED-CONTROL reasons on the unit itself are checked against the roster', () => {
  const p16 = [...t1, to(1, 16)];

  it('MED-CONTROL.5 refused for B class infantry, naming the reason, its words and why', () => {
    given(p16)
      .when(control('Billmen', 'MED-CONTROL.5'), 'bob', { dice: scriptedStream(1) })
      .refused(/^Reason MED-CONTROL.5 "The unit is \(formed\) A class cavalry, who can see an enemy Close-Combat cavalry unit within charge reach." does not fit Billmen \(B class infantry\): it is not A class cavalry. Only a GM may rule otherwise, and the ruling is logged.$/);
    expect(only(play(p16, control('Knights', 'MED-CONTROL.5'), 'alice', 1), 'MedievalControlTested').data.outcome.rulings).toBeUndefined();
  });

  it("MED-CONTROL.5 a GM's ruling for B class infantry is recorded in the event and shown in the working", () => {
    const e = only(play(p16, control('Billmen', 'MED-CONTROL.5'), 'gm', 1), 'MedievalControlTested');
    expect(wordWithin(e.data.outcome.rulings, 'en')).toEqual([{ what: 'reason MED-CONTROL.5 for Billmen', ruled: 'that it applies', derived: 'that it does not fit (B class infantry): it is not A class cavalry', by: 'gm' }]);
    expect(english(describeControlTested(e))).toContain("• GM's ruling: <@gm> ruled that it applies for reason MED-CONTROL.5 for Billmen, where the battle derived that it does not fit (B class infantry): it is not A class cavalry.");
    // The ruling is kept as phrases: it reads in the reader's language (issue 43).
    expect(word(describeControlTested(e), 'fr')).toContain('Décision du MJ : <@gm> a décidé qu’elle s’applique pour la raison MED-CONTROL.5 de Billmen, là où la bataille déduisait qu’elle ne convient pas (');
  });

  it('MED-CONTROL.7 only M class (mercenaries); MED-CONTROL.3 only cavalry fired at this Game Turn', () => {
    given(p16).when(control('Billmen', 'MED-CONTROL.7'), 'bob', { dice: scriptedStream(1) }).refused(/MED-CONTROL.7 .* does not fit Billmen \(B class infantry\): it is not M class \(mercenaries\)/);
    expect(play(p16, control('Handgunners', 'MED-CONTROL.7'), 'bob', 1)).toHaveLength(1);
    given(p16).when(control('Billmen', 'MED-CONTROL.3'), 'bob', { dice: scriptedStream(1) }).refused(/does not fit Billmen \(B class infantry\): it is not cavalry/);
    given(p16).when(control('Knights', 'MED-CONTROL.3'), 'alice', { dice: scriptedStream(1) }).refused(/does not fit Knights \(A class cavalry\): no enemy unit fired at it this Game Turn/);
    const p12 = [...t1, to(1, 12)];
    const shot = [...p12, ...play(p12, { type: 'MedievalFire', firer: 'Handgunners', target: 'Knights', band: 'short' }, 'bob', 1, 1, 1), to(1, 16)];
    expect(play(shot, control('Knights', 'MED-CONTROL.3'), 'alice', 1)).toHaveLength(1);
  });

  it('MED-CONTROL.4 D or E class, or declared Irregular (MED-CONTROL-MOD.15), and an enemy unit routing', () => {
    given(p16).when(control('Kerns', 'MED-CONTROL.4'), 'bob', { dice: scriptedStream(1) }).refused(/does not fit Kerns \(E class infantry in loose order\): no enemy unit is routing/);
    const rout = [...p16, routing('u1')];
    expect(play(rout, control('Kerns', 'MED-CONTROL.4'), 'bob', 1)).toHaveLength(1);
    given(rout).when(control('Billmen', 'MED-CONTROL.4'), 'bob', { dice: scriptedStream(1) }).refused(/does not fit Billmen \(B class infantry\): it is neither D nor E class, nor declared Irregular \(MED-CONTROL-MOD.15\)/);
    expect(play(rout, control('Billmen', 'MED-CONTROL.4', { modifiers: [{ id: 'MED-CONTROL-MOD.15' }] }), 'bob', 1)).toHaveLength(1);
  });

  it('MED-CONTROL.8 (a campaign feud) is what only the table knows: unchecked', () => {
    expect(play(p16, control('Billmen', 'MED-CONTROL.8'), 'bob', 1)).toHaveLength(1);
  });
});

describe('MED-CONTROL reasons the log knows: a round of melee won, an enemy routing, the retest', () => {
  const p16 = [...knightsWin, to(1, 16)];

  it('MED-CONTROL.1 fits the knights who won their round by figures killed; refused for the billmen who lost it', () => {
    expect(play(p16, control('Knights', 'MED-CONTROL.1'), 'alice', 1)).toHaveLength(1);
    given(p16).when(control('Billmen', 'MED-CONTROL.1'), 'bob', { dice: scriptedStream(1) }).refused(/does not fit Billmen \(B class infantry\): it did not win its round of melee this turn \(killed 0, lost 3 against Knights; read by figures killed/);
    given([...t1, to(1, 16)]).when(control('Knights', 'MED-CONTROL.1'), 'alice', { dice: scriptedStream(1) }).refused(/does not fit Knights \(A class cavalry\): it fought no round of melee this turn/);
  });

  it('MED-CONTROL.2 needs an enemy it beat routing; then it comes from the log when no reason is given', () => {
    given(p16).when(control('Knights', 'MED-CONTROL.2'), 'alice', { dice: scriptedStream(1) }).refused(/none of the units it beat \(Billmen\) is routing/);
    given(p16).when(control('Knights'), 'alice', { dice: scriptedStream(1) }).refused(/Give the reason for Knights's Control Test \(MED-CONTROL.1 to .8\): the log gives none/);
    const e = only(play([...p16, routing('u4')], control('Knights'), 'alice', 1), 'MedievalControlTested');
    expect([e.data.outcome.reason.id, e.data.outcome.reasonFromLog?.id]).toEqual(['MED-CONTROL.2', 'MED-CONTROL.2']);
    expect(english(describeControlTested(e))).toContain('• MED-CONTROL.2 from the log: Knights won its round of melee this turn (killed 3, lost 0 against Billmen;');
  });

  it('MED-CONTROL.6 an impetuous unit with no reason given retakes its test (MED-CONTROL-RESULT.3)', () => {
    const failed = [...t1, to(1, 16)];
    const impetuous = [...failed, ...play(failed, control('Knights', 'MED-CONTROL.5'), 'alice', 10), sides(2), to(2, 16)];
    const e = only(play(impetuous, control('Knights'), 'alice', 1), 'MedievalControlTested');
    expect([e.data.outcome.reason.id, e.data.outcome.passed]).toEqual(['MED-CONTROL.6', true]);
  });
});

describe('MED-MORALE-REASONS the log knows come from it; a player may not claim them against it', () => {
  it('MED-MORALE-REASONS.4 refused for archers never in a melee', () => {
    given([...t1, to(1, 15)])
      .when(morale('Archers', ['MED-MORALE-REASONS.4']), 'alice', { dice: scriptedStream(5) })
      .refused(/^Reason MED-MORALE-REASONS.4 "The unit has Drawn or Lost the present round of Melee \(hand to hand combat\)." does not fit Archers \(C class infantry in loose order\): it fought no round of melee this turn. Only a GM may rule otherwise/);
  });

  it('MED-MORALE-REASONS.4 the billmen who lost their round test for it without naming it; refused for the knights who won', () => {
    const p15 = [...knightsWin, to(1, 15)];
    const e = only(play(p15, morale('Billmen', []), 'bob', 5), 'MedievalMoraleTested');
    expect(e.data.outcome.reason.id).toBe('MED-MORALE-REASONS.4');
    expect(e.data.outcome.reasonsFromLog?.map((r) => ({ id: r.id, why: english(r.why) }))).toEqual([{ id: 'MED-MORALE-REASONS.4', why: 'lost its round of melee this turn (killed 0, lost 3 against Knights; read by figures killed: the source does not say who wins a round)' }]);
    expect(english(describeMoraleTested(e))).toContain('• MED-MORALE-REASONS.4 from the log: Billmen lost its round of melee this turn');
    // Named as well, it is one reason, not two.
    expect(only(play(p15, morale('Billmen', ['MED-MORALE-REASONS.4', 'MED-MORALE-REASONS.7']), 'bob', 5), 'MedievalMoraleTested').data.outcome.covers).toEqual(['MED-MORALE-REASONS.7']);
    given(p15).when(morale('Knights', ['MED-MORALE-REASONS.4']), 'alice', { dice: scriptedStream(5) }).refused(/does not fit Knights \(A class cavalry\): it won its round of melee this turn \(killed 3, lost 0 against Billmen/);
    // Once tested, the round is covered: a later test does not take it again.
    given([...p15, e]).when(morale('Billmen', []), 'bob', { dice: scriptedStream(5) }).refused(/one Morale Test of this phase already/);
  });

  it("MED-MORALE-REASONS.4 a GM drops the log's reason (-4) as a ruling, shown; a player may not", () => {
    const p15 = [...knightsWin, to(1, 15)];
    const drop = morale('Billmen', ['MED-MORALE-REASONS.7'], { dropReasons: ['MED-MORALE-REASONS.4'] });
    given(p15).when(drop, 'bob', { dice: scriptedStream(5) }).refused(/Reason MED-MORALE-REASONS.4 .* comes from the log: Billmen lost its round of melee this turn .*Only a GM may rule that it does not apply/);
    const e = only(play(p15, drop, 'gm', 5), 'MedievalMoraleTested');
    expect([e.data.outcome.reason.id, e.data.outcome.reasonsFromLog]).toEqual(['MED-MORALE-REASONS.7', undefined]);
    expect(english(describeMoraleTested(e))).toContain("GM's ruling: <@gm> ruled that it does not apply for reason MED-MORALE-REASONS.4 for Billmen, where the battle derived that it applies (Billmen lost its round of melee this turn");
    given(p15).when(morale('Knights', ['MED-MORALE-REASONS.7'], { dropReasons: ['MED-MORALE-REASONS.4'] }), 'gm', { dice: scriptedStream(5) }).refused(/MED-MORALE-REASONS.4 does not come from the log for Knights now .*nothing to drop/);
    expect(parseReasonChoices('7 -4', 'MED-MORALE-REASONS')).toEqual({ ids: ['MED-MORALE-REASONS.7'], drop: ['MED-MORALE-REASONS.4'] });
  });

  it('MED-MORALE-REASONS.4 a GM may rule it for a unit never in a melee; the ruling is in the event', () => {
    const e = only(play([...t1, to(1, 15)], morale('Archers', ['MED-MORALE-REASONS.4']), 'gm', 5), 'MedievalMoraleTested');
    expect(wordWithin(e.data.outcome.rulings, 'en')).toEqual([expect.objectContaining({ what: 'reason MED-MORALE-REASONS.4 for Archers', ruled: 'that it applies', by: 'gm' })]);
  });

  it('MED-MORALE-REASONS.8 and .9 casualties from fire and the first time under fire come from the log', () => {
    const e = only(play([...billmenShot, to(1, 15)], morale('Billmen', []), 'bob', 5), 'MedievalMoraleTested');
    expect([e.data.outcome.reason.id, e.data.outcome.covers]).toEqual(['MED-MORALE-REASONS.8', ['MED-MORALE-REASONS.9']]);
    expect(e.data.outcome.reasonsFromLog?.map((r) => english(r.why))).toEqual(['lost 5 figures to enemy fire this Game Turn', 'was under fire for the first time in the game this Game Turn']);
    // Fired on without loss: under fire (.9), no casualties (.8).
    const missed = [...p11, ...play(p11, { type: 'MedievalFire', firer: 'Archers', target: 'Billmen', band: 'short' }, 'alice', 1, 1, 1, 1, 1), to(1, 15)];
    given(missed).when(morale('Billmen', ['MED-MORALE-REASONS.8']), 'bob', { dice: scriptedStream(5) }).refused(/does not fit Billmen \(B class infantry\): it lost no figures to enemy fire this Game Turn/);
    expect(only(play(missed, morale('Billmen', []), 'bob', 5), 'MedievalMoraleTested').data.outcome.reason.id).toBe('MED-MORALE-REASONS.9');
    // The next turn: neither.
    const later = [...billmenShot, sides(2), to(2, 15)];
    given(later).when(morale('Billmen', ['MED-MORALE-REASONS.9']), 'bob', { dice: scriptedStream(5) }).refused(/it was first under fire in turn 1/);
    given(later).when(morale('Billmen', []), 'bob', { dice: scriptedStream(5) }).refused(/Give the reason for Billmen's Morale Test \(MED-MORALE-REASONS\): the log gives none now/);
  });

  it('MED-MORALE-REASONS.11 strength at 50% or less comes from the log once each Game Turn; refused above it', () => {
    given([...t1, to(1, 15)]).when(morale('Billmen', ['MED-MORALE-REASONS.11']), 'bob', { dice: scriptedStream(5) }).refused(/it has 24 of its 24 figures, more than 50%/);
    // 15 of 24 lost to three volleys, one a turn: fewer than half left.
    const volley = (events: BattleEvent[]) => [...events, ...play(events, { type: 'MedievalFire', firer: 'Archers', target: 'Billmen', band: 'short' }, 'alice', 10, 10, 10, 10, 10)];
    const events = volley([...volley([...volley([...t1, to(1, 11)]), sides(2), to(2, 11)]), sides(3), to(3, 11)]);
    const e = only(play([...events, to(3, 15)], morale('Billmen', []), 'bob', 5), 'MedievalMoraleTested');
    expect([e.data.outcome.reason.id, e.data.outcome.covers]).toEqual(['MED-MORALE-REASONS.8', ['MED-MORALE-REASONS.11']]);
  });

  it('MED-MORALE-REASONS.10 rallying needs a routing unit', () => {
    const rally = morale('Archers', [], { reasons: [{ id: 'MED-MORALE-REASONS.10', intent: 'rally' }] });
    given([...t1, to(1, 15)]).when(rally, 'alice', { dice: scriptedStream(5) }).refused(/does not fit Archers .*: it is not routing, so has nothing to rally from/);
    expect(play([...t1, to(1, 15), routing('u1')], rally, 'alice', 5)).toHaveLength(1);
  });
});

describe('MED-SEQ.10, MED-SEQ.15 each morale test in the phase the sequence gives it (issue 40)', () => {
  /** Phase 9 of turn 1: side A's archers fire at the charging billmen and kill 5 (MED-SEQ.9). */
  const p9 = [...t1, to(1, 9)];
  const shotInP9 = [...p9, ...play(p9, { type: 'MedievalFire', firer: 'Archers', target: 'Billmen', band: 'short' }, 'alice', 10, 10, 10, 10, 10)];
  const p10 = [...shotInP9, to(1, 10)];

  it('MED-SEQ.10 phase 10 does not hold for losses to fire: that test is phase 15\'s (MED-SEQ.15), where it is owed and the log adds it', () => {
    const [entered] = play(shotInP9, { type: 'AdvancePhase' }, 'gm');
    expect(entered).toMatchObject({ type: 'PhaseAdvanced', data: { phaseId: 'MED-SEQ.10' } });
    expect((entered as Extract<BattleEvent, { type: 'PhaseAdvanced' }>).data.due.map(english)).toEqual(['the tests for losses to fire, a round of melee and strength at 50% or less are taken in phase 15 (MED-SEQ.15)']);
    expect((entered as Extract<BattleEvent, { type: 'PhaseAdvanced' }>).data.owed).toBeUndefined();
    expect(owedNow(given(p10).state)).toEqual([]);
    given(p10).when(morale('Billmen', []), 'bob', { dice: scriptedStream(5) }).refused(/^Give the reason for Billmen's Morale Test \(MED-MORALE-REASONS\): phase 10 tests units seeing friendly units Routing or Falling-back in disorder, reason 6 \(MED-SEQ\.10\); the reasons the log gives \(.*\) are tested in phase 15 \(MED-SEQ\.15\)\.$/);
    given(p10).when(morale('Billmen', ['MED-MORALE-REASONS.8']), 'bob', { dice: scriptedStream(5) }).refused(/^Reason MED-MORALE-REASONS\.8 "Losing casualties this Game Turn due to enemy firing\." does not fit Billmen \(B class infantry\): its test is taken in phase 15, Morale Tests \(MED-SEQ\.15\), not in phase 10 \(MED-SEQ\.10\)\. Only a GM may rule otherwise/);
    // Seeing friends rout is phase 10's: the log adds nothing to it, and the fire's test still waits for phase 15.
    const seen = only(play(p10, morale('Billmen', ['MED-MORALE-REASONS.6']), 'bob', 5), 'MedievalMoraleTested');
    expect([seen.data.outcome.reason.id, seen.data.outcome.reasonsFromLog]).toEqual(['MED-MORALE-REASONS.6', undefined]);
    const p15 = [...p10, seen, to(1, 15)];
    expect(owedNow(given(p15).state).map((o) => o.key)).toEqual([`morale:u4@1.${phaseIndex('MED-SEQ.15')}`]);
    const e = only(play(p15, morale('Billmen', []), 'bob', 5), 'MedievalMoraleTested');
    expect(e.data.outcome.reasonsFromLog?.map((r) => r.id)).toEqual(['MED-MORALE-REASONS.8', 'MED-MORALE-REASONS.9']);
    expect(owedNow(given([...p15, e]).state)).toEqual([]);
  });

  it('MED-SEQ.10 on entering phase 10 the units routing or falling back in disorder are named, whose friends test (reason 6); a unit that charged or reacted this turn does not', () => {
    const [entered] = play([...shotInP9, routing('u7')], { type: 'AdvancePhase' }, 'gm');
    expect(english((entered as Extract<BattleEvent, { type: 'PhaseAdvanced' }>).data.due[0]!)).toBe(
      'routing or falling back in disorder (MED-MORALE-REASONS.6): Kerns; friendly units within 150yds that saw them test now (/morale test reasons:6), but not those that charged or reacted to charges in phases 4 to 9 (MED-SEQ.10)',
    );
    // The knights declared a charge in phase 4 (their test then): no phase 10 test for them, but by a GM's ruling.
    const p4 = [...t1, to(1, 4)];
    const charged = [...p4, ...play(p4, morale('Knights', ['MED-MORALE-REASONS.7']), 'alice', 5), to(1, 10)];
    given(charged).when(morale('Knights', ['MED-MORALE-REASONS.6']), 'alice', { dice: scriptedStream(5) }).refused(/does not fit Knights \(A class cavalry\): it took a Morale Test in phase 4 this turn, charging or reacting to a charge, and such units do not take phase 10's test \(MED-SEQ\.10\)/);
    expect(wordWithin(only(play(charged, morale('Knights', ['MED-MORALE-REASONS.6']), 'gm', 5), 'MedievalMoraleTested').data.outcome.rulings, 'en')).toEqual([expect.objectContaining({ what: 'reason MED-MORALE-REASONS.6 for Knights', by: 'gm' })]);
  });
});

describe('completion shows each code with its words, and in a battle only those that fit the unit typed', () => {
  const option = (command: string, sub: string, name: string) => findCommand(command)!.subcommands[sub]!.options[name]!;
  const ctx = (state: CompleteContext['state'], typed: string, options?: Record<string, unknown>): CompleteContext => ({ app: undefined as never, state, actor: 'bob', typed, ...(options ? { options } : {}) });

  it('MED-CONTROL: every reason labelled with its words (at most 100 characters); for Billmen only those that fit', () => {
    const reason = option('control', '', 'reason');
    const all = reason.completeLabelled!(ctx(undefined, ''));
    expect(all.map((c) => c.value)).toEqual(['MED-CONTROL.1', 'MED-CONTROL.2', 'MED-CONTROL.3', 'MED-CONTROL.4', 'MED-CONTROL.5', 'MED-CONTROL.6', 'MED-CONTROL.7', 'MED-CONTROL.8']);
    expect(all[4]!.label).toBe('MED-CONTROL.5 — The unit is (formed) A class cavalry, who can see an enemy Close-Combat cavalry uni…');
    expect(all.every((c) => c.label.length <= 100)).toBe(true);
    expect(reason.complete!(ctx(undefined, '5'))).toEqual(['MED-CONTROL.5']);
    const s = given([...t1, to(1, 16)]).state;
    expect(reason.completeLabelled!(ctx(s, '', { unit: 'Billmen' })).map((c) => c.value)).toEqual(['MED-CONTROL.8']);
    expect(reason.completeLabelled!(ctx(s, '', { unit: 'Knights' })).map((c) => c.value)).toEqual(['MED-CONTROL.5', 'MED-CONTROL.8']);
  });

  it('MED-MORALE-REASONS: the archers never in a melee are not offered .4; the billmen who lost are', () => {
    const reasons = option('morale', 'test', 'reasons');
    const s = given([...knightsWin, to(1, 15)]).state;
    expect(reasons.complete!(ctx(s, '', { unit: 'Archers' }))).not.toContain('MED-MORALE-REASONS.4');
    const billmen = reasons.completeLabelled!(ctx(s, '7 ', { unit: 'Billmen' }));
    expect(billmen.find((c) => c.value === '7 MED-MORALE-REASONS.4')?.label).toBe('7 MED-MORALE-REASONS.4 — The unit has Drawn or Lost the present round of Melee (hand to hand combat…');
  });

  it('modifiers are labelled with their words too (MED-MORALE-MOD)', () => {
    const mods = option('morale', 'test', 'modifiers').completeLabelled!(ctx(undefined, 'MED-MORALE-MOD.24'));
    expect(mods[0]).toEqual({ value: 'MED-MORALE-MOD.24', label: 'MED-MORALE-MOD.24 — A Commander figure seen within 150yds of unit' });
  });
});
