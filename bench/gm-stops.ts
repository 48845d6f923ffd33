import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Umpire } from '../src/app/service/umpire.ts';
import { isGm } from '../src/battle/state.ts';
import { openDatabase } from '../src/store/db.ts';
import { SqliteEventStore } from '../src/store/sqlite-store.ts';
import { parseLine } from '../src/table/line.ts';
import { Table } from '../src/table/table.ts';

/**
 * Issue 40: the GM steps in only where the rules leave a gap. Each rule system's standard turn (fire,
 * morale, melee, the phase walk), with its example house-rules file uploaded at the start; every
 * example script is played the same way by test/table/gm-stops.test.ts.
 */
export const STANDARD_TURNS = {
  brigade: 'examples/brigade.table',
  charge: 'examples/charge.table',
  medieval: 'examples/medieval-battle.table',
  percentile: 'examples/fire-into-night.table',
} as const;

/** The seed the example scripts and their tests play with (0101...01). */
const SEED = Buffer.alloc(32, 1);

/**
 * A GM line that is no ruling: the battle's set-up, the scenario's facts (its leaders, commanders,
 * weather, the night's moon), the phase walk, a vote, reading, and the table's own tools (a free
 * roll, an undo, the end). The scenario's orders and MFP levels are set-up before the battle's play
 * begins (at its first other line); after that a GM's change of them is a ruling.
 */
const SCENARIO = /^\/(brigade leader|initiative commander|weather set|night conditions)\b/;
const OPENING = /^\/(orders set|mfp set)\b/;
const SETUP = /^\/(battle create|battle gm|oob import|command assign|command add|side add|unit add|house \S+|join)\b/;
const WALK = /^\/(phase next|phase goto|phase back|turn next)\b/;
const VOTE = /^\/(ballot \S+|night vote|night dawn|initiative open)\b/;
const READING = /^\/(help|ref)\b|^\/\S+( \S+)? (show|status|log|report|export|list)\b|^\/\S+ (show|status|log|report|export)\b/;
const TOOLS = /^\/(roll|reveal|battle undo|battle end|battle share|bookmark)\b/;
/** A campaign's commands are the campaign's, not a battle turn's. */
const CAMPAIGN = /^\/campaign\b/;

/** One GM stop: the script's line, what it typed, and why it is a stop. */
export interface GmStop {
  line: number;
  typed: string;
  system: string;
  why: string;
}

/** `# GM step (RULE-ID): why` directly above a script line. */
export interface Annotation {
  line: number;
  rule: string;
  text: string;
}

const ANNOTATION = /^#\s*GM step \(([A-Z][A-Z0-9.-]*[A-Za-z0-9])\):\s*(\S.*)$/;

/** The annotations of a script, each by the line it stands above. */
export function annotations(text: string): Annotation[] {
  const lines = text.split('\n');
  return lines.flatMap((l, i) => {
    const m = ANNOTATION.exec(l.trim());
    return m ? [{ line: i + 2, rule: m[1]!, text: m[2]! }] : [];
  });
}

/** An outcome the rules left to the GM (a tie "the GM decides", a critical hit with no table): `needsGm: true` anywhere in the event. */
const leftToGm = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (('needsGm' in data && data.needsGm === true) || ('status' in data && data.status === 'needsGm') || Object.values(data).some(leftToGm));

/** Plays a script at a table of its own, on the examples' seed, and returns each line that is a GM stop. */
export async function gmStops(script: string): Promise<GmStop[]> {
  const files = mkdtempSync(join(tmpdir(), 'umpire-gm-stops-'));
  const db = openDatabase(':memory:');
  const store = new SqliteEventStore(db);
  const app = new Umpire(store, { newSeed: () => SEED });
  let printed: { error?: string; need?: string }[] = [];
  const table = new Table(app, { json: true, cwd: process.cwd(), filesDir: files, print: (l) => printed.push(JSON.parse(l) as { need?: string }) });
  const stops: GmStop[] = [];
  const begun = new Set<string>();
  try {
    const lines = readFileSync(script, 'utf8').split('\n');
    for (const [i, raw] of lines.entries()) {
      const parsed = parseLine(raw);
      if (parsed.kind === 'blank') continue;
      const channel = parsed.kind !== 'error' ? (parsed.channel ?? table.channel) : table.channel;
      const before = await app.battleIn(channel);
      const version = before ? await store.version(before.id) : 0;
      printed = [];
      await table.run(raw, i + 1);
      const row = before ?? (await app.battleIn(channel));
      if (!row || parsed.kind !== 'slash') continue;
      const typed = `/${[parsed.command, ...parsed.words].join(' ')}`;
      if (CAMPAIGN.test(typed)) continue;
      const s = await app.state(row.id);
      if (![SETUP, SCENARIO, OPENING, READING].some((r) => r.test(typed))) begun.add(row.id);
      const playing = begun.has(row.id);
      const stop = (why: string) => stops.push({ line: i + 1, typed: raw.trim(), system: s.system, why });
      const needs = printed.flatMap((m) => (m.need ? [m.need] : []));
      const events = before ? await store.load(row.id, version) : [];
      const held = events.filter((e) => e.type === 'ActionHeld');
      if (needs.length) stop(`refused: needs ${needs.join('; ')}`);
      else if (held.length) stop(`held for a GM: ${held.map((e) => (e.data as { need: string }).need).join('; ')}`);
      else if (events.some((e) => leftToGm(e.data))) stop('an outcome left to the GM');
      else if (isGm(s, table.user) && !printed.some((m) => m.error) && playing && ![SETUP, SCENARIO, WALK, VOTE, READING, TOOLS].some((r) => r.test(typed))) stop('a GM ruling');
    }
  } finally {
    await store.close();
    rmSync(files, { recursive: true, force: true });
  }
  return stops;
}
