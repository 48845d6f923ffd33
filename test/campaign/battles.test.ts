import { english } from '../../src/i18n/text.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Campaigns } from '../../src/app/service/campaigns.ts';
import { invoke } from '../../src/app/service/invoke.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { Umpire } from '../../src/app/service/umpire.ts';
import { verifyCampaign } from '../../src/app/reports/verify.ts';
import { openDatabase } from '../../src/store/db.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { campaignTable, channel, dbFile, errors, STOKE } from './support.ts';
import { unguarded } from '../support/tamper.ts';


const figures = (s: { units: Record<string, { name: string; attrs: Record<string, unknown> }> }, name: string) => Object.values(s.units).find((u) => u.name === name)?.attrs.figures;

describe('battles from the campaign', () => {
  it("/campaign battle start creates the battle here, its roster the armies' units in their current state, its sides' players joined", async () => {
    const t = await campaignTable();
    await t.run('#campaign @gm /campaign unit set unit:"Oxford\'s Archers" figures:20 note:"Sickness in camp"');
    await t.run(STOKE[0]!);
    const b = await t.app.state('c1-b1');
    expect(b.channel).toBe('stoke');
    expect(b.system).toBe('medieval');
    expect(Object.keys(b.units)).toHaveLength(6);
    expect(figures(b, "Oxford's Archers")).toBe(20);
    expect(Object.values(b.sides).map((s) => [s.name, s.players])).toEqual([['Tudor', ['alice']], ['Yorkist', ['bob']]]);
    expect(b.gms).toEqual(['gm']);
    expect((await t.store.load('c1-b1'))[0]!.data).toMatchObject({ campaign: 'c1' });
  });

  it.each([
    ['#campaign @gm /campaign battle start name:Here system:medieval armies:"The King\'s Army, Lincoln\'s Army"', /channel or thread of its own/],
    ['#x @gm /campaign battle start name:X system:percentile armies:"The King\'s Army, Lincoln\'s Army"', /The King's Army fights under the medieval rules; Lincoln's Army fights under the medieval rules: a percentile battle draws percentile armies only/],
    ['#x @gm /campaign battle start name:X system:medieval armies:"The King\'s Army"', /at least two armies/],
    ['#x @gm /campaign battle start name:X system:medieval armies:"The King\'s Army, Warwick\'s Army"', /There is no army "Warwick's Army"/],
    ['#x @alice /campaign battle start name:X system:medieval armies:"The King\'s Army, Lincoln\'s Army"', /Only a GM of the campaign/],
  ])('refused, nothing changed: %s', async (line, why) => {
    const t = await campaignTable();
    const v = await t.store.version('c1');
    const out = await t.run(line);
    expect(errors(out)[0]).toMatch(why);
    expect(await t.store.version('c1')).toBe(v);
    expect(await t.store.battles()).toEqual([]);
  });

  it('a channel already running a battle is refused, nothing changed', async () => {
    const t = await campaignTable();
    await t.run('#stoke @gm /battle create name:Skirmish system:medieval');
    const v = await t.store.version('c1');
    const out = await t.run(STOKE[0]!);
    expect(errors(out)).toEqual(['This channel already has battle "Skirmish" (b1): a campaign battle is played in a channel or thread of its own. Nothing was started.']);
    expect(await t.store.version('c1')).toBe(v);
  });

  it('a battle refused as it is created (its channel taken meanwhile) is cancelled in the campaign, its units free again, and the request answers', async () => {
    const t = await campaignTable();
    const refusing = new Campaigns(t.store, { handle: () => Promise.reject(new RuleError('This channel already has battle "Skirmish" (b1).')), state: (id) => t.app.state(id) }, () => new Date());
    await expect(refusing.handle('c1', { type: 'StartCampaignBattle', name: 'Stoke Field', system: 'medieval', channel: 'stoke', armies: ["The King's Army", "Lincoln's Army"] }, 'gm')).rejects.toThrow(
      'This channel already has battle "Skirmish" (b1). The battle was not started; its units are free again.',
    );
    const c = await refusing.state('c1');
    expect(c.battles['c1-b1']!.stage).toBe('cancelled');
    // Its units can fight elsewhere.
    expect(errors(await t.run(STOKE[0]!.replace('#stoke', '#newark').replace('Stoke Field', 'Newark')))).toEqual([]);
  });

  it('a unit already in a battle not yet settled is refused to another, nothing changed', async () => {
    const t = await campaignTable();
    await t.run(STOKE[0]!);
    const v = await t.store.version('c1');
    const out = await t.run('#newark @gm /campaign battle start name:Newark system:medieval armies:"The King\'s Army, Lincoln\'s Army"');
    expect(errors(out)[0]).toBe("Stoke Field (c1-b1) is not settled yet: it is still being fought; its GM ends it with /battle end in <#stoke>; a unit fights one battle at a time, and 6 units of these armies are in it: Oxford's Archers, Oxford's Billmen, Household Knights, Schwartz's Handgunners and 2 more. Nothing was started.");
    expect(await t.store.version('c1')).toBe(v);
    expect((await t.store.battles()).map((b) => b.id)).toEqual(['c1-b1']);
  });

  it('a unit destroyed in the campaign does not fight: it is left out of the roster; an army with none left is refused', async () => {
    const t = await campaignTable();
    await t.run('#campaign @gm /campaign unit set unit:"Irish Kerns" status:destroyed note:"Massacred at Newark"');
    const started = await t.run(STOKE[0]!);
    expect(channel(started, 'campaign')[0]!.text).toContain('5 units in their current state. Left out: Irish Kerns (destroyed).');
    expect(Object.values((await t.app.state('c1-b1')).units).map((u) => u.name)).not.toContain('Irish Kerns');
    const t2 = await campaignTable();
    await t2.run(['Schwartz\'s Handgunners', 'Landsknecht Pikes', 'Irish Kerns'].map((u) => `#campaign @gm /campaign unit set unit:"${u}" status:destroyed note:"Gone"`));
    const out = await t2.run(STOKE[0]!);
    expect(errors(out)[0]).toBe("Lincoln's Army has no unit left to fight (all destroyed or captured).");
  });

  it("the battle's end proposes each unit's new state from its log, its last event referenced by hash; a GM adjusts (a logged ruling) and confirms", async () => {
    const t = await campaignTable();
    const out = await t.run(STOKE);
    const last = (await t.store.load('c1-b1')).at(-1)!;
    const proposed = (await t.store.load('c1')).find((e) => e.type === 'BattleResultProposed')!;
    expect(proposed.actor).toBe('umpire:system');
    expect(proposed.data).toMatchObject({ battleId: 'c1-b1', through: { version: last.version, hash: last.hash } });
    const post = channel(out, 'campaign').find((m) => m.text.includes('has ended'))!.text;
    expect(post).toContain("Oxford's Archers: 24 → 22 figures, fit — lost 2 of 24 figures (MED-FIRE, MED-MELEE)");
    expect(post).toContain('Landsknecht Pikes: 30 → 27 figures, fit');
    // A player may not settle it.
    expect(errors(await t.run('#campaign @bob /campaign battle confirm battle:c1-b1'))).toEqual(["Only a GM of the campaign Lambert Simnel's Rising may do that."]);
    const adjusted = await t.run('#campaign @gm /campaign battle adjust battle:c1-b1 unit:"Landsknecht Pikes" status:routed note:"They broke when Schwartz fell"');
    expect(channel(adjusted, 'campaign')[0]!.text).toContain("GM's ruling (<@gm>) on Landsknecht Pikes after Stoke Field: 27 figures, routed, where the log proposed 27, fit — They broke when Schwartz fell");
    await t.run('#campaign @gm /campaign battle confirm battle:c1-b1');
    const c = await t.app.campaigns.state('c1');
    expect(Object.values(c.units).map((u) => [u.name, u.attrs.figures, u.status])).toEqual([
      ["Oxford's Archers", 22, 'fit'],
      ["Oxford's Billmen", 24, 'fit'],
      ['Household Knights', 12, 'fit'],
      ["Schwartz's Handgunners", 15, 'fit'],
      ['Landsknecht Pikes', 27, 'routed'],
      ['Irish Kerns', 20, 'fit'],
    ]);
    // The next battle draws them as the first left them.
    await t.run('#newark @gm /campaign battle start name:Newark system:medieval armies:"The King\'s Army, Lincoln\'s Army"');
    const newark = await t.app.state('c1-b2');
    expect([figures(newark, "Oxford's Archers"), figures(newark, 'Landsknecht Pikes')]).toEqual([22, 27]);
  });

  it("a result is confirmed once; a battle's result cannot be adjusted before the battle ends", async () => {
    const t = await campaignTable();
    await t.run(STOKE[0]!);
    expect(errors(await t.run('#campaign @gm /campaign battle adjust battle:c1-b1 unit:"Irish Kerns" figures:3 note:x'))[0]).toMatch(/has no proposed result to adjust/);
    expect(errors(await t.run('#campaign @gm /campaign battle result battle:c1-b1'))[0]).toMatch(/has not ended: its GM ends it with \/battle end/);
    await t.run(STOKE.slice(1));
    await t.run('#campaign @gm /campaign battle confirm battle:c1-b1');
    expect(errors(await t.run('#campaign @gm /campaign battle confirm battle:c1-b1'))[0]).toMatch(/has no result waiting: it is applied/);
  });

  it('reinforcements, replacements and transfers are GM actions, logged; a player is refused', async () => {
    const t = await campaignTable();
    const refused = await t.run(['#campaign @alice /campaign unit set unit:"Oxford\'s Archers" figures:30 note:"More archers"', '#campaign @bob /campaign army reinforce army:"Lincoln\'s Army" file:examples/campaign/york.yaml']);
    expect(errors(refused)).toHaveLength(2);
    const out = await t.run('#campaign @gm /campaign unit set unit:"Oxford\'s Archers" figures:30 note:"Replacements from the depot"');
    expect(channel(out, 'campaign')[0]!.text).toBe("GM's ruling (<@gm>) on Oxford's Archers: 24 → 30 figures, fit → fit — Replacements from the depot");
    // Reinforcing with the same roster again would repeat every unit's name: refused whole.
    expect(errors(await t.run('#campaign @gm /campaign army reinforce army:"Lincoln\'s Army" file:examples/campaign/york.yaml'))[0]).toMatch(/there is already a unit named "Schwartz's Handgunners"; nothing was imported/);
    expect(errors(await t.run('#campaign @gm /campaign unit transfer unit:"Oxford\'s Archers" army:"Lincoln\'s Army" command:"Turncoats"'))).toEqual([]);
    expect((await t.app.campaigns.state('c1')).units.u1!.armyId).toBe('a2');
  });

  it('a roster that does not match its rule system is refused whole, naming each problem; nothing is imported', async () => {
    const t = await campaignTable();
    const bad = 'armies:\n  - name: Bad\n    system: medieval\n    commands:\n      - name: Bad Host\n        units:\n          - { name: Gunners, arm: infantry, figures: 10, class: C, armour: light, cannon: 2, muskets: 3 }\n          - { name: Pikes, arm: infantry, figures: 0, class: C }\n';
    const v = await t.store.version('c1');
    const out = await invoke(t.app, { command: 'campaign', sub: 'army import', options: { file: 'bad.yaml' }, actor: 'alice', channel: 'campaign', readFile: async () => ({ name: 'bad.yaml', text: bad }) });
    const [why] = out.messages.filter((m) => m.error).map((m) => english(m.text));
    expect(why).toMatch(/^bad\.yaml has \d+ errors; nothing was imported:/);
    expect(why).toContain('armies[0].commands[0].units[0]: unknown attribute "muskets"');
    expect(why).toContain('armies[0].commands[0].units[1].figures: expected a positive whole number');
    expect(why).toMatch(/armies\[0\]\.commands\[0\]\.units\[1\] \("Pikes"\) needs order .*armour \(super heavy/);
    expect(await t.store.version('c1')).toBe(v);
  });

  it('/campaign report: each army across turns and battles, the battles with their results, and a chart PNG', async () => {
    const t = await campaignTable();
    await t.run(['#campaign @gm /campaign turn open', ...STOKE, '#campaign @gm /campaign battle confirm battle:c1-b1']);
    const [r] = await t.run('#campaign @carol /campaign report');
    expect(r!.text).toContain('Strength in figures at: start | turn 1 | after Stoke Field (c1-b1)');
    expect(r!.text).toContain("• The King's Army: 60 → 60 → 58");
    expect(r!.text).toContain("• Lincoln's Army: 65 → 65 → 62");
    expect(r!.text).toContain('• Stoke Field (c1-b1, turn 1, medieval): Tudor 60 → 58 figures; Yorkist 65 → 62 figures.');
    const files = (r as { files?: string[] }).files!;
    expect(files[0]).toMatch(/lambert-simnels-rising-c1-[0-9a-f]{8}-turn1\.png$/);
    expect(readFileSync(files[0]!).subarray(1, 4).toString()).toBe('PNG');
  });

  it("umpire verify --campaign checks the campaign's chain and each battle it references by hash; a battle changed afterwards is caught", async () => {
    const t = await campaignTable();
    await t.run(STOKE);
    const ok = await verifyCampaign(t.store, 'c1');
    expect(ok.chain.ok).toBe(true);
    expect(ok.battles).toHaveLength(1);
    expect(ok.battles[0]).toMatchObject({ battleId: 'c1-b1', matches: true, log: { chain: { ok: true }, dice: { status: 'checked' } } });
    // Someone rewrites the battle's last event and its hash: the battle's chain may be made to hold, but not the campaign's reference.
    unguarded(t.db.$client).prepare("UPDATE events SET hash = ? WHERE battle_id = 'c1-b1' AND version = (SELECT max(version) FROM events WHERE battle_id = 'c1-b1')").run('f'.repeat(64));
    const bad = await verifyCampaign(t.store, 'c1');
    expect(bad.battles[0]!.matches).toBe(false);
  });

  it('a leader the log shows fallen (brigade, BRG-3.3.5) is proposed, and the next battle draws his command and unit without him', async () => {
    const t = await campaignTable();
    const roster = (name: string, cmd: string, officer: string, units: string) => `armies:\n  - name: ${name}\n    system: brigade\n    commands:\n      - name: ${cmd}\n        officer: ${officer}\n        units:\n${units}`;
    const files: Record<string, string> = {
      'fr.yaml': roster('Army of Portugal', "Arnauld's Brigade", 'Général de brigade Arnauld', '          - { name: 1/15e de Ligne, arm: infantry, morale: 4, melee_dice: 1D3, figures: 8, leader: Général de brigade Arnauld }\n'),
      'br.yaml': roster("Wellington's Army", "Wallace's Brigade", 'Lieutenant-Colonel Alexander Wallace', '          - { name: 1/45th Foot, arm: infantry, morale: 5, melee_dice: 1D6, figures: 8 }\n'),
    };
    const readFile = async (ref: string) => ({ name: ref, text: files[ref]! });
    for (const [side, file] of [['Yorkist', 'fr.yaml'], ['Tudor', 'br.yaml']]) await invoke(t.app, { command: 'campaign', sub: 'army import', options: { side, file }, actor: 'gm', channel: 'campaign', readFile });
    const out = await t.run([
      '#s @gm /campaign battle start name:Salamanca system:brigade armies:"Army of Portugal, Wellington\'s Army"',
      '#s @gm /brigade fallen leader:"Général de brigade Arnauld" rule:BRG-3.3.5',
      '#s @gm /battle end',
      '#campaign @gm /campaign battle confirm battle:c1-b1',
    ]);
    expect(channel(out, 'campaign').map((m) => m.text).join('\n')).toContain("Leader fallen: Général de brigade Arnauld (Arnauld's Brigade) — fell with 1/15e de Ligne; the command fights on without him.");
    await t.run('#t @gm /campaign battle start name:Arapiles system:brigade armies:"Army of Portugal, Wellington\'s Army"');
    const next = await t.app.state('c1-b2');
    expect(Object.values(next.commands).map((c) => [c.name, c.officer])).toEqual([["Arnauld's Brigade", undefined], ["Wallace's Brigade", 'Lieutenant-Colonel Alexander Wallace']]);
    expect(Object.values(next.units).find((u) => u.name === '1/15e de Ligne')!.attrs.leader).toBeUndefined();
  });

  it('a process killed between reserving the battle and creating it: the next start (its tick) creates it, once', async () => {
    const file = dbFile();
    const t = await campaignTable({ file });
    await t.store.close();
    const store = new SqliteEventStore(openDatabase(file));
    // Dies as it creates the battle, after the campaign's reservation was appended.
    const dying = new Campaigns(store, { handle: () => Promise.reject(new Error('killed')), state: () => Promise.reject(new Error('killed')) }, () => new Date());
    await expect(dying.handle('c1', { type: 'StartCampaignBattle', name: 'Stoke Field', system: 'medieval', channel: 'stoke', armies: ["The King's Army", "Lincoln's Army"] }, 'gm')).rejects.toThrow('killed');
    expect(await store.battles()).toEqual([]);
    await store.close();
    const again = new Umpire(new SqliteEventStore(openDatabase(file)));
    expect(await again.tick()).toBe(1);
    expect(await again.tick()).toBe(0);
    expect((await again.store.battles()).map((b) => [b.id, b.channel])).toEqual([['c1-b1', 'stoke']]);
    expect(Object.keys((await again.state('c1-b1')).units)).toHaveLength(6);
  });

  it('two processes starting battles from the same armies at once: one starts, the other is refused', async () => {
    const file = dbFile();
    const t = await campaignTable({ file });
    await t.store.close();
    const apps = [0, 1].map(() => new Umpire(new SqliteEventStore(openDatabase(file))));
    const results = await Promise.all(
      apps.map((app, i) => invoke(app, { command: 'campaign', sub: 'battle start', options: { name: `Battle ${i}`, system: 'medieval', armies: "The King's Army, Lincoln's Army", campaign: 'c1' }, actor: 'gm', channel: `field${i}` })),
    );
    const refused = results.filter((r) => r.messages.some((m) => m.error));
    expect(refused).toHaveLength(1);
    expect(english(refused[0]!.messages[0]!.text)).toMatch(/a unit fights one battle at a time/);
    expect((await apps[0]!.store.battles()).map((b) => b.id)).toEqual(['c1-b1']);
  });
});
