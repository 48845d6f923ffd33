import { extname } from 'node:path';
import { say, type Text } from '../../i18n/text.ts';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { echoInput, quoteInput } from '../../messages.ts';
import { RuleError } from '../../rules/errors.ts';

/**
 * The limits of a file a user hands in (an order of battle, house rules, a campaign roster), each
 * refused by name (docs/commands.md, "Files"). A GM's file nests a few levels and holds a few keys a unit;
 * 10,000 units, the largest order of battle under MAX_FILE_BYTES, hold about 80,000 keys and items.
 */
export const DATA_LIMITS = {
  /** Lists and maps inside one another; deeper costs the parser its stack (`- - - …` 10,000 deep kills the process). */
  depth: 32,
  /** Map keys and list items together, aliases expanded: what the file asks the bot to hold. */
  entries: 200_000,
  /** Aliases (`*name`) in the file: a file that repeats itself needs few; none may sit inside its own anchor. */
  aliases: 100,
} as const;

/**
 * A file this long or shorter is read on the main thread (YAML costs at most ~2 µs a byte: under
 * 40 ms); a longer one in a worker thread, so that no file blocks the bot for other users.
 */
export const INLINE_CHARS = 16_000;
/** A file still being read after this long is given up (a 2 MB file reads in about 4 s). */
const WORKER_MS = 20_000;

/** The deepest run of [ and { outside quoted strings, stopping once past `limit`. */
function flowNesting(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length && deepest <= limit; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') deepest = Math.max(deepest, ++depth);
    else if (c === ']' || c === '}') depth = Math.max(0, depth - 1);
  }
  return deepest;
}

/**
 * YAML's block nesting counted high, never low: a line's indentation levels plus the `- `, `? `
 * and `: ` that open its content (`- - - x` nests three lists on one line), stopping once past `limit`.
 */
function blockNesting(text: string, limit: number): number {
  const indents: number[] = [];
  let deepest = 0;
  for (let start = 0; start < text.length && deepest <= limit; ) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    let i = start;
    while (i < end && text[i] === ' ') i++;
    if (i < end && text[i] !== '#' && text[i] !== '\r') {
      while (indents.length && indents.at(-1)! >= i - start) indents.pop();
      indents.push(i - start);
      let compact = 0;
      while (i < end && '-?:'.includes(text[i]!) && (i + 1 === end || text[i + 1] === ' ')) {
        compact++;
        i++;
        while (i < end && text[i] === ' ') i++;
      }
      deepest = Math.max(deepest, indents.length + compact);
    }
    start = end + 1;
  }
  return deepest;
}

/** The first key of a JSON text that a map holds twice, in one pass over a text JSON.parse accepted. */
function jsonDuplicate(text: string): string | undefined {
  const maps: (Set<string> | null)[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{') maps.push(new Set());
    else if (c === '[') maps.push(null);
    else if (c === '}' || c === ']') maps.pop();
    else if (c === '"') {
      let j = i + 1;
      let escaped = false;
      for (; text[j] !== '"'; j++) {
        if (text[j] !== '\\') continue;
        j++;
        escaped = true;
      }
      const keys = maps.at(-1);
      let k = j + 1;
      while (text[k] === ' ' || text[k] === '\n' || text[k] === '\r' || text[k] === '\t') k++;
      if (keys && text[k] === ':') {
        const key = escaped ? (JSON.parse(text.slice(i, j + 1)) as string) : text.slice(i + 1, j);
        if (keys.has(key)) return key;
        keys.add(key);
      }
      i = j;
    }
  }
  return undefined;
}

type Cant = (why: Text) => RuleError;

function readJson(text: string, cant: Cant): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw cant(echoInput((err as Error).message.split('\n')[0]!));
  }
  const twice = jsonDuplicate(text);
  if (twice !== undefined) throw cant(say('app.dataFile.twice', { key: quoteInput(twice) }));
  return value;
}

/** A map key as the value read from the file holds it (`1` and `"1"` are one key). */
/** The YAML library, loaded with the first file read: the table and the bot start without it. */
let library: typeof Yaml | undefined;
export const yaml = (): typeof Yaml => (library ??= createRequire(import.meta.url)('yaml') as typeof Yaml);

const keyText = (key: unknown): string => String(yaml().isScalar(key) ? key.value : key);

function readYaml(text: string, cant: Cant): unknown {
  // uniqueKeys: the yaml package compares each key with every key before it in its map (O(n²):
  // 20,000 keys took 20 s); each map's keys are checked here through a Set instead.
  const { parseDocument, visit } = yaml();
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  const error = doc.errors[0];
  if (error) throw cant(echoInput(error.message.split('\n')[0]!));
  let twice: string | undefined;
  let aliases = 0;
  const refs: [Yaml.Alias, readonly unknown[]][] = [];
  visit(doc, {
    Map(_, map) {
      const keys = new Set<string>();
      for (const pair of map.items) {
        const key = keyText(pair.key);
        if (keys.has(key)) twice ??= key;
        keys.add(key);
      }
    },
    Alias(_, alias, path) {
      if (++aliases <= DATA_LIMITS.aliases) refs.push([alias, [...path]]);
    },
  });
  if (twice !== undefined) throw cant(say('app.dataFile.twice', { key: quoteInput(twice) }));
  if (aliases > DATA_LIMITS.aliases) throw cant(say('app.dataFile.aliases', { count: String(aliases), max: String(DATA_LIMITS.aliases) }));
  // An alias inside its own anchor (`a: &a [*a]`) makes a value that holds itself, which nothing can store.
  const selfRef = refs.find(([alias, path]) => path.includes(alias.resolve(doc) as Yaml.Node));
  if (selfRef) throw cant(say('app.dataFile.selfAlias', { alias: echoInput(selfRef[0].source) }));
  try {
    return doc.toJS({ maxAliasCount: DATA_LIMITS.aliases });
  } catch (err) {
    if (err instanceof ReferenceError) throw cant(say('app.dataFile.aliasesExpand', { max: String(DATA_LIMITS.aliases) }));
    throw cant(echoInput((err as Error).message.split('\n')[0]!));
  }
}

/** What `value` breaks of DATA_LIMITS (its depth, its entries with aliases expanded), counting no further than the limits. */
function overLimits(value: unknown, tooDeep: Text): Text | undefined {
  let entries = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= DATA_LIMITS.depth) return tooDeep;
    const items = Array.isArray(v) ? (v as unknown[]) : Object.values(v);
    entries += items.length;
    if (entries > DATA_LIMITS.entries) return say('app.dataFile.tooMany', { max: DATA_LIMITS.entries });
    for (const x of items) stack.push([x, depth + 1]);
  }
  return undefined;
}

/**
 * Reads a data file on this thread, in time linear in its length: JSON by its name, YAML otherwise
 * (YAML also reads JSON). Each limit of DATA_LIMITS, a duplicate key and an alias inside its own
 * anchor are refused by name; `what` says what the file should be, for the refusal.
 */
export function readDataText(name: string, text: string, what: Text): unknown {
  const cant: Cant = (why) => new RuleError(say('app.dataFile.cant', { name, why }));
  const json = name.toLowerCase().endsWith('.json');
  const tooDeep = say('app.dataFile.tooDeep', { max: String(DATA_LIMITS.depth), what });
  if (flowNesting(text, DATA_LIMITS.depth) > DATA_LIMITS.depth || (!json && blockNesting(text, DATA_LIMITS.depth) > DATA_LIMITS.depth)) throw cant(tooDeep);
  const value = json ? readJson(text, cant) : readYaml(text, cant);
  const over = overLimits(value, tooDeep);
  if (over) throw cant(over);
  return value;
}

/** The worker's module beside this one, as compiled (.js) or run from the sources (.ts, through tsx). */
const WORKER = new URL(`./data-file-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

function startWorker(workerData: { name: string; text: string; what: Text }): Worker {
  const options = { workerData, resourceLimits: { maxOldGenerationSizeMb: 512 } };
  if (!WORKER.pathname.endsWith('.ts')) return new Worker(WORKER, options);
  // From the sources (npm run dev, the tests), the worker loads TypeScript as the main thread does: through tsx.
  const tsx = import.meta.resolve('tsx/esm/api');
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(WORKER.href)}); });`, { ...options, eval: true });
}

/** What the worker answers: the value read, or the refusal's message. */
export type WorkerAnswer = { value: unknown } | { error: Text };

function readInWorker(name: string, text: string, what: Text): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = startWorker({ name, text, what });
    const done = (settle: () => void) => {
      clearTimeout(timer);
      void worker.terminate();
      settle();
    };
    const timer = setTimeout(() => done(() => reject(new RuleError(say('app.dataFile.slow', { name, seconds: String(WORKER_MS / 1000) })))), WORKER_MS);
    worker.once('message', (a: WorkerAnswer) => done(() => ('error' in a ? reject(new RuleError(a.error)) : resolve(a.value))));
    worker.once('error', (err: NodeJS.ErrnoException) =>
      done(() => reject(new RuleError(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? say('app.dataFile.memory', { name }) : say('app.dataFile.again', { name })))),
    );
    worker.once('exit', () => done(() => reject(new RuleError(say('app.dataFile.again', { name })))));
  });
}

/** Files read one at a time in the worker: a player sending many cannot take every core. */
let reading: Promise<unknown> = Promise.resolve();

/**
 * Reads a data file a user handed in (readDataText): a short one at once, a longer one in a worker
 * thread, one file at a time, so that reading it never blocks the bot.
 */
export function parseDataFile(name: string, text: string, what: Text): Promise<unknown> {
  if (text.length <= INLINE_CHARS) return Promise.resolve().then(() => readDataText(name, text, what));
  const read = reading.then(() => readInWorker(name, text, what));
  reading = read.catch(() => undefined);
  return read;
}
