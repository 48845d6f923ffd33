import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemble } from '../../src/assemble.ts';
import { houseRule } from '../../src/battle/house.ts';
import { findUnit, needDice } from '../../src/battle/mechanics.ts';
import type { LoggedEvent } from '../../src/battle/events.ts';
import { verifyDice } from '../../src/app/reports/verify.ts';
import { refuse, ValueNeeded } from '../../src/rules/errors.ts';
import { systems } from '../../src/systems/index.ts';
import { startTable } from '../support/table.ts';
import { duel } from '../systems/duel/plugin.ts';

/**
 * The core's rule (src/battle/held.ts, issue 37): a system that refuses after drawing a die never
 * shows it. A fake system (the duel, whose strike here rolls a d6 and only then finds what it
 * lacks) names the die in its refusals; the die is logged instead and the strike waits for a GM.
 */
const SEED = '01'.repeat(32);
const diceEvents = (log: LoggedEvent[]) => log.map((e) => ({ version: e.version, type: e.event.type, data: e.event.data }));

const leaky = {
  ...duel,
  decide: ((s, a, ctx) => {
    const attacker = findUnit(s, (a as { attacker: string }).attacker);
    const target = findUnit(s, (a as { target: string }).target);
    const { value: outcome, dice } = needDice(ctx.dice).take((d) => {
      const first = d.die(6);
      if (s.options.needed === 6) refuse(`rolled ${first}`);
      const die = houseRule(s, 'strike.die') ?? (() => { throw new ValueNeeded(`rolled ${first}: strike.die is needed`, 'the house rule strike.die'); })();
      const second = d.die(die.value as number);
      return { rule: 'DUEL-1', dice: [], steps: [`d6 ${first}, d${die.value as number} ${second}`], hit: false };
    });
    return [{ type: 'DuelStruck', data: { attackerId: attacker.id, targetId: target.id, outcome, dice } }];
  }) as typeof duel.decide,
};

const setup = (needed: number) => [
  `@gm /battle create name:Ring system:duel needed:${needed}`,
  '@gm /side add name:Red',
  '@gm /side add name:Blue',
  '@gm /command add name:R side:Red',
  '@gm /command add name:B side:Blue',
  '@gm /unit add name:Rufus command:R wounds_allowed:3',
  '@gm /unit add name:Bruno command:B wounds_allowed:3',
  '@alice /join side:Red',
];

describe('core: a die drawn before a refusal is logged and counts, never shown', () => {
  beforeAll(() => assemble([...systems, leaky]));
  afterAll(() => assemble());

  it('a value missing after the die: held with the die logged, the channel told the need; the GM sets the house rule, the strike resolves on the same die; verify passes', async () => {
    const t = startTable();
    await t.run(setup(5));
    const out = await t.run(['@alice /duel strike attacker:Rufus target:Bruno']);
    expect(out.filter((o) => o.error)).toEqual([]);
    expect(out.map((o) => o.text).join('\n')).not.toMatch(/rolled/);
    expect(out.find((o) => o.to === 'channel')!.text).toMatch(/^<@alice>'s DuelStrike waits for a GM: it needs the house rule strike\.die\. 1 die is drawn and logged \(words 0 to 0 of the stream\): they count/);
    const [b] = await t.app.battles();
    let log = await t.app.log(b!.id);
    const held = log.at(-1)!.event;
    expect(held.type).toBe('ActionHeld');
    const heldDice = (held.data as { dice: { from: number; to: number; rolls: { sides: number; result: number }[] } }).dice;
    expect(heldDice.rolls).toHaveLength(1);
    expect((await t.app.state(b!.id)).diceCursor).toBe(heldDice.to);
    expect(JSON.stringify(held.data)).not.toMatch(/rolled/);

    // Nothing else rolls, nor does the phase move, while it waits.
    const blocked = await t.run(['@alice /roll expression:1d6', '@gm /phase next']);
    expect(blocked.map((o) => o.error)).toEqual([expect.stringMatching(/^The dice wait for the held DuelStrike/), expect.stringMatching(/^The dice wait for the held DuelStrike/)]);

    const resumed = await t.run(['@gm /house set key:strike.die value:8', '@alice /duel strike attacker:Rufus target:Bruno']);
    expect(resumed.filter((o) => o.error)).toEqual([]);
    log = await t.app.log(b!.id);
    const [resume, struck] = log.slice(-2).map((e) => e.event);
    expect(resume).toMatchObject({ type: 'HeldActionResumed', data: { by: 'alice', from: heldDice.from } });
    const used = (struck!.data as { dice: typeof heldDice }).dice;
    expect(used.from).toBe(heldDice.from);
    expect(used.rolls[0]).toEqual(heldDice.rolls[0]);
    expect(used.rolls[1]!.sides).toBe(8);

    await t.run(['@gm /roll expression:1d6', '@gm /battle end']);
    const all = await t.app.log(b!.id);
    expect(verifyDice(b!.id, diceEvents(all))).toMatchObject({ status: 'checked' });
    // The resumption is what lets the resolution read the held words again: without it, verify fails.
    const without = diceEvents(all).filter((e) => e.type !== 'HeldActionResumed');
    expect(verifyDice(b!.id, without, SEED)).toMatchObject({ status: 'failed' });
    // A resolution that read the held words as another die is caught.
    const rerolled = diceEvents(all).map((e) => (e.type === 'DuelStruck' ? { ...e, data: { ...(e.data as object), dice: { ...used, rolls: [{ sides: 4, result: 1 }, ...used.rolls.slice(1)] } } } : e));
    expect(verifyDice(b!.id, rerolled, SEED).status).toBe('failed');
  });

  it('a system bug refusing after its die ("rolled N"): the reply names no die, the die is logged; /battle undo sets the action aside, its die still counted', async () => {
    const t = startTable();
    await t.run(setup(6));
    const out = await t.run(['@alice /duel strike attacker:Rufus target:Bruno']);
    expect(out.filter((o) => o.error)).toEqual([]);
    expect(out.map((o) => o.text).join('\n')).not.toMatch(/rolled/);
    expect(out.find((o) => o.to === 'channel')!.text).toMatch(/needs a GM ruling/);
    const [b] = await t.app.battles();
    const cursor = (await t.app.state(b!.id)).diceCursor;
    expect(cursor).toBeGreaterThan(0);
    // The player's retry is the held action again: it reads the same logged die, which counts now, so the system's words may name it; nothing is appended.
    const heldDie = ((await t.app.log(b!.id)).at(-1)!.event.data as { dice: { rolls: { result: number }[] } }).dice.rolls[0]!.result;
    const again = await t.run(['@alice /duel strike attacker:Rufus target:Bruno']);
    expect(again.map((o) => o.error)).toEqual([`rolled ${heldDie}`]);
    expect((await t.app.state(b!.id)).diceCursor).toBe(cursor);
    const aside = await t.run(['@gm /battle undo', '@alice /roll expression:1d6', '@gm /battle end']);
    expect(aside.filter((o) => o.error)).toEqual([]);
    const log = await t.app.log(b!.id);
    expect(log.map((e) => e.event.type)).toContain('HeldActionSetAside');
    const rolled = log.find((e) => e.event.type === 'DiceRolled')!.event.data as { dice: { from: number } };
    expect(rolled.dice.from).toBe(cursor);
    expect(verifyDice(b!.id, diceEvents(log))).toMatchObject({ status: 'checked' });
  });
});
