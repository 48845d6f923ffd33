import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startTable } from '../support/table.ts';

describe('a full dusk-to-dawn script (NIGHT-18.x)', () => {
  it('vote, night turns, a trigger, the dawn attack and the next battleday', async () => {
    const { out, run } = startTable();
    await run(readFileSync('examples/dusk-to-dawn.table', 'utf8'));

    const channel = out.filter((m) => m.to === 'channel');
    const errors = out.filter((m) => m.error).map((m) => m.error);
    // Each player got one prompt per command, with the two stances as buttons.
    expect(out.filter((m) => m.to === 'dm' && m.title?.startsWith('Ballot v1')).map((m) => [m.user, m.buttons])).toEqual([
      ['alice', ['ACTIVE', 'PASSIVE']],
      ['bob', ['ACTIVE', 'PASSIVE']],
      ['carol', ['ACTIVE', 'PASSIVE']],
      ['dave', ['ACTIVE', 'PASSIVE']],
    ]);
    // The reveal: alice changed her mind twice; the last choice counts (NIGHT-18.11, 18.12).
    const reveal = channel.find((m) => m.title === 'Revealed: Night stance: ACTIVE or PASSIVE?')!;
    expect(reveal.text).toMatch(/revealed \(everyone voted\): Bachelu's Division ACTIVE; Piré's Cavalry Division PASSIVE; 5th Division PASSIVE; 2nd Netherlands Division PASSIVE/);
    expect(reveal.text).toMatch(/night combat: ACTIVE Bachelu's Division; PASSIVE Piré's Cavalry Division, 5th Division, 2nd Netherlands Division/);
    // Before the reveal the channel never saw a stance.
    const before = channel.slice(0, channel.indexOf(reveal));
    expect(before.filter((m) => /Division\W+(ACTIVE|PASSIVE)/.test(m.text))).toEqual([]);
    // NIGHT-18.22: each player sets his PASSIVE command's order, ATTACK refused, another's command refused; NIGHT-18.24: DEFEND only once triggered.
    expect(errors).toContain('5th Division turned PASSIVE: its order must become MARCH, ENGAGE, RESERVE (NIGHT-18.22).');
    expect(errors).toContain("5th Division is <@carol>'s command: only its player or a GM sets its order (NIGHT-18.22).");
    expect(channel.some((m) => m.text === "5th Division: order DEFEND → RESERVE (its player's PASSIVE order, by its senior's order; NIGHT-18.22)")).toBe(true);
    expect(errors.some((e) => /DEFEND only once triggered/.test(e!))).toBe(true);
    // NIGHT-18.24.b is on the table: the trigger stands as dave's claim, shown so, with no GM.
    expect(channel.some((m) => /^2nd Netherlands Division is triggered on <@dave>'s claim: Enemy unit movement .*\(NIGHT-18\.24\.b; the battle does not hold it, a GM may undo the claim\)/.test(m.text))).toBe(true);
    expect(channel.some((m) => /2nd Netherlands Division: order ENGAGE → DEFEND \(order changed by its player, once triggered; NIGHT-18\.22\)/.test(m.text))).toBe(true);
    // The night turn banner (NIGHT-18.31, 18.51).
    expect(channel.find((m) => m.title === 'Turn 3 (night) — Reciprocal Artillery Fire Phase')?.text).toMatch(/visibility 12" \(NIGHT-18.31\)[\s\S]*Fire x0.75; maximum range 12"/);
    // NIGHT-18.81: a command ACTIVE in the night cannot attack at dawn; the notes go to the GM only.
    expect(errors).toContain('The latest prompt of @alice has no button "DAWN ATTACK"; its buttons: NO.');
    expect(out.find((m) => m.to === 'dm' && m.user === 'gm' && m.title === 'Ballot v2 (for the GMs only)')?.text).toMatch(/Piré's Cavalry Division DAWN ATTACK; 5th Division NO/);
    expect(channel.some((m) => /DAWN ATTACK/.test(m.text) && /closed/.test(m.title ?? '') && !/announces/.test(m.text))).toBe(false);
    // The first daylight turn: the GM announces (NIGHT-18.82), the attacker is marked (NIGHT-18.85), CMR notes (NIGHT-18.71).
    expect(channel.some((m) => /the GM announces a DAWN ATTACK by Piré's Cavalry Division/.test(m.text))).toBe(true);
    const status = out.at(-1)!.text;
    expect(status).toMatch(/Now: turn 5 \(day\)/);
    expect(status).toMatch(/Bachelu's Division[\s\S]*ACTIVE last night.*-1 CMR \(NIGHT-18.71\)/);
    expect(status).toMatch(/Piré's Cavalry Division[\s\S]*attacked at dawn: PASSIVE next night \(NIGHT-18.85\)/);
  });
});
