import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Umpire } from '../../src/app/service/umpire.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { Aside, interactive } from '../../src/table/console.ts';
import { Table } from '../../src/table/table.ts';

describe('a line that comes while the table waits for input (issue 39)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('given no prompt yet, when a line is said, then it prints as it comes; given the prompt, then it goes to the prompt’s printer, once', () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void errors.push(a.join(' ')));
    const aside = new Aside();
    const { say } = aside;
    say('Battle pages on http://127.0.0.1:8080');
    expect(errors).toEqual(['Battle pages on http://127.0.0.1:8080']);
    const abovePrompt: string[] = [];
    aside.attach((line) => abovePrompt.push(line));
    say('The battle pages could not start on 127.0.0.1:8080: port 8080 is taken by another program.');
    expect(abovePrompt).toEqual(['The battle pages could not start on 127.0.0.1:8080: port 8080 is taken by another program.']);
    expect(errors).toHaveLength(1);
  });

  it('given the table at a terminal, when Ctrl-D comes before the pages’ line, then the line prints plainly and the terminal is not read again, so the table leaves', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void errors.push(a.join(' ')));
    const store = SqliteEventStore.open(':memory:');
    const table = new Table(new Umpire(store), { json: false, cwd: process.cwd(), print: () => {} });
    // A terminal's two ends: what the user types, and the screen.
    const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => input });
    const output = Object.assign(new PassThrough(), { isTTY: true, columns: 80 });
    const screen: string[] = [];
    output.on('data', (chunk: Buffer) => screen.push(chunk.toString()));
    const aside = new Aside();
    const playing = interactive(table, aside, { input, output });
    await new Promise<void>((shown) => output.once('data', () => shown()));
    input.write('\x04');
    await playing;
    const before = screen.length;
    aside.say('Battle pages on http://127.0.0.1:8080');
    expect(errors).toEqual(['Battle pages on http://127.0.0.1:8080']);
    expect(screen.slice(before).join('')).not.toMatch(/@gm> /);
    expect(input.isPaused()).toBe(true);
    await store.close();
  });
});
