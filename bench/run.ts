import { benchDice } from './dice.ts';
import { lossRate, MONTE_CARLO_ATTACKS } from './fire.ts';
import { benchReplay } from './replay.ts';
import { benchStore, shmDir } from './store.ts';

/** `npm run bench`: throughput figures, each beside the raw better-sqlite3 figure of the same run. */
const fmt = (n: number) => n.toLocaleString('en-US');
const ratio = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;

const disk = await benchStore(100_000);
console.log(`append, file db (fsync per transaction): ${fmt(disk.appendPerSec)}/s vs raw INSERT ${fmt(disk.rawInsertPerSec)}/s = ${ratio(disk.appendPerSec, disk.rawInsertPerSec)} (goal >= 50%)`);
const shm = shmDir();
if (shm) {
  const ram = await benchStore(100_000, { dir: shm });
  console.log(`append, RAM db (no fsync cost):          ${fmt(ram.appendPerSec)}/s vs raw INSERT ${fmt(ram.rawInsertPerSec)}/s = ${ratio(ram.appendPerSec, ram.rawInsertPerSec)} (goal >= 50%)`);
}
console.log(`load of 100,000 events:                  ${fmt(disk.loadPerSec)}/s vs raw SELECT + JSON.parse ${fmt(disk.rawSelectPerSec)}/s = ${ratio(disk.loadPerSec, disk.rawSelectPerSec)}`);
const r = await benchReplay(100_000);
console.log(`replay (load + fold) of 100,000 events:  ${fmt(r.replayPerSec)}/s vs raw SELECT + JSON.parse ${fmt(r.rawSelectPerSec)}/s = ${ratio(r.replayPerSec, r.rawSelectPerSec)} (goal >= 50%)`);
const d = benchDice();
console.log(`dice: die(6) ${fmt(d.die6PerSec)}/s; /roll 4d6kh3+2 ${fmt(d.roll4d6kh3PerSec)}/s`);
const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
const rates = ([7, 45, 99, 140] as const).map((p) => `${p}% -> ${pct(lossRate(p))}`);
console.log(`fire Monte Carlo, ${fmt(MONTE_CARLO_ATTACKS)} attacks each, fixed seed (PCT-11.71; goal within 0.5 points): losses per attack ${rates.join(', ')}; 140% with a new roll for the remainder -> ${pct(lossRate(140, 'new-roll'))}`);
