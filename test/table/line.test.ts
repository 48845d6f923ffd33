import { describe, expect, it } from 'vitest';
import { english } from '../../src/i18n/text.ts';
import { parseLine } from '../../src/table/line.ts';

/** A line parsed, its refusal in English. */
const englishLine = (raw: string) => {
  const l = parseLine(raw);
  return l.kind === 'error' ? { ...l, message: english(l.message) } : l;
};

describe('table lines', () => {
  it('reads channel, user, command, subcommand words and options, quoted or not', () =>
    expect(parseLine('#war @alice /battle gm add user:@bob note:"two words" x:\'single quoted\'')).toEqual({
      kind: 'slash',
      channel: 'war',
      user: 'alice',
      command: 'battle',
      words: ['gm', 'add'],
      options: { user: '@bob', note: 'two words', x: 'single quoted' },
    }));
  it('keeps escaped quotes inside a quoted value', () =>
    expect(parseLine('@a /side add name:"The \\"Old\\" Guard"')).toMatchObject({ options: { name: 'The "Old" Guard' } }));
  it('reads a button press', () => expect(parseLine('@alice !press ACTIVE')).toEqual({ kind: 'press', user: 'alice', channel: undefined, label: 'ACTIVE' }));
  it('skips comments and blank lines', () => {
    expect(parseLine('# a comment')).toEqual({ kind: 'blank' });
    expect(parseLine('#')).toEqual({ kind: 'blank' });
    expect(parseLine('   ')).toEqual({ kind: 'blank' });
  });
  it('names what is wrong', () => {
    expect(englishLine('@a battle status')).toEqual({ kind: 'error', message: 'Commands start with /, e.g. /help (got "battle").' });
    expect(englishLine('@a /side add name:"open')).toMatchObject({ kind: 'error', message: 'A quote is not closed.' });
    expect(englishLine('@a /side add name:x name:y')).toMatchObject({ kind: 'error', message: 'Option name is given twice.' });
    expect(englishLine('@a /side add name:x stray')).toMatchObject({ kind: 'error', message: expect.stringMatching(/"stray" is not an option/) });
    expect(parseLine('@a')).toMatchObject({ kind: 'error' });
  });
});
