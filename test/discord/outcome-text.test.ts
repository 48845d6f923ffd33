import { english } from '../../src/i18n/text.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEvent } from '../../src/battle/describe.ts';
import type { LoggedEvent } from '../../src/battle/events.ts';
import { replay } from '../../src/battle/replay.ts';
import { render } from '../../src/discord/render.ts';
import { wordMessage, type Message } from '../../src/messages.ts';
import { ruleSystems } from '../../src/battle/registry.ts';
import { textLines } from '../../src/table/render.ts';
import { startTable, type Out } from '../support/table.ts';

/**
 * Issue 17: every outcome reads as prose and an ordered working, at the table and in Discord, with
 * no JSON, `null` or empty list reaching a player. The event types come from the registry: every
 * event type a rule system declares (`ruleSystems()[*].events`) and the core's ballot reveal and
 * rolls need a sample, found by playing every example script (examples/*.table) and the extra
 * lines below. A system that adds an event type adds a line to its example script (or here).
 */

/** Core events that carry an outcome: a ballot's reveal and the rolls. */
const CORE_OUTCOME_EVENTS = ['BallotRevealed', 'DiceRolled', 'RollRevealed'];

/** Lines reaching what the examples do not play, each script at a table of its own. */
const EXTRA: Record<string, string[]> = {
  percentile: [
    '@gm /battle create name:"Samples" system:percentile',
    '@gm /oob import file:examples/oob/percentile.yaml',
    '@gm /fire percentile firer:"Foot Battery 2/6" target:"Bijleveld\'s Horse Battery" range:9 count:8 base:35 counterbattery:A',
    '@gm /fire counterbattery unit:"Bijleveld\'s Horse Battery" met:d',
    '@gm /phase next',
    '@bob /unit charge unit:"6e Lanciers"',
    '@alice /unit replace unit:"2e Léger"',
    '@gm /unit losses unit:"1/79th Highlanders" lost:2 reason:"shock combat"',
    '@gm /morale state unit:"2e Léger" state:disordered reason:"a wood"',
    '@gm /night demoralized side:French on:true',
  ],
  medieval: [...readFileSync('examples/medieval-battle.table', 'utf8').split('\n'), '@gm /morale set unit:"Irish Kerns" disordered:true'],
  // The example plays with the group's house rules (examples/house/charge.yaml); here a GM opens the
  // dotted line area to every result, so the Kürassiers' charge (a firefight shifted outward, CHG-CAV)
  // on this seed opens a ride down, and
  // gives the Grand-Tac roll a modifier.
  charge: [
    ...readFileSync('examples/charge.table', 'utf8').split('\n'),
    '@gm /house set key:ride-down.area.open value:"{min: -30, max: 30}"',
    '@gm /phase next',
    '@charles /charge roll attacker:"Kürassier-Regiment Erzherzog Franz" defender:"3e de Ligne" table:open charging:rear',
    '@charles /charge continue attacker:"Kürassier-Regiment Erzherzog Franz" target:"10e Léger" distance:3',
    '@charles /charge ride-down cavalry:"Kürassier-Regiment Erzherzog Franz" infantry:"3e de Ligne"',
    '@gm /charge status unit:"3e de Ligne" shaken:true',
    '@gm /phase next',
    '@gm /phase next',
    '@gm /initiative open modifiers:"French: army commander=+1"',
  ],
  // A GM's ruling clearing the tokens (BRG-2.3), a melee of equal strengths the GM rules on (BRG-3.3.3), an uneven split he assigns (BRG-3.3.4).
  brigade: [
    '@gm /battle create name:"Brigade samples" system:brigade',
    '@gm /oob import file:examples/oob/brigade.yaml',
    '@gm /phase next',
    '@gm /activate clear',
    '@gm /phase next',
    '@gm /brigade melee units_a:"1/88th Foot" units_b:"1/66e de Ligne" melee_dice:"1/88th Foot=0; 1/66e de Ligne=0" supplementary_b:"uphill=+1"',
    '@gm /brigade melee-tie loser:"French Army of Portugal"',
    // 5 against 4 with no dice: one extra casualty over two losing units, the GM's to assign (BRG-3.3.4).
    '@gm /brigade melee units_a:"1/45th Foot" units_b:"1/15e de Ligne, 2/15e de Ligne" melee_dice:"1/45th Foot=0; 1/15e de Ligne=0; 2/15e de Ligne=0"',
    '@gm /brigade remainder units:"2/15e de Ligne"',
  ],
  core: ['@gm /battle create name:"Core" system:percentile', '@gm /roll 2d6+1', '@gm /battle end'],
};

/** What must not reach a player: JSON, `null`/`undefined`/`NaN`, empty lists or objects, stringified objects. */
const LEAKS: [string, RegExp][] = [
  ['null', /\bnull\b/],
  ['undefined', /\bundefined\b/],
  ['NaN', /\bNaN\b/],
  ['[object Object]', /\[object Object\]/],
  ['a JSON object', /\{\s*"[^"]*"\s*:/],
  // Dice notation's "[3, 3]+1 = 7" is what dice-bot users read; an array of strings or objects is JSON.
  ['a JSON array', /\[\s*(?:"|\{|\[)/],
  ['an empty list', /\[\s*\]/],
  ['an empty object', /\{\s*\}/],
];
const leaks = (text: string) => LEAKS.filter(([, re]) => re.test(text)).map(([what]) => what);

interface Played {
  events: { e: LoggedEvent; text: string }[];
  messages: Message[];
}

/** A message as the table printed it (`--json`), back to the neutral model the adapters render. */
const toMessage = (o: Out): Message => ({
  to: o.to === 'channel' ? { kind: 'channel', channel: o.channel! } : o.to === 'dm' ? { kind: 'dm', user: o.user! } : { kind: 'reply', user: o.user!, channel: o.channel! },
  text: o.text,
  ...(o.title ? { title: o.title } : {}),
  ...(o.outcome !== undefined ? { outcome: o.outcome } : {}),
  ...(o.event !== undefined ? { event: o.event } : {}),
  ...(o.error ? { error: true } : {}),
});

async function play(lines: string[]): Promise<Played> {
  const t = startTable();
  await t.run(lines);
  const events: Played['events'] = [];
  for (const b of (await t.app.battles())) {
    const log = (await t.app.log(b.id));
    // Each event described against the state before it, as the log and the channel read it.
    for (const e of log) events.push({ e, text: english(describeEvent(e.event, replay(b.id, log, e.version - 1))) });
  }
  return { events, messages: t.out.filter((o) => !o.error).map(toMessage) };
}

const scripts = [
  ...readdirSync('examples')
    .filter((f) => f.endsWith('.table'))
    .map((f) => [`examples/${f}`, readFileSync(`examples/${f}`, 'utf8').split('\n')] as const),
  ...Object.entries(EXTRA).map(([k, lines]) => [`extra ${k}`, lines] as const),
];

describe('every outcome of every rule system reads as prose and working, with no JSON or null (issue 17)', () => {
  let played: Played[] = [];
  beforeAll(async () => {
    played = [];
    for (const [, lines] of scripts) played.push(await play(lines));
  });
  const all = () => played.flatMap((p) => p.events);
  const outcomeEvents = () => all().filter(({ e }) => (e.event.data as { outcome?: unknown }).outcome !== undefined);

  it('has a sample of every event type each registered system declares, and of the ballot reveal and rolls', () => {
    const seen = new Set<string>(all().map(({ e }) => e.event.type));
    const wanted = [...ruleSystems().flatMap((s) => s.events), ...CORE_OUTCOME_EVENTS];
    expect(wanted.filter((t) => !seen.has(t)), 'event types with no sample: play them in an example script or in EXTRA').toEqual([]);
    expect(outcomeEvents().length).toBeGreaterThan(30);
  });

  it('each event reads without JSON, null or empty lists; each outcome has its working, one "• step" a line, and shows every die it rolled', () => {
    const bad: string[] = [];
    for (const { e, text } of all()) {
      const found = leaks(text);
      if (found.length) bad.push(`${e.event.type} (${found.join(', ')}): ${text}`);
      const data = e.event.data as { outcome?: unknown; dice?: { rolls: { result: number }[] } };
      if (data.outcome === undefined) continue;
      if (!/\n• \S/.test(text)) bad.push(`${e.event.type} has no working lines: ${text}`);
      const numbers = new Set(text.match(/\d+/g) ?? []);
      const missing = (data.dice?.rolls ?? []).map((r) => String(r.result)).filter((n) => !numbers.has(n));
      if (missing.length) bad.push(`${e.event.type} does not show the dice ${missing.join(', ')}: ${text}`);
    }
    expect(bad).toEqual([]);
  });

  it('what the table prints and what Discord receives carry the text, never the outcome as JSON', () => {
    const bad: string[] = [];
    let outcomes = 0;
    for (const m of played.flatMap((p) => p.messages)) {
      const table = textLines(wordMessage(m, 'en'));
      const discord = render(m).flatMap((p) => [p.content ?? '', ...p.embeds.flatMap((e) => [e.title ?? '', e.description ?? '', e.footer?.text ?? '', ...(e.fields ?? []).flatMap((f) => [f.name, f.value])])]);
      for (const [where, text] of [['table', table], ...discord.map((d) => ['discord', d] as const)] as const) {
        const found = leaks(text);
        if (found.length) bad.push(`${where} (${found.join(', ')}): ${text}`);
      }
      if (m.outcome !== undefined) {
        outcomes++;
        // The embed is the log's text: its description holds the first line and the working.
        const description = render(m).map((p) => p.embeds[0]!.description ?? '').join('\n');
        expect(description).toBe(m.text);
        expect(render(m).every((p) => p.embeds.every((e) => !e.fields?.length))).toBe(true);
      }
    }
    expect(bad).toEqual([]);
    expect(outcomes).toBeGreaterThan(30);
  });

  it('the leak check finds what it is for', () => {
    expect(leaks('{"officerChecks":[],"randomOfficerHit":null}')).toEqual(['null', 'a JSON object', 'an empty list']);
    expect(leaks('modifiers ["cover", "shields"]')).toEqual(['a JSON array']);
    expect(leaks('Rolled 9, 10, 9, 7 needing 6+: 4 kill(s) [MED-SEQ.2] (MED-FIRE.R2); 2d6+1: [3, 3]+1 = 7')).toEqual([]);
  });
});
