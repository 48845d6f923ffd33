import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/app/slash/registry.ts';
import type { SubcommandDef } from '../../src/app/slash/commands.ts';
import { parseLine } from '../../src/table/line.ts';
import { startTable } from '../support/table.ts';
import { figureLine } from './figures.ts';

/**
 * Authorization (issues 20, 27): every subcommand, by its own /help example, against a GM, a unit's
 * owner (its command assigned to them), a player who joined the same side, one of the other side, a stranger, and a newcomer who asked to join after
 * the start and was not admitted. A wrong allow is an event a role may not cause; a wrong refusal is
 * an authority refusal a role should not get. Both must be 0.
 *
 * Issue 29: every /campaign subcommand that acts in a campaign, by its example, against the campaign's
 * roles: its GM, the player of the army the example names (a side's player), the other side's player,
 * and an outsider.
 */
const AUTH = /Only a GM|Only a player of this battle|only its players or a GM|Only the players of|Only <@[^>]+> (or <@[^>]+> )?may vote|its players \(or a GM\)/;
/** A campaign's authority refusals (src/app/service/invoke.ts's role gate, src/campaign/decide.ts's own checks). */
const CAMPAIGN_AUTH = /Only a GM of|Only a player of the campaign|is not yours: only <@[^>]+>|Only a GM may enter orders|Only [^.]+'s players or a GM may import/;
/** Options that name the unit acting; the other unit options name its enemy. */
const ACTING = ['firer', 'unit', 'attacker', 'cavalry'];
const ENEMY = ['target', 'defender', 'infantry'];

interface Oob {
  sides: { name: string; commands: { name: string; units: { name: string }[] }[] }[];
}
const oobOf = (system: string) => parse(readFileSync(`examples/oob/${system}.yaml`, 'utf8')) as Oob;
const q = (s: string) => JSON.stringify(s);

const ROLES = ['stranger', 'trent', 'otto', 'sam', 'owner', 'gm'] as const;

function setup(system: string): { lines: string[]; own: string; enemy: string } {
  const oob = oobOf(system);
  const [mine, theirs] = oob.sides;
  const cmd = mine!.commands[0]!;
  return {
    lines: [
      `@gm /battle create name:Auth system:${system}`,
      `@gm /oob import file:examples/oob/${system}.yaml`,
      `@gm /command assign command:${q(cmd.name)} user:@owner`,
      `@sam /join side:${q(mine!.name)}`,
      `@otto /join side:${q(theirs!.name)}`,
      '@gm /roll expression:1d6',
      `@trent /join side:${q(mine!.name)}`,
    ],
    own: cmd.units[0]!.name,
    enemy: theirs!.commands[0]!.units[0]!.name,
  };
}

/** The example line of a subcommand with its acting unit the owner's, its target the enemy's. */
function example(s: SubcommandDef, own: string, enemy: string): string {
  const line = parseLine(`@x ${s.example}`);
  if (line.kind !== 'slash') throw new Error(`bad example ${s.example}`);
  const opts = { ...line.options };
  const isUnit = (k: string) => Object.hasOwn(s.options, k) && !s.options[k]!.choices; // /fire medieval's unit:in|cm is a measure
  for (const k of Object.keys(opts)) {
    if (ACTING.includes(k) && isUnit(k)) opts[k] = own;
    if (ENEMY.includes(k) && isUnit(k)) opts[k] = enemy;
  }
  return `/${line.command} ${line.words.join(' ')} ${Object.entries(opts).map(([k, v]) => `${k}:${q(v)}`).join(' ')}`;
}

const CAMPAIGN_ROLES = ['outsider', 'other', 'player', 'gm'] as const;
/** Who plays each campaign role: alice plays Tudor and its army (The King's Army), bob York. */
const CAMPAIGN_USER: Record<(typeof CAMPAIGN_ROLES)[number], string> = { outsider: 'stranger', other: 'bob', player: 'alice', gm: 'gm' };

/** A campaign in #campaign with a turn open; for the battle result subcommands, its battle c1-b1 ended too. */
function campaignSetup(sub: string): string[] {
  return [
    '#campaign @gm /campaign create name:Auth',
    '#campaign @gm /campaign side name:Tudor',
    '#campaign @gm /campaign side name:York',
    '#campaign @alice /campaign join side:Tudor',
    '#campaign @bob /campaign join side:York',
    '#campaign @alice /campaign army import file:examples/campaign/tudor.yaml',
    '#campaign @bob /campaign army import file:examples/campaign/york.yaml',
    '#campaign @gm /campaign turn open deadline:2d',
    ...(/^battle (result|adjust|confirm)$/.test(sub)
      ? ['#stoke @gm /campaign battle start name:"Stoke Field" system:medieval armies:"The King\'s Army, Lincoln\'s Army"', '#stoke @gm /battle end']
      : []),
  ];
}

describe('authorization (issue 20)', () => {
  it('every subcommand against every role: wrong allows 0, wrong refusals 0', async () => {
    const subs = commands().flatMap((c) => Object.entries(c.subcommands).map(([name, s]) => ({ path: `/${c.name}${name ? ` ${name}` : ''}`, s })));
    const figures = { cells: 0, wrongAllows: [] as string[], wrongRefusals: [] as string[] };
    for (const { path, s } of subs) {
      if (s.needsBattle === false) continue; // /battle create, /help: no battle to be authorized in
      const system = s.systems?.[0] ?? 'percentile';
      const { lines, own, enemy } = setup(system);
      const t = startTable();
      await t.run(lines);
      const acting = Object.entries(s.options).some(([k, o]) => ACTING.includes(k) && !o.choices);
      for (const role of ROLES) {
        const before = (await t.app.state('b1')).version;
        const [reply] = await t.run([`@${role} ${example(s, own, enemy)}`]);
        const appended = (await t.app.state('b1')).version > before;
        const authRefused = AUTH.test(reply?.error ?? '');
        figures.cells++;
        const outsider = role === 'stranger' || role === 'trent';
        // A melee is between two units: the players of either may resolve it (MED-MELEE, MEL-D10).
        const eitherSide = Object.hasOwn(s.options, 'defender') && /melee/.test(path);
        // Acting for a unit is its command's player's: sam, who joined its side, does not act for a
        // unit of the command assigned to @owner (issue 27); otto, of the other side, only in a melee.
        const mayNot = (s.who === 'gm' && role !== 'gm') || (s.who === 'player' && outsider) || (acting && (outsider || role === 'sam' || (role === 'otto' && !eitherSide)));
        // Sure to be allowed: a GM anything; a unit's owner what acts for that unit.
        // (A player subcommand naming no unit of ours, say another side's brigade, may rightly refuse them.)
        const may = role === 'gm' || (s.who !== 'gm' && acting && role === 'owner');
        if (mayNot && (appended || (!authRefused && (s.who === 'gm' || (s.who === 'player' && outsider))))) figures.wrongAllows.push(`${path} by ${role}: ${reply?.error ?? reply?.text}`);
        if (may && authRefused) figures.wrongRefusals.push(`${path} by ${role}: ${reply!.error}`);
      }
      t.db.$client.close();
    }
    const inBattle = figures.cells / ROLES.length;

    // The campaign's subcommands, by the campaign's roles, each in a campaign of its own.
    let inCampaign = 0;
    for (const { path, s } of subs) {
      if (s.scope !== 'campaign' || s.needsCampaign === false) continue; // /campaign create: no campaign to be authorized in
      inCampaign++;
      const sub = path.replace(/^\/campaign /, '');
      const t = startTable();
      await t.run(campaignSetup(sub));
      // The example names The King's Army: only its player sends its orders (a GM enters them, openly, with orders enter).
      const forArmy = sub === 'orders send';
      for (const role of CAMPAIGN_ROLES) {
        const before = (await t.app.campaigns.state('c1')).version;
        const [reply] = await t.run([`#campaign @${CAMPAIGN_USER[role]} ${s.example}`]);
        const appended = (await t.app.campaigns.state('c1')).version > before;
        const authRefused = CAMPAIGN_AUTH.test(reply?.error ?? '');
        figures.cells++;
        const mayNot = (s.who === 'gm' && role !== 'gm') || (s.who === 'player' && role === 'outsider') || (forArmy && role !== 'player');
        const may = forArmy ? role === 'player' : role === 'gm' || (s.who === 'player' && role !== 'outsider') || s.who === 'anyone';
        if (mayNot && (appended || !authRefused)) figures.wrongAllows.push(`${path} by ${role}: ${reply?.error ?? reply?.text}`);
        if (may && authRefused) figures.wrongRefusals.push(`${path} by ${role}: ${reply!.error}`);
      }
      t.db.$client.close();
    }
    figureLine(
      'authorization',
      `${figures.cells} cells (${inBattle} subcommands that act in a battle x ${ROLES.length} roles, ${inCampaign} that act in a campaign x ${CAMPAIGN_ROLES.length} roles; ${subs.length - inBattle - inCampaign} need neither), wrong allows ${figures.wrongAllows.length}, wrong refusals ${figures.wrongRefusals.length}`,
    );
    expect(figures.wrongAllows).toEqual([]);
    expect(figures.wrongRefusals).toEqual([]);
  }, 300_000);
});
