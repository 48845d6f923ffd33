import { because, REASON_KEYS, verifyDice, type DiceCheck, type DiceEvent, type VerifyReason } from '../app/reports/verify.ts';
import { CHAIN_REASON_KEYS, verifyChain, type ChainReason, type ChainRow, type VerifyResult } from '../store/hash.ts';
import type { SqlValue } from '../store/types.ts';

/** An event a view shows: its data is the stored JSON text exactly, and its salt, so its hash can be recomputed. */
export interface VisibleEvent {
  version: number;
  type: string;
  actor: string;
  at: string;
  data: string;
  hash: string;
  /** Absent for an event written before sealing (hash scheme 1). */
  salt?: string;
}

/**
 * An event secret from the view (until revealed): its seal and hash, which the chain needs and from
 * which no guess of its type, actor, time or contents can be checked; nothing at all for one
 * written before sealing, whose hash would check a guess (store/hash.ts, verifyChain).
 */
export interface WithheldEvent {
  version: number;
  seal?: string;
  hash?: string;
  withheld: true;
}

export type ExportedEvent = VisibleEvent | WithheldEvent;

/** What a battle's page downloads and verifies: versions 1..through of one view, none missing. */
export interface ViewExport {
  /** The battle id. */
  stream: string;
  /** 'public' | 'side:<sideId>' | 'spectator'. */
  view: string;
  /** The last version this view may see (a lagging spectator's is less than the log's). */
  through: number;
  events: ExportedEvent[];
}

export interface ExportVerification {
  /** ok: chain and dice verified; skipped: chain verified, dice not checked (the seed is not published); failed: see `failure`. */
  status: 'ok' | 'skipped' | 'failed';
  events: number;
  withheld: number;
  /** Rolls re-derived from the seed (0 unless the dice were checked). */
  rolls: number;
  /** The first event where the export stops matching (the chain's reason when both fail there); no version when the export as a whole is wrong. */
  failure?: { version?: number; reason: VerifyReason | ChainReason };
  /** Null when the download is not an export at all. */
  chain: VerifyResult | null;
  dice: DiceCheck;
}

type Failure = NonNullable<ExportVerification['failure']>;

/**
 * Verifies a view's export with `umpire verify`'s own checks: the hash chain (withheld events taken
 * as given), then every roll visible, re-derived when the view shows the published seed. The export
 * comes over the network, so nothing in it is trusted to have the declared shape.
 */
export function verifyExport(x: ViewExport): ExportVerification {
  const notExport = (reason: VerifyReason): ExportVerification => ({
    status: 'failed',
    events: 0,
    withheld: 0,
    rolls: 0,
    failure: { reason },
    chain: null,
    dice: { status: 'skipped', reason: because('reports.verify.unreadableExport') },
  });
  if (typeof x !== 'object' || x === null || !Array.isArray(x.events)) return notExport(because('reports.verify.notAnExport'));
  if (typeof x.stream !== 'string' || !Number.isSafeInteger(x.through) || x.through < 0) return notExport(because('reports.verify.unnamedExport'));
  const events: unknown[] = x.events;
  const broken = events.findIndex((e) => typeof e !== 'object' || e === null);
  if (broken >= 0) return notExport(because('reports.verify.notAnEvent', { entry: String(broken + 1) }));
  const exported = events as Partial<VisibleEvent & { withheld: unknown }>[];
  const isWithheld = (e: (typeof exported)[number]) => e.withheld === true;

  const rows: ChainRow[] = exported.map((e) => {
    if (isWithheld(e)) {
      const w = e as Partial<WithheldEvent>;
      return { battle_id: x.stream, version: w.version as SqlValue, ...(w.seal !== undefined ? { seal: w.seal as SqlValue } : {}), ...(w.hash !== undefined ? { hash: w.hash as SqlValue } : {}), withheld: true as const };
    }
    return { position: null, battle_id: x.stream, version: e.version as SqlValue, type: e.type as SqlValue, actor: e.actor as SqlValue, at: e.at as SqlValue, data: e.data as SqlValue, request_id: null, hash: e.hash as SqlValue, salt: (e.salt ?? null) as SqlValue };
  });
  const chain = verifyChain(rows, { battleId: x.stream });

  let unreadable: { version: number; reason: VerifyReason } | undefined;
  const diceEvents: DiceEvent[] = [];
  for (const e of exported) {
    const version = e.version as number;
    if (isWithheld(e)) {
      diceEvents.push({ version, withheld: true });
      continue;
    }
    const type = e.type as string;
    try {
      diceEvents.push({ version, type, data: JSON.parse(e.data as string) as unknown });
    } catch {
      unreadable = { version, reason: because('reports.verify.notJson', { type }) };
      break;
    }
  }
  const dice: DiceCheck = unreadable ? { status: 'failed', ...unreadable } : verifyDice(x.stream, diceEvents);

  const failures: Failure[] = [];
  if (!chain.ok) failures.push({ version: chain.version, reason: chain.reason });
  if (dice.status === 'failed') failures.push({ ...(dice.version !== undefined ? { version: dice.version } : {}), reason: dice.reason });
  if (exported.length !== x.through) {
    const at = Math.min(exported.length, x.through) + 1;
    failures.push({
      version: at,
      reason: exported.length < x.through ? because('reports.verify.stopsEarly', { at: String(exported.length), through: String(x.through) }) : because('reports.verify.runsPast', { through: String(x.through) }),
    });
  }
  // The earliest event named wins; a failure of the whole export (no version) only when no event is named. Stable sort: the chain's first.
  const failure = failures.sort((a, b) => (a.version ?? Number.MAX_SAFE_INTEGER) - (b.version ?? Number.MAX_SAFE_INTEGER))[0];
  return {
    status: failure ? 'failed' : dice.status === 'checked' ? 'ok' : 'skipped',
    events: exported.length,
    withheld: exported.filter(isWithheld).length,
    rolls: dice.status === 'checked' ? dice.rolls : 0,
    ...(failure ? { failure } : {}),
    chain,
    dice,
  };
}

/**
 * The messages of the catalog the page's verifier words (web.json): the server hands the page them
 * in its language (pages.ts), as the browser has no catalog of its own.
 */
export const VERIFY_KEYS = [
  'web.verify.downloading',
  'web.verify.httpFailed',
  'web.verify.checking',
  'web.verify.couldNot',
  'web.verify.failed',
  'web.verify.failedAt',
  'web.verify.verified',
  'web.verify.verifiedWithheld',
  'web.verify.unsealed',
  'web.verify.rederived',
  'web.verify.notPublished',
  'web.verify.sentence',
  ...REASON_KEYS,
  ...CHAIN_REASON_KEYS,
] as const;

/** A message of VERIFY_KEYS and its values: a phrase (src/i18n/text.ts), which this module builds without the catalog. */
export interface VerifyPhrase {
  key: (typeof VERIFY_KEYS)[number];
  values?: Record<string, string | number | VerifyPhrase>;
}

/**
 * The sentence the page shows for a verification, as a phrase of the catalog. A failure's reason is
 * a phrase of REASON_KEYS (the dice check's, the export's) or of CHAIN_REASON_KEYS (the hash chain's).
 */
export function verificationText(r: ExportVerification): VerifyPhrase {
  if (r.failure) {
    // The dice check's and the export's reasons are sentences; the chain's (store/hash.ts), also the command line's, end here.
    const given = r.failure.reason;
    const reason: VerifyPhrase = (CHAIN_REASON_KEYS as readonly string[]).includes(given.key) ? { key: 'web.verify.sentence', values: { reason: given } } : given;
    return r.failure.version === undefined ? { key: 'web.verify.failed', values: { reason } } : { key: 'web.verify.failedAt', values: { event: String(r.failure.version), reason } };
  }
  const dice: VerifyPhrase = r.status === 'ok' ? { key: 'web.verify.rederived', values: { n: r.rolls } } : { key: 'web.verify.notPublished' };
  if (!r.withheld) return { key: 'web.verify.verified', values: { events: r.events, dice } };
  const unsealed = r.chain?.ok && r.chain.unsealed ? ({ key: 'web.verify.unsealed', values: { n: String(r.chain.unsealed) } } as VerifyPhrase) : '';
  return { key: 'web.verify.verifiedWithheld', values: { events: r.events, withheld: String(r.withheld), unsealed, dice } };
}
