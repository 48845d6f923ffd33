import type * as CliProgress from 'cli-progress';
import { createRequire } from 'node:module';
import { ConfigError } from '../config/config.ts';
import { FALLBACK, type Locale } from '../i18n/locales.ts';
import { say, word, type Text } from '../i18n/text.ts';

/** A command shows its progress once it has run this long; UMPIRE_PROGRESS_AFTER_MS changes it (0: at once, as the tests do). */
export const PROGRESS_AFTER_MS = 2000;
/** On a stream that is not a terminal, a line this often: enough to see it move, few enough for a log. */
export const PROGRESS_EVERY_MS = 5000;

/** UMPIRE_PROGRESS_AFTER_MS (.env.example), or the default; a value that is not a whole number of milliseconds is named. */
export function progressAfterMs(env: NodeJS.ProcessEnv = process.env): number {
  const v = env.UMPIRE_PROGRESS_AFTER_MS;
  if (v === undefined || v.trim() === '') return PROGRESS_AFTER_MS;
  if (!/^\d+$/.test(v.trim())) throw new ConfigError(`Configuration error: UMPIRE_PROGRESS_AFTER_MS must be a whole number of milliseconds (0 or more), not "${v}". See .env.example. Nothing was done.`);
  return Number(v);
}

/** The stream progress goes to (stderr, so `--json` and `export` keep stdout for their output). */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ProgressOptions {
  /** What is counted, as the plain line says it: "events copied". */
  unit?: Text;
  /** The language of its lines (the program gives the shell's); English unless told. */
  locale?: Locale;
  stream?: ProgressStream;
  afterMs?: number;
  everyMs?: number;
  now?: () => number;
}

/** Progress of one command's work: a count of a total, or a phase in words while there is no count. */
export interface Progress {
  /** `done` of `total` units. */
  count(done: number, total: number): void;
  /** Work without a count, in words: "opening pglite:data/pg". */
  phase(words: string): void;
  /** The work is over: a bar is stopped; a plain progress shown says it ended. Nothing when nothing was shown. */
  stop(): void;
}


/**
 * Progress of a command labelled `label` ("migrate-store"), shown only once the work has run past
 * `afterMs`, so a quick command prints its result alone: a cli-progress bar when the stream is a
 * terminal, otherwise a line now and then ("migrate-store: 1,200 of 5,000 events copied").
 */
export function progress(label: string, o: ProgressOptions = {}): Progress {
  const stream = o.stream ?? process.stderr;
  const now = o.now ?? (() => Date.now());
  const afterMs = o.afterMs ?? progressAfterMs();
  const everyMs = o.everyMs ?? PROGRESS_EVERY_MS;
  const locale = o.locale ?? FALLBACK;
  const w = (key: string, values: Parameters<typeof say>[1]) => word(say(key, values), locale);
  const unit = o.unit ?? '';
  const secs = (ms: number) => Math.round(ms / 1000);
  const started = now();
  let state: { done: number; total: number } | { words: string } = { words: w('cli.progress.working', {}) }; // until told
  let shown = false;
  let lastLine = -Infinity;
  let bar: { kind: 'count' | 'phase'; bar: CliProgress.SingleBar } | undefined;

  const countText = (s: { done: number; total: number }) => w(unit ? 'cli.progress.countOf' : 'cli.progress.count', { done: s.done, total: s.total, unit });
  const plainText = () => ('words' in state ? w('cli.progress.phase', { label, words: state.words, seconds: secs(now() - started) }) : w('cli.progress.counted', { label, count: countText(state) }));

  /** The terminal's bar for the current state, replacing one of the other kind. */
  const drawBar = () => {
    const kind = 'words' in state ? 'phase' : 'count';
    if (bar && bar.kind !== kind) {
      bar.bar.stop();
      bar = undefined;
    }
    const options = { stream: stream as NodeJS.WritableStream, hideCursor: true, clearOnComplete: false };
    if (!bar) {
      // cli-progress's own placeholders go in as values: the catalog's braces are ICU's.
      const slots = { bar: '{bar}', value: '{value}', total: '{total}', eta: '{eta_formatted}', words: '{words}', duration: '{duration_formatted}' };
      const format = kind === 'count' ? w(unit ? 'cli.progress.barOf' : 'cli.progress.bar', { label, unit, ...slots }) : w('cli.progress.barPhase', { label, ...slots });
      // The bar's library is loaded with the first bar: most commands end before one is shown.
      const { Presets, SingleBar } = createRequire(import.meta.url)('cli-progress') as typeof CliProgress;
      bar = { kind, bar: new SingleBar({ ...options, format }, Presets.shades_classic) };
      if ('words' in state) bar.bar.start(1, 0, { words: state.words });
      else bar.bar.start(state.total, state.done);
      return;
    }
    if ('words' in state) bar.bar.update(0, { words: state.words });
    else {
      bar.bar.setTotal(state.total);
      bar.bar.update(state.done);
    }
  };

  const show = () => {
    const t = now();
    if (!shown && t - started < afterMs) return;
    shown = true;
    if (stream.isTTY) drawBar();
    else if (t - lastLine >= everyMs) {
      lastLine = t;
      stream.write(`${plainText()}\n`);
    }
  };
  // Work that waits (a store opening) updates nothing: a timer shows it. It never holds the process open.
  const timer = setInterval(show, Math.max(50, Math.min(afterMs, 250)));
  timer.unref();

  return {
    count(done, total) {
      state = { done, total };
      show();
    },
    phase(words) {
      state = { words };
      if (!stream.isTTY) lastLine = -Infinity; // a new phase is worth a line at once
      show();
    },
    stop() {
      clearInterval(timer);
      if (!shown) return;
      if (bar) bar.bar.stop();
      else stream.write(`${'words' in state ? w('cli.progress.phaseDone', { label, words: state.words, seconds: secs(now() - started) }) : w('cli.progress.countDone', { label, count: countText(state), seconds: secs(now() - started) })}\n`);
    },
  };
}
