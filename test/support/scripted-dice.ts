import type { DiceStream } from '../../src/dice/stream.ts';

/**
 * Dice that roll what a test scripts, in order, for rules where a specific roll matters. It refuses
 * a result that is not a face of the die asked for, and records the dice asked (`asked`).
 */
export function scriptedDice(...results: number[]) {
  const asked: number[] = [];
  const rolled: { sides: number; result: number }[] = [];
  const dice = {
    asked,
    get cursor() {
      return rolled.length;
    },
    die(n: number): number {
      asked.push(n);
      const r = results.shift();
      if (r === undefined) throw new Error('no scripted roll left');
      if (r < 1 || r > n) throw new RangeError(`scripted ${r} is not a face of d${n}`);
      rolled.push({ sides: n, result: r });
      return r;
    },
    /** Recordings as the stream nests them (the core's rule on dice drawn before a refusal, held.ts). */
    open: [] as number[],
    begin() {
      dice.open.push(rolled.length);
    },
    end() {
      const from = dice.open.pop() ?? 0;
      return { from, to: rolled.length, rolls: rolled.slice(from) };
    },
    take<T>(fn: (d: DiceStream) => T) {
      const from = rolled.length;
      const value = fn(dice as unknown as DiceStream);
      return { value, dice: { from, to: rolled.length, rolls: rolled.slice(from) } };
    },
  };
  return dice;
}

/** The scripted dice where the battle expects its stream. */
export const scriptedStream = (...results: number[]): DiceStream => scriptedDice(...results) as unknown as DiceStream;
