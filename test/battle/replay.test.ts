import { describe, expect, it } from 'vitest';
import { baseRequestId } from '../../src/battle/replay.ts';

describe('baseRequestId: the request a stored event came from (`<requestId>#<index>`)', () => {
  it.each([
    ['1184029348573921#0', '1184029348573921'],
    ['d6072608-4c3b-4c9a-84cb-e01abb8e835f#12', 'd6072608-4c3b-4c9a-84cb-e01abb8e835f'],
    ['deadline:b1:turn-3#2', 'deadline:b1:turn-3'],
    ['a#b#3', 'a#b'],
  ])('%s came from %s', (stored, request) => expect(baseRequestId(stored)).toBe(request));

  it.each(['plain', 'ends-with#', 'not-an-index#x1', 'sign#-1'])('%s has no index to take off', (stored) => expect(baseRequestId(stored)).toBe(stored));

  it('an event no request caused has none', () => expect(baseRequestId(null)).toBeNull());
});
