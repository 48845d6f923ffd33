import { describe, expect, it } from 'vitest';
import { getRuleSystem, ruleSystems, systemIds } from '../../src/battle/registry.ts';
import { english } from '../../src/i18n/text.ts';
import type { PhaseInfo, Sequence, TurnPosition } from '../../src/rules/sequence.ts';

/** A sequence whose phases' names, due lists and actors read in English, as the tests name them. */
type EnglishPhase = Omit<PhaseInfo, 'name' | 'due' | 'acts'> & { name: string; due: string[]; acts?: string };
type EnglishSequence = Omit<Sequence, 'describe'> & { describe(pos: TurnPosition): EnglishPhase };
function inEnglish(seq: Sequence): EnglishSequence {
  return {
    start: seq.start,
    periods: seq.periods,
    nextPhase: (pos) => seq.nextPhase(pos),
    nextTurn: (pos, period) => seq.nextTurn(pos, period),
    describe(pos) {
      const { name, due, acts, ...info } = seq.describe(pos);
      return { ...info, name: english(name), due: due.map(english), ...(acts === undefined ? {} : { acts: english(acts) }) };
    },
  };
}

/** Walks `steps` phases from the start: [turn, period, phase id] at each position, start included. */
function walk(seq: EnglishSequence, steps: number, from: TurnPosition = seq.start): [number, string | undefined, string][] {
  const out: [number, string | undefined, string][] = [];
  let pos = from;
  for (let i = 0; i <= steps; i++) {
    out.push([pos.turn, pos.period, seq.describe(pos).id]);
    pos = seq.nextPhase(pos);
  }
  return out;
}

/** The `due` list on entering phase `id` of each turn in `turns`. */
const dueAt = (seq: EnglishSequence, turns: number[], phase: number, period?: string) =>
  turns.map((turn) => seq.describe(period === undefined ? { turn, phase } : { turn, phase, period }).due);

describe('rule systems', () => {
  it('the registry holds the four rule systems, each under its id, whose id, pack and sequence agree', () => {
    expect(systemIds()).toEqual(['percentile', 'brigade', 'medieval', 'charge']);
    for (const [id, system] of Object.entries(ruleSystems)) {
      expect(getRuleSystem(id)).toBe(system);
      expect(system.id).toBe(id);
      expect(system.pack.system).toBe(id);
      expect(system.sequence.start).toMatchObject({ turn: 1, phase: 0 });
    }
  });

  it('getRuleSystem refuses an unknown id', () => {
    expect(() => getRuleSystem('chess' as never)).toThrow(/unknown rule system "chess"/);
  });

  it('describe refuses a phase the turn does not have', () => {
    const { sequence } = getRuleSystem('brigade');
    expect(() => sequence.describe({ turn: 1, phase: 4 })).toThrow(RangeError);
    expect(() => sequence.describe({ turn: 0, phase: 0 })).toThrow(RangeError);
  });
});

describe('brigade (BRG-SEQ)', () => {
  const seq = inEnglish(getRuleSystem('brigade').sequence);

  it('BRG-SEQ a turn is the four phases BRG-1 to BRG-4, then the next turn starts at BRG-1', () => {
    expect(seq.start).toEqual({ turn: 1, phase: 0 });
    expect(seq.periods).toEqual([]);
    expect(walk(seq, 8)).toEqual([
      [1, undefined, 'BRG-1'],
      [1, undefined, 'BRG-2'],
      [1, undefined, 'BRG-3'],
      [1, undefined, 'BRG-4'],
      [2, undefined, 'BRG-1'],
      [2, undefined, 'BRG-2'],
      [2, undefined, 'BRG-3'],
      [2, undefined, 'BRG-4'],
      [3, undefined, 'BRG-1'],
    ]);
  });

  it('BRG-SEQ phase names come from the source list', () => {
    expect([0, 1, 2, 3].map((phase) => seq.describe({ turn: 1, phase }).name)).toEqual([
      'Command & Control Phase',
      'March and Volley Phase',
      'Close Combat Phase',
      'Army Morale Phase',
    ]);
    expect(seq.describe({ turn: 1, phase: 2 }).rules).toEqual(['BRG-3', 'BRG-3.1', 'BRG-3.2', 'BRG-3.3', 'BRG-3.4']);
  });

  it('BRG-4.1 army morale check is due every fourth turn', () => {
    const due = (turn: number) => seq.describe({ turn, phase: 3 }).due.includes('army morale check due (BRG-4.1)');
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 12].filter(due)).toEqual([4, 8, 12]);
    expect(seq.describe({ turn: 3, phase: 3 }).due).toEqual(['if an army general fell this turn, army morale is checked (BRG-4.1)']);
  });

  it('BRG-4.1 the army morale check is due only on entering the Army Morale Phase', () => {
    for (const phase of [0, 1, 2]) expect(seq.describe({ turn: 4, phase }).due).toEqual([]);
  });

  it('nextTurn goes to BRG-1 of the next turn and ignores a period (the system has none)', () => {
    expect(seq.nextTurn({ turn: 3, phase: 1 })).toEqual({ turn: 4, phase: 0 });
    expect(seq.nextTurn({ turn: 3, phase: 1 }, 'night')).toEqual({ turn: 4, phase: 0 });
  });
});

describe('medieval (MED-SEQ)', () => {
  const seq = inEnglish(getRuleSystem('medieval').sequence);
  const ids = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '15', '16'].map((n) => `MED-SEQ.${n}`);

  it('MED-SEQ a Game Turn runs phases 1-13, 15 and 16 (there is no phase 14), then wraps', () => {
    const walked = walk(seq, 2 * ids.length);
    expect(walked.map(([, , id]) => id)).toEqual([...ids, ...ids, ids[0]]);
    expect(walked.map(([turn]) => turn)).toEqual([...ids.map(() => 1), ...ids.map(() => 2), 3]);
    expect(walked.some(([, , id]) => id === 'MED-SEQ.14')).toBe(false);
  });

  it('MED-SEQ names give the chart action and the side to play', () => {
    expect(seq.describe({ turn: 1, phase: 0 }).name).toBe('Initiative (both sides)');
    expect(seq.describe({ turn: 1, phase: 3 }).name).toBe('Charges to Declare (side A)');
    expect(seq.describe({ turn: 1, phase: 5 }).name).toBe('Declare Reaction-to-Charges (side B)');
    expect(seq.describe({ turn: 1, phase: 14 })).toMatchObject({ id: 'MED-SEQ.16', name: 'Control Tests (both sides)' });
  });

  it('MED-SEQ phases carry the chart\'s printed numbers: 13 is followed by 15, and the last is 16', () => {
    expect(ids.map((_, phase) => seq.describe({ turn: 1, phase }).number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16]);
  });

  it('MED-SEQ.2 weather roll is due at the start of every twelfth Game Turn: turns 12 and 24, not 11 or 13', () => {
    const weather = (turn: number) => seq.describe({ turn, phase: 1 }).due.some((d) => d.startsWith('weather roll due'));
    expect([1, 11, 12, 13, 23, 24, 25, 36].filter(weather)).toEqual([12, 24, 36]);
    expect(dueAt(seq, [12], 1)).toEqual([['weather roll due: weather, wind strength and wind direction (MED-SEQ.2)']]);
  });

  it('MED-SEQ.2 the weather roll falls due only in phase 2', () => {
    for (let phase = 0; phase < ids.length; phase++) if (phase !== 1) expect(seq.describe({ turn: 12, phase }).due).toEqual([]);
  });
});

describe('charge (INIT-GRANDTAC, MOVE-ROLL, CHG, FIRE, MEL)', () => {
  const seq = inEnglish(getRuleSystem('charge').sequence);

  it('INIT-GRANDTAC initiative begins the turn, then movement, charges, fire and melee; wraps into the next turn', () => {
    const turn = ['INIT-GRANDTAC', 'MOVE-ROLL', 'CHG-ROLL', 'FIRE-TABLE', 'MEL-D10'];
    expect(walk(seq, 10).map(([t, , id]) => `${t}:${id}`)).toEqual([
      ...turn.map((id) => `1:${id}`),
      ...turn.map((id) => `2:${id}`),
      '3:INIT-GRANDTAC',
    ]);
  });

  it('INIT-GRANDTAC Grand-Tac points are allotted secretly before the rolls, and 17+ unmodified ends the turn', () => {
    const due = seq.describe({ turn: 5, phase: 0 }).due;
    expect(due).toContain('Grand-Tac points allotted secretly before the initiative rolls (INIT-GRANDTAC)');
    expect(due.some((d) => d.includes('17 or more end the turn'))).toBe(true);
    // The battle ends a turn early by calling nextTurn from wherever it is.
    expect(seq.nextTurn({ turn: 5, phase: 0 })).toEqual({ turn: 6, phase: 0 });
  });

  it('MOVE-ROLL all units must roll to move', () => {
    expect(seq.describe({ turn: 1, phase: 1 }).due).toEqual(['all units must roll to move (MOVE-ROLL)']);
  });
});

describe('percentile (PCT phases, NIGHT-18 periods)', () => {
  const seq = inEnglish(getRuleSystem('percentile').sequence);
  const combat = ['reciprocal-artillery-fire', 'reciprocal-infantry-fire', 'movement', 'shock-combat'];

  it('offers the periods day, dusk, night and interphase, starting in daylight', () => {
    expect(seq.periods).toEqual(['day', 'dusk', 'night', 'interphase']);
    expect(seq.start).toEqual({ turn: 1, phase: 0, period: 'day' });
  });

  it('PCT-11.22 a daylight turn has the Reciprocal Artillery and Infantry Fire, Movement and Shock Combat Phases; day follows day', () => {
    expect(walk(seq, 8).map(([t, p, id]) => `${t}:${p}:${id}`)).toEqual([
      ...combat.map((id) => `1:day:${id}`),
      ...combat.map((id) => `2:day:${id}`),
      '3:day:reciprocal-artillery-fire',
    ]);
    expect(seq.describe({ turn: 1, phase: 0, period: 'day' }).name).toBe('Reciprocal Artillery Fire Phase');
  });

  it('a position without a period is read as daylight', () => {
    expect(seq.describe({ turn: 1, phase: 3 }).id).toBe('shock-combat');
    expect(seq.nextPhase({ turn: 1, phase: 3 })).toEqual({ turn: 2, phase: 0, period: 'day' });
  });

  it('NIGHT-18.11 the night-combat vote is due at the end of the dusk turn, and the interphase follows by default', () => {
    const dusk = walk(seq, 7, seq.nextTurn({ turn: 7, phase: 2, period: 'day' }, 'dusk'));
    expect(dusk.map(([t, p, id]) => `${t}:${p}:${id}`)).toEqual([
      ...combat.map((id) => `8:dusk:${id}`),
      '8:dusk:active-passive-vote',
      '9:interphase:battleday-interphase',
      '9:interphase:dawn-attack-announcement',
      '10:day:reciprocal-artillery-fire',
    ]);
    const vote = seq.describe({ turn: 8, phase: 4, period: 'dusk' });
    expect(vote.name).toBe('Determining if Active or Passive stance');
    expect(vote.due).toContain('night-combat vote due (NIGHT-18.11)');
    expect(seq.describe({ turn: 8, phase: 0, period: 'dusk' }).due[0]).toMatch(/NIGHT-18\.0/);
  });

  it('NIGHT-18.11 the vote is due only on the dusk turn', () => {
    for (const period of ['day', 'night']) {
      for (let phase = 0; phase < 4; phase++) expect(seq.describe({ turn: 8, phase, period }).due).not.toContain('night-combat vote due (NIGHT-18.11)');
    }
    expect(() => seq.describe({ turn: 8, phase: 4, period: 'day' })).toThrow(RangeError);
  });

  it('NIGHT-18.12 after an ACTIVE vote the GM chooses night; night follows night until the GM chooses the interphase (NIGHT-18.0)', () => {
    const night = seq.nextTurn({ turn: 8, phase: 4, period: 'dusk' }, 'night');
    expect(night).toEqual({ turn: 9, phase: 0, period: 'night' });
    expect(walk(seq, 4, night).map(([t, p, id]) => `${t}:${p}:${id}`)).toEqual([
      ...combat.map((id) => `9:night:${id}`),
      '10:night:reciprocal-artillery-fire',
    ]);
    expect(seq.nextTurn({ turn: 11, phase: 2, period: 'night' }, 'interphase')).toEqual({ turn: 12, phase: 0, period: 'interphase' });
  });

  it('NIGHT-18.51 night fire is -25% with range limited to visibility; NIGHT-18.41 movement is halved', () => {
    expect(seq.describe({ turn: 9, phase: 0, period: 'night' }).due).toEqual(['night turn: all fire -25%, maximum range = visibility (NIGHT-18.51)']);
    expect(seq.describe({ turn: 9, phase: 1, period: 'night' }).rules).toContain('NIGHT-18.51');
    expect(seq.describe({ turn: 9, phase: 2, period: 'night' }).due[0]).toMatch(/NIGHT-18\.41/);
    expect(seq.describe({ turn: 9, phase: 0, period: 'day' }).due).toEqual([]);
  });

  it('NIGHT-18.82 dawn attacks are declared before the interphase ends and announced after it; then daylight', () => {
    expect(seq.describe({ turn: 12, phase: 0, period: 'interphase' }).due).toEqual(['dawn-attack declarations due before the interphase is completed (NIGHT-18.82)']);
    expect(seq.describe({ turn: 12, phase: 1, period: 'interphase' }).due[0]).toMatch(/announces any dawn attacks/);
    expect(seq.nextPhase({ turn: 12, phase: 1, period: 'interphase' })).toEqual({ turn: 13, phase: 0, period: 'day' });
  });

  it('nextTurn moves to the chosen period and refuses an unknown one', () => {
    expect(seq.nextTurn({ turn: 3, phase: 1, period: 'day' }, 'dusk')).toEqual({ turn: 4, phase: 0, period: 'dusk' });
    expect(seq.nextTurn({ turn: 3, phase: 1, period: 'day' })).toEqual({ turn: 4, phase: 0, period: 'day' });
    expect(() => seq.nextTurn({ turn: 3, phase: 1, period: 'day' }, 'twilight')).toThrow(/unknown period "twilight"/);
  });
});
