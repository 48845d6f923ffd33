import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Umpire } from '../../src/app/service/umpire.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { completer } from '../../src/table/console.ts';
import { Aside, interactive, type LoadedTable } from '../../src/table/prompt.ts';
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
    const playing = interactive({ table, completer: completer(table), welcome: 'Welcome' }, aside, { input, output });
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

/** A terminal's two ends: what the user types, and the screen as it is written. */
function terminal() {
  const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => input });
  const output = Object.assign(new PassThrough(), { isTTY: true, columns: 80 });
  let screen = '';
  const waiting: { text: RegExp; seen: () => void }[] = [];
  output.on('data', (chunk: Buffer) => {
    screen += chunk.toString();
    for (const w of waiting.filter((x) => x.text.test(screen))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.seen();
    }
  });
  /** Resolves once the screen shows `text`. */
  const shows = (text: RegExp) => (text.test(screen) ? Promise.resolve() : new Promise<void>((seen) => waiting.push({ text, seen })));
  return { input, output, shows };
}

/** A promise and the functions that settle it: the table's loading, held by the test. */
function held<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('the table’s prompt before the table has loaded (issue 44)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('given the store and rule systems still loading, when the user types a line, then the prompt is already shown and the line is answered once they have loaded', async () => {
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void printed.push(a.join(' ')));
    const store = SqliteEventStore.open(':memory:');
    const table = new Table(new Umpire(store), { json: false, cwd: process.cwd(), print: (l) => printed.push(l) });
    const t = terminal();
    const loading = held<LoadedTable>();
    const playing = interactive(loading.promise, new Aside(), t);
    await t.shows(/#table @gm> /);
    t.input.write('@gm /battle status\r');
    await t.shows(/@gm \/battle status/);
    expect(printed.join('\n')).not.toMatch(/no battle in this channel/i);
    const answered = new Promise<void>((done) => vi.spyOn(table, 'run').mockImplementation(async (line) => (await Table.prototype.run.call(table, line), done())));
    loading.resolve({ table, completer: completer(table), welcome: 'Welcome' });
    await answered;
    expect(printed.join('\n')).toMatch(/no battle in this channel/i);
    t.input.write('\x04');
    await playing;
    await store.close();
  });

  it('given the store cannot open, when loading fails after the prompt is drawn, then the prompt closes and the table ends with the store’s error', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const t = terminal();
    const loading = held<LoadedTable>();
    const playing = interactive(loading.promise, new Aside(), t);
    await t.shows(/#table @gm> /);
    loading.reject(new Error('umpire.db is not a database'));
    await expect(playing).rejects.toThrow('umpire.db is not a database');
    expect(t.input.isPaused()).toBe(true);
  });
});
