import { english } from '../../src/i18n/text.ts';
import type { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invoke, type Invocation } from '../../src/app/service/invoke.ts';
import { Umpire } from '../../src/app/service/umpire.ts';
import type { PgEventStore } from '../../src/store/pg-store.ts';
import { emptyPglite } from '../store/stores.ts';

/**
 * Issue 44: what a command costs a database server, counted as calls into PGlite (each a round trip
 * on a server: a query, an exec, a transaction), and that the cache behind that count never answers
 * wrong when another process (another shard, on the same database) wrote since.
 */

/** Counts the calls into the store's PGlite from now on. */
function roundTrips(store: PgEventStore): () => number {
  const client = (store.db as unknown as { $client: PGlite }).$client;
  // An append's Bind and Execute go through runExclusive (pg-append.ts), as one call into the engine.
  const spies = (['query', 'exec', 'transaction', 'runExclusive'] as const).map((m) => vi.spyOn(client, m));
  return () => spies.reduce((n, s) => n + s.mock.calls.length, 0);
}

afterEach(() => {
  vi.restoreAllMocks();
});

const seed = () => Buffer.alloc(32, 5);
const at = (command: string, sub: string, options: Record<string, unknown> = {}, extra: Partial<Invocation> = {}): Invocation => ({ command, sub, options, actor: 'gm', channel: 'table', ...extra });

/** A store with a battle in #table, two processes on it (`a` has seen the battle: it created it and rolled once). */
async function twoProcesses() {
  const store = await emptyPglite();
  const a = new Umpire(store, { newSeed: seed });
  const b = new Umpire(store, { newSeed: seed });
  const created = await invoke(a, at('battle', 'create', { name: 'Ligny', system: 'medieval' }));
  expect(created.versions).toEqual([1]);
  expect((await invoke(a, at('roll', '', { expression: '1d6' }))).versions).toEqual([2]);
  return { store, a, b };
}

const rolls = async (app: Umpire) => (await app.log('b1')).filter((e) => e.event.type === 'DiceRolled').map((e) => (e.event.data as { dice: { from: number; to: number } }).dice);

describe('a command on a battle this process has seen (issue 44)', () => {
  it('costs one round trip: the append', async () => {
    const { store, a } = await twoProcesses();
    const count = roundTrips(store);
    const r = await invoke(a, at('roll', '', { expression: '2d6' }));
    expect(r.versions).toEqual([3]);
    expect(count()).toBe(1);
  });

  it('answers a read-only command after one version read', async () => {
    const { store, a } = await twoProcesses();
    const count = roundTrips(store);
    const r = await invoke(a, at('battle', 'status'));
    expect(r.messages[0]!.error).toBeFalsy();
    expect(count()).toBe(1);
  });

  it('decides again on fresh state when another process appended since: no roll lost or doubled', async () => {
    const { a, b } = await twoProcesses();
    expect((await invoke(b, at('roll', '', { expression: '1d6' }, { actor: 'p2' }))).versions).toEqual([3]);
    expect((await invoke(a, at('roll', '', { expression: '1d6' }))).versions).toEqual([4]);
    const cursors = await rolls(a);
    expect(cursors).toHaveLength(3);
    // Each roll starts where the last one ended (docs/architecture.md, Dice).
    for (let i = 1; i < cursors.length; i++) expect(cursors[i]!.from).toBe(cursors[i - 1]!.to);
  });

  it('shows what another process appended in a read-only answer', async () => {
    const { a, b } = await twoProcesses();
    await invoke(b, at('side', 'add', { name: 'Prussians' }));
    const status = await invoke(a, at('battle', 'status'));
    expect(english(status.messages[0]!.text)).toContain('Prussians');
  });

  it('refuses only on a state still current: a side another process added is found', async () => {
    const { a, b } = await twoProcesses();
    await invoke(b, at('side', 'add', { name: 'Prussians' }));
    const joined = await invoke(a, at('join', '', { side: 'Prussians' }, { actor: 'p1' }));
    expect(joined.messages[0]!.error).toBeFalsy();
    expect(joined.versions.length).toBe(1);
  });

  it('acts on the battle now running in the channel when another process ended the one it knew and began another', async () => {
    const { a, b } = await twoProcesses();
    expect((await invoke(b, at('battle', 'end'))).versions.length).toBeGreaterThan(0);
    expect((await invoke(b, at('battle', 'create', { name: 'Wavre', system: 'medieval' }))).versions).toEqual([1]);
    const r = await invoke(a, at('roll', '', { expression: '1d6' }));
    expect(r.messages[0]!.error).toBeFalsy();
    expect((await a.log('b2')).map((e) => e.event.type)).toContain('DiceRolled');
    expect((await a.log('b1')).filter((e) => e.event.type === 'DiceRolled')).toHaveLength(1);
  });

  it('answers a retried request with its stored result, even after another append moved the battle', async () => {
    const { store, a, b } = await twoProcesses();
    const first = await invoke(a, at('roll', '', { expression: '3d6' }, { requestId: 'interaction-1' }));
    await invoke(b, at('roll', '', { expression: '1d6' }, { actor: 'p2' }));
    const again = await invoke(a, at('roll', '', { expression: '3d6' }, { requestId: 'interaction-1' }));
    expect(again).toEqual(first);
    expect(await store.version('b1')).toBe(4);
  });

  it('answers a retried request with its stored result where deciding it again would be refused', async () => {
    const { store, a } = await twoProcesses();
    const first = await invoke(a, at('side', 'add', { name: 'French' }, { requestId: 'interaction-2' }));
    const again = await invoke(a, at('side', 'add', { name: 'French' }, { requestId: 'interaction-2' }));
    expect(again).toEqual(first);
    expect(await store.version('b1')).toBe(3);
  });
});
