import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brg } from '../../src/systems/brigade/battle/state.ts';
import { startTable } from '../support/table.ts';

describe('one turn of the brigade game at the table (examples/brigade.table)', () => {
  it('plays BRG-1 to BRG-4: tokens and initiative rounds, volleys, a charge, a melee, exploitation, army morale, then rally', async () => {
    const t = startTable();
    await t.run(readFileSync('examples/brigade.table', 'utf8'));
    const s = (await t.app.state('b1'));
    const unit = (name: string) => Object.values(s.units).find((u) => u.name === name)!;
    const channel = t.out.filter((m) => m.to === 'channel').map((m) => m.text);

    // Only the deliberate refusals, each a sentence saying what is needed.
    expect(t.out.filter((m) => m.error).map((m) => m.error)).toEqual([
      "French Army of Portugal won the initiative, so its player declares which side activates (BRG-2.1).",
      "3rd Dragoons is not of Wallace's Brigade, the formation acting this round (BRG-2.2).",
      "Le Marchant's Brigade, Arnauld's Brigade, Curto's Light Cavalry still have their activate token: rounds repeat until every formation of both sides has activated (BRG-2.3). Roll the next round (/activate roll), or a GM clears the tokens (/activate clear).",
      "Wallace's Brigade is Anglo-Portuguese's; French Army of Portugal is the active side and selects one of its own formations (BRG-2.1.1).",
      '1/45th Foot has 8 of 8 left; it cannot take 9 casualties.',
      "Only French Army of Portugal has formations left to activate: it is the only side the winner could declare, so it activates with no initiative round (BRG-2.1, BRG-2.3). Select one: /activate formation.",
      "Arnauld's Brigade has already activated and its token is gone (BRG-2.1.1); select one of Curto's Light Cavalry.",
      '3rd Dragoons\'s and 1/15e de Ligne\'s morale test results are needed (1/15e de Ligne, charged, tests if 3rd Dragoons passes): a GM gives them with /morale brigade unit:"3rd Dragoons" result:passed|failed and /morale brigade unit:"1/15e de Ligne" result:passed|failed, or both with this charge (charger_morale: target_morale:) (how a test is rolled is not in the source, BRG-3.2.3).',
      'Army morale is not checked now: turn 1 is not a fourth turn and no army general has fallen (BRG-4.1).',
    ]);

    // BRG-1.5, BRG-2.1: tokens behind the four formations, a tie rolled again by the group's house rule, the rounds on the battle's dice.
    expect(channel.find((x) => x.startsWith('activate tokens placed (BRG-1.5)'))).toMatch(/Wallace's Brigade, Le Marchant's Brigade, Arnauld's Brigade, Curto's Light Cavalry/);
    expect(channel.filter((x) => x.startsWith('initiative round (BRG-2.1)'))).toHaveLength(3);
    // BRG-2.1, BRG-3.2.1: with one side alone holding tokens, that side activates with no round and no GM.
    expect(channel).toContainEqual(expect.stringMatching(/^Curto's Light Cavalry activates \(BRG-2\.1\.1\)\n• Only French Army of Portugal has formations left to activate: it is the only side the winner could declare, so it activates with no initiative round \(BRG-2\.1, BRG-2\.3\)/));
    expect(channel).toContainEqual(expect.stringMatching(/^1\/15e de Ligne activates \(BRG-3\.2\.1\.1\)\n• Only French Army of Portugal has units left to activate: .* \(BRG-3\.2\.1, BRG-3\.2\.6\)/));
    expect(channel).toContainEqual(expect.stringMatching(/^initiative round \(BRG-2\.1\)[\s\S]*Tied at 3: both roll again \(initiative\.tie: roll-again, house rule set by <@gm> at event \d+\)/));
    // BRG-3.2: the charge with both morale tests from the log, defensive fire, the bayonet roll.
    expect(channel).toContainEqual(expect.stringMatching(/^3rd Dragoons charges 1\/15e de Ligne \(BRG-3\.2\.2\)[\s\S]*may fire defensively \(BRG-3\.2\.4\)[\s\S]*rolls 1D6 to break the bayonets: \d \(BRG-3\.2\.5\)/));
    // The group's score to break the bayonets, a house rule set once for the battle, cited where it is used.
    expect(channel).toContainEqual(expect.stringMatching(/• Breaks on 5, 6 \(bayonets\.breaks-on: 5, 6, house rule set by <@gm> at event \d+\): the bayonets (are broken|hold)\./));
    // BRG-3.3: strengths, casualties and the retreat applied; BRG-3.4: the winner exploits, cavalry rolls for control.
    expect(channel).toContainEqual(expect.stringMatching(/^melee \(BRG-3\.3\): Anglo-Portuguese wins by 4\n[\s\S]*Equal melee strengths, 7 each: every melee die is rolled again \(melee\.tie: roll-again[\s\S]*Every unit in the melee takes 1 casualty/));
    expect(brg(s).units[unit('1/15e de Ligne').id]).toMatchObject({ casualties: 7 });
    // Defensive fire 1, its melee 1, the Hussards' counter-charge melee 1 and 1 more for losing it.
    expect(brg(s).units[unit('3rd Dragoons').id]).toMatchObject({ casualties: 4 });
    expect(channel).toContainEqual(expect.stringMatching(/^3rd Dragoons charges 2\/15e de Ligne \(BRG-3\.4\.3\)[\s\S]*becoming uncontrolled: \d \(BRG-3\.4\.3\.1\)/));
    // BRG-3.4.1: the Hussards' counter-charge is recorded; its melee decides who may charge again.
    expect(channel).toContainEqual(expect.stringMatching(/^3e Hussards counter-charges 3rd Dragoons \(BRG-3\.4\.1\)/));
    expect(channel).toContainEqual(expect.stringMatching(/^exploitation \(BRG-3\.4\.1\): 3e Hussards may charge again\n• 3rd Dragoons may not charge again: it lost its melee \(BRG-3\.4\.1\)/));
    // BRG-4: due because Marmont fell; the group's table number, a d6 against it.
    expect(channel).toContainEqual(expect.stringMatching(/^army morale \(BRG-4\): French Army of Portugal withdraws from the battlefield\n• Army morale is checked: an army general has fallen this turn[\s\S]*table number 4 \(army-morale\.table: the table, house rule set by <@gm> at event \d+\)/));
    // Turn 2, BRG-1.1 and BRG-1.2: the retreating units rally, Marmont comes back, Arnauld waits.
    expect(s.position).toEqual({ turn: 2, phase: 0 });
    expect(brg(s).units[unit('1/15e de Ligne').id]?.retreating).toBeUndefined();
    expect(brg(s).fallen.map((f) => f.leader)).toEqual(['Général de brigade Arnauld']);
    // /help in a brigade battle lists the brigade commands and none of another system's.
    const help = t.out.at(-1)!.text;
    expect(help).toMatch(/\/activate roll[\s\S]*\/charge brigade[\s\S]*\/fire brigade[\s\S]*\/brigade melee[\s\S]*\/morale army/);
    expect(help).not.toMatch(/\/fire medieval|\/fire percentile|\/charge roll|\/initiative roll|\/melee |\/control|\/night|\/orders/);
  });
});
