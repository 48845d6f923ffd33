import { evaluateRoll } from '../src/dice/notation.ts';
import { DiceStream, newSeed } from '../src/dice/stream.ts';

/** Runs `step` in batches for about `seconds`; returns calls per second. */
function rate(step: () => void, seconds: number): number {
  for (let i = 0; i < 1_000; i++) step(); // warm-up
  const budget = seconds * 1e9;
  const start = process.hrtime.bigint();
  let calls = 0;
  let elapsed = 0;
  while (elapsed < budget) {
    for (let i = 0; i < 1_000; i++) step();
    calls += 1_000;
    elapsed = Number(process.hrtime.bigint() - start);
  }
  return Math.round(calls / (elapsed / 1e9));
}

/** Throughput of the verifiable stream: bare d6, and a whole `/roll 4d6kh3` through rpg-dice-roller. */
export function benchDice(): { die6PerSec: number; roll4d6kh3PerSec: number } {
  const dice = DiceStream.fromSeed(newSeed(), 'bench', 0);
  const die6PerSec = rate(() => dice.die(6), 1.5);
  const roll4d6kh3PerSec = rate(() => evaluateRoll('4d6kh3', dice), 1.5);
  return { die6PerSec, roll4d6kh3PerSec };
}
