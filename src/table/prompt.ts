import { clearLine, createInterface, cursorTo, type AsyncCompleter } from 'node:readline';

/**
 * The table's prompt at a terminal, drawn before the store opens and the rule systems load (issue
 * 44): it loads little (node's readline alone), so a user can type while the rest loads, and a line
 * typed meanwhile is answered once it has.
 */

/** Where a line goes and who types it, until a line says otherwise. */
export const FIRST_CHANNEL = 'table';
export const FIRST_USER = 'gm';

/** What the prompt needs of the table once it has loaded. */
export interface PromptTable {
  readonly channel: string;
  readonly user: string;
  /** Shows what is due and the posts not yet shown (a restart's). */
  tick(): Promise<void>;
  run(line: string): Promise<void>;
}

/** The table, its tab completion and its welcome in the reader's language, once loaded. */
export interface LoadedTable {
  table: PromptTable;
  completer: AsyncCompleter;
  welcome: string;
}

/**
 * Lines that come while the table waits for input (the pages now served, a port taken): before the
 * prompt is drawn they print as they come; once it is, each prints above it and the prompt is drawn
 * again with what was typed so far (issue 39).
 */
export class Aside {
  private show: (line: string) => void = (line) => console.error(line);
  readonly say = (line: string): void => this.show(line);
  /** From now on, lines go through `show`. */
  attach(show: (line: string) => void): void {
    this.show = show;
  }
}

/**
 * The interactive table: history, completion, a prompt showing who is typing where. The prompt is
 * drawn at once; `loading` (the store, the rule systems, the catalog) is awaited by the first line,
 * a Tab, and the welcome and the table's first tick, which print above the prompt. A table that
 * fails to load closes the prompt and rejects with its error.
 */
export async function interactive(
  loading: Promise<LoadedTable> | LoadedTable,
  aside = new Aside(),
  io: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream } = { input: process.stdin, output: process.stdout },
): Promise<void> {
  const loaded = Promise.resolve(loading);
  const rl = createInterface({
    input: io.input,
    output: io.output,
    completer: ((line, callback) => void loaded.then((l) => l.completer(line, callback), (err: unknown) => callback(err as Error, [[], line]))) as AsyncCompleter,
    historySize: 1000,
  });
  let running = false;
  let closed = false;
  let table: PromptTable | undefined;
  const prompt = () => {
    rl.setPrompt(`#${table?.channel ?? FIRST_CHANNEL} @${table?.user ?? FIRST_USER}> `);
    rl.prompt();
  };
  /** Prints `show`'s lines above the prompt, which is drawn again with what was typed so far. */
  const above = async (show: () => unknown) => {
    if (running || closed) return show();
    clearLine(io.output, 0);
    cursorTo(io.output, 0);
    await show();
    if (!closed) rl.prompt(true);
  };
  aside.attach((line) => void above(() => console.error(line)));
  // Left (Ctrl-D) before a line aside came (the pages' address): it is said plainly, for a prompt
  // would read the terminal again and keep the table from leaving.
  rl.on('close', () => {
    closed = true;
    aside.attach((line) => console.error(line));
  });
  prompt();
  const ready = loaded.then(async (l) => {
    await above(async () => {
      console.log(l.welcome);
      await l.table.tick();
    });
    table = l.table;
    return l.table;
  });
  // Failed to load: the prompt is cleared and closes, and the loop below ends and throws the error,
  // which is then said on a line of its own.
  ready.catch(() => {
    if (!closed) {
      clearLine(io.output, 0);
      cursorTo(io.output, 0);
    }
    rl.close();
  });
  for await (const line of rl) {
    running = true;
    await (await ready).run(line);
    running = false;
    prompt();
  }
  await ready;
}
