import { english } from '../../src/i18n/text.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { invoke } from '../../src/app/service/invoke.ts';
import { campaignTable, channel, dms, errors, TUDOR } from './support.ts';

/** The Tudor roster with its armies, commands and units renamed (no name clash) and its command played by `player`. */
const tudorAs = (player: string) =>
  readFileSync(TUDOR, 'utf8')
    .replace(/player: alice/, `player: ${player}`)
    .replace(/name: ([^,}\n]+)/g, 'name: Second $1');

describe("an army's players are its side's (issue 38)", () => {
  it("a Tudor roster naming the Yorkist @bob is refused, naming him and the side; bob is asked for no Tudor army's orders", async () => {
    const t = await campaignTable();
    const v = await t.store.version('c1');
    const readFile = async () => ({ name: 'tudor2.yaml', text: tudorAs('bob') });
    const out = await invoke(t.app, { command: 'campaign', sub: 'army import', options: { file: 'tudor2.yaml' }, actor: 'alice', channel: 'campaign', readFile });
    expect(out.messages.map((m) => m.error && english(m.text))).toEqual(["tudor2.yaml: armies[0].commands[0].player: <@bob> plays for Yorkist, not Tudor; a roster names its own side's players. Nothing was imported."]);
    expect(await t.store.version('c1')).toBe(v);
    const opened = await t.run('#campaign @gm /campaign turn open deadline:2d');
    expect(dms(opened, 'bob').map((m) => m.title)).toEqual(["Orders: Lincoln's Army, turn 1"]);
  });

  it('a GM reassigns an army mid-turn: old and new players told by DM, the status post updated, the orders the new player\'s', async () => {
    const t = await campaignTable();
    await t.run(['#campaign @gm /campaign turn open deadline:2d']);
    const refused = await t.run([`#campaign @gm /campaign army assign army:"The King's Army" player:@bob`, `#campaign @alice /campaign army assign army:"The King's Army" player:@carol`]);
    expect(errors(refused)).toEqual(["<@bob> plays for Yorkist, not Tudor: the commands of The King's Army are for Tudor's players.", "Only a GM of the campaign Lambert Simnel's Rising may do that."]);

    const out = await t.run(`#campaign @gm /campaign army assign army:"The King's Army" player:@carol`);
    expect(errors(out)).toEqual([]);
    const posts = channel(out, 'campaign').map((m) => m.text);
    expect(posts[0]).toBe("<@carol> joined Tudor.\n<@gm> gave Oxford's Vanguard of The King's Army to <@carol> (was <@alice>).");
    expect(posts[1]).toContain("⏳ The King's Army (<@carol>)");
    expect(dms(out, 'alice').map((m) => m.text)).toEqual(["<@gm>, a GM of Lambert Simnel's Rising, gave Oxford's Vanguard of The King's Army to <@carol>. You no longer send The King's Army's orders."]);
    expect(dms(out, 'carol').map((m) => m.title)).toEqual(["Lambert Simnel's Rising: The King's Army reassigned", "Orders: The King's Army, turn 1"]);
    expect(dms(out, 'bob')).toEqual([]);

    expect(errors(await t.run(`#campaign @alice /campaign orders send army:"The King's Army" orders:"Retreat"`))).toEqual(["The King's Army is not yours: only <@carol> may send its orders."]);
    expect(errors(await t.run(`#campaign @carol /campaign orders send army:"The King's Army" orders:"Hold the ridge"`))).toEqual([]);
    expect((await t.run(`#campaign @bob /campaign army show army:"The King's Army"`))[0]!.text).toContain("**Oxford's Vanguard** — John de Vere, Earl of Oxford (<@carol>)");
  });
});
