import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTable, type Out } from '../support/table.ts';

/** A clock a test moves by hand: deadlines and reminders fall due when it says. */
export function clock(start = '2026-12-01T12:00:00.000Z') {
  let now = new Date(start);
  return {
    now: () => now,
    set: (iso: string) => void (now = new Date(iso)),
    advance: (ms: number) => void (now = new Date(now.getTime() + ms)),
  };
}

export const HOUR = 3_600_000;

/** The two sides' rosters of examples/campaign, as files the table reads. */
export const TUDOR = 'examples/campaign/tudor.yaml';
export const YORK = 'examples/campaign/york.yaml';

/** The lines that set up the campaign of campaignTable. */
export const CAMPAIGN_SETUP = [
  '#campaign @gm /campaign create name:"Lambert Simnel\'s Rising"',
  '#campaign @gm /campaign side name:Tudor',
  '#campaign @gm /campaign side name:Yorkist',
  '#campaign @alice /campaign join side:Tudor',
  '#campaign @bob /campaign join side:Yorkist',
  `#campaign @alice /campaign army import file:${TUDOR}`,
  `#campaign @bob /campaign army import file:${YORK}`,
];

/** A campaign in #campaign with sides Tudor (@alice) and Yorkist (@bob), each with its army imported. */
export async function campaignTable(opts: { file?: string; clock?: ReturnType<typeof clock> } = {}) {
  const c = opts.clock ?? clock();
  const t = startTable({ now: c.now, ...(opts.file ? { file: opts.file } : {}) });
  await t.run(CAMPAIGN_SETUP);
  return { ...t, clock: c };
}

/** A temporary database file, for a restart. */
export const dbFile = (): string => join(mkdtempSync(join(tmpdir(), 'umpire-campaign-')), 'umpire.db');

export const errors = (out: Out[]): string[] => out.filter((m) => m.error).map((m) => m.error!);
export const dms = (out: Out[], user: string): Out[] => out.filter((m) => m.to === 'dm' && m.user === user);
export const channel = (out: Out[], name: string): Out[] => out.filter((m) => m.to === 'channel' && m.channel === name);

/** Stoke Field as examples/campaign.table fights it: the archers kill 3 pikes, the handgunners 2 archers (MED-FIRE). */
export const STOKE = [
  '#stoke @gm /campaign battle start name:"Stoke Field" system:medieval armies:"The King\'s Army, Lincoln\'s Army"',
  '#stoke @gm /house set key:initiative.die value:d10',
  '#stoke @gm /initiative commander side:Tudor type:Cautious',
  '#stoke @gm /initiative commander side:Yorkist type:Rash',
  '#stoke @gm /weather set weather:"fair, dry" wind_strength:light wind_direction:south-west',
  '#stoke @alice /initiative roll',
  '#stoke @alice /initiative choose as:A',
  '#stoke @gm /phase goto phase:"Normal Movement and Firing (side A)"',
  '#stoke @alice /fire medieval firer:"Oxford\'s Archers" target:"Landsknecht Pikes" range:18 unit:in',
  '#stoke @gm /phase next',
  '#stoke @bob /fire medieval firer:"Schwartz\'s Handgunners" target:"Oxford\'s Archers" range:5 unit:in',
  '#stoke @gm /battle end skip:true',
];

/**
 * A campaign (c1) of two turns with Stoke Field between them, its orders sent first: the battle's end
 * proposes Oxford's Archers 24 → 22, the GM confirms, turn 2 opens.
 */
export const TWO_TURNS = [
  ...CAMPAIGN_SETUP,
  '#campaign @gm /campaign turn open',
  '#campaign @alice /campaign orders send army:"The King\'s Army" orders:"March north to Nottingham"',
  '#campaign @bob /campaign orders send army:"Lincoln\'s Army" orders:"Cross the Trent at Fiskerton"',
  ...STOKE,
  '#campaign @gm /campaign battle confirm battle:c1-b1',
  '#campaign @gm /campaign turn open',
];
