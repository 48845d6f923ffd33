import { describe, expect, it } from 'vitest';
import { decideCampaign, type CampaignAction } from '../../src/campaign/decide.ts';
import type { CampaignEvent } from '../../src/campaign/events.ts';
import { replayCampaign } from '../../src/campaign/evolve.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { campaignTable, channel, errors, STOKE } from './support.ts';

/**
 * Issue 41: a campaign holds house rules and /battle create's options per rule system; each battle it
 * starts of that system starts with them, logged in the battle and listed in its first post, and a
 * battle may change one (its start an option, its GM a house rule with /house set).
 */
const NOW = '2026-12-01T12:00:00.000Z';
const CREATED: CampaignEvent = { type: 'CampaignCreated', data: { campaignId: 'c1', name: 'Roses', channel: 'campaign', gm: 'gm' } };
const INIT_D10: CampaignEvent = { type: 'CampaignHouseRuleSet', data: { system: 'medieval', key: 'initiative.die', value: 'd10', rules: ['MED-INIT.1', 'MED-SEQ.1'], by: 'gm' } };

function given(events: CampaignEvent[]) {
  const state = replayCampaign('c1', events.map((event, i) => ({ battleId: 'c1', version: i + 1, event, actor: 'gm', at: NOW, requestId: `r${i}` })));
  const run = (action: CampaignAction, actor = 'gm') => () => decideCampaign(state, action, { actor, now: NOW });
  return {
    state,
    when: (action: CampaignAction, actor = 'gm') => ({
      then: (expected: CampaignEvent[]) => expect(run(action, actor)()).toEqual(expected),
      refused: (why: string) => {
        expect(run(action, actor)).toThrow(RuleError);
        expect(run(action, actor)).toThrow(why);
      },
    }),
  };
}

describe("the campaign's house rules and options per rule system (decide)", () => {
  it('MED-INIT.1/MED-SEQ.1: a GM sets a house rule for its medieval battles, checked as /house set checks it', () => {
    given([CREATED]).when({ type: 'SetCampaignHouseRule', system: 'medieval', key: 'Initiative.Die', value: 'd10' }).then([INIT_D10]);
    given([CREATED]).when({ type: 'SetCampaignHouseRule', system: 'medieval', key: 'initiative.die', value: 'd12' }).refused('initiative.die takes one of d6, d10 (MED-INIT.1, MED-SEQ.1)');
    given([CREATED]).when({ type: 'SetCampaignHouseRule', system: 'brigade', key: 'initiative.die', value: 'd10' }).refused('leave no value "initiative.die" open');
    given([CREATED]).when({ type: 'SetCampaignHouseRule', system: 'chess', key: 'initiative.die', value: 'd10' }).refused('Unknown rule system "chess"');
    given([CREATED]).when({ type: 'SetCampaignHouseRule', system: 'medieval', key: 'initiative.die', value: 'd10' }, 'alice').refused('Only a GM of Roses may do that.');
  });

  it('a house rule set is in the state by system; unset drops it, and one not set is refused', () => {
    expect(given([CREATED, INIT_D10]).state.systems).toEqual({ medieval: { options: {}, house: { 'initiative.die': { key: 'initiative.die', value: 'd10', rules: ['MED-INIT.1', 'MED-SEQ.1'], by: 'gm' } } } });
    given([CREATED, INIT_D10]).when({ type: 'UnsetCampaignHouseRule', system: 'medieval', key: 'initiative.die' }).then([{ type: 'CampaignHouseRuleUnset', data: { system: 'medieval', key: 'initiative.die', by: 'gm' } }]);
    given([CREATED]).when({ type: 'UnsetCampaignHouseRule', system: 'medieval', key: 'initiative.die' }).refused('Roses sets no house rule initiative.die for its medieval battles; nothing to unset.');
  });

  it('MED-PARTDICE, MED-AUTOKILL: options merge with those set before, as /battle create checks them; another system\'s are refused', () => {
    const part: CampaignEvent = { type: 'CampaignOptionsSet', data: { system: 'medieval', options: { partDice: true }, by: 'gm' } };
    given([CREATED]).when({ type: 'SetCampaignOptions', system: 'medieval', options: { partDice: true } }).then([part]);
    given([CREATED, part]).when({ type: 'SetCampaignOptions', system: 'medieval', options: { autokill: true } }).then([{ type: 'CampaignOptionsSet', data: { system: 'medieval', options: { partDice: true, autokill: true }, by: 'gm' } }]);
    given([CREATED]).when({ type: 'SetCampaignOptions', system: 'percentile', options: { autokill: true } }).refused('autokill: this is an option of the medieval d10 rules only; a percentile battle takes none.');
    given([CREATED]).when({ type: 'SetCampaignOptions', system: 'medieval', options: {} }).refused('Give the options its medieval battles start with: autokill, partDice, initiativeDie.');
    given([CREATED]).when({ type: 'SetCampaignOptions', system: 'brigade', options: {} }).refused('brigade battles take no options at their creation; its house rules are set with /campaign house set.');
  });
});

describe('a campaign battle starts with the campaign\'s rules (table)', () => {
  it('given initiative.die and part dice set for medieval battles, Stoke Field is created with them: logged in its log, listed in its first post', async () => {
    const t = await campaignTable();
    await t.run(['#campaign @gm /campaign house set system:medieval key:initiative.die value:d10', '#campaign @gm /campaign options system:medieval partdice:true autokill:true']);
    const out = await t.run('#stoke @gm /campaign battle start name:"Stoke Field" system:medieval armies:"The King\'s Army, Lincoln\'s Army" autokill:false');
    expect(errors(out)).toEqual([]);
    const log = await t.store.load('c1-b1');
    expect(log[0]!.data).toMatchObject({ options: { partDice: true, autokill: false } });
    expect(log.find((e) => e.type === 'HouseRuleSet')!.data).toEqual({ key: 'initiative.die', value: 'd10', by: 'gm', rules: ['MED-INIT.1', 'MED-SEQ.1'], source: 'the campaign c1' });
    const first = channel(out, 'stoke')[0]!.text;
    expect(first).toContain('options agreed: automatic kills off (MED-AUTOKILL), part dice on (MED-PARTDICE)');
    expect(first).toContain('House rule initiative.die (MED-INIT.1, MED-SEQ.1): d10, set by <@gm> from the campaign c1');
    // Open still: all but the one the campaign set.
    expect(first).toMatch(/leave 6 values open.*: morale\.commander-with/);
    expect(first).not.toMatch(/open.*initiative\.die \(/);
    expect(channel(out, 'campaign')[0]!.text).toContain("It starts with the campaign's options automatic kills off (MED-AUTOKILL), part dice on (MED-PARTDICE) and 1 house rule (initiative.die), listed in its first post.");
    // The battle may change a house rule it started with: its GM, there, logged.
    expect(errors(await t.run('#stoke @gm /house set key:initiative.die value:d6'))).toEqual([]);
    expect((await t.app.state('c1-b1')).house['initiative.die']!.value).toBe('d6');
  });

  it('MED-INIT.1/MED-SEQ.1: the die the campaign set is the one its battle rolls, no house rule asked of the GM there', async () => {
    const t = await campaignTable();
    await t.run('#campaign @gm /campaign house set system:medieval key:initiative.die value:d10');
    // Stoke Field as the script fights it, less its own /house set.
    const out = await t.run(STOKE.filter((l) => !l.includes('/house set')));
    expect(errors(out)).toEqual([]);
    expect(out.map((m) => m.text).join('\n')).toMatch(/d10.*house rule set by <@gm> at event \d+/);
  });

  it('a house rule set after a battle started is for the battles after it: the battle started keeps what it began with', async () => {
    const t = await campaignTable();
    await t.run([STOKE[0]!, '#campaign @gm /campaign house set system:medieval key:initiative.die value:d6']);
    expect((await t.app.state('c1-b1')).house).toEqual({});
    const c = await t.app.campaigns.state('c1');
    expect(c.battles['c1-b1']!.house).toBeUndefined();
    expect((await t.run('#campaign @bob /campaign house show')).at(-1)!.text).toContain('• initiative.die (MED-INIT.1, MED-SEQ.1): d6 — set by <@gm>');
  });
});
