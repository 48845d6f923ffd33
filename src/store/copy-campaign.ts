import { GENESIS_HASH, rowHash } from './hash.ts';
import type { RawEventRow } from './types.ts';

/**
 * A campaign's log copied into a store that gives its id to another campaign (store/copy.ts): the
 * copy is renumbered, and so are its battles (`c1-b2` of a campaign copied as `c4` is `c4-b2`).
 * Its events name those battles by id, and a battle's result by the hash of the battle's event it
 * was taken at (BattleResultProposed's `through`): the copy names them as the target holds them.
 */

/**
 * What a renumbered campaign's copy records in its CampaignCreated: its id, first and last hash and
 * count in the store it came from, and the source's data (the JSON text exactly as stored there) of
 * every event the copy changed, by version. With them every hash the campaign had there is
 * recomputed from the copy (sourceCampaignChain); `firstHash` also finds the copy when the copy is
 * run again.
 */
export interface CampaignCopiedFrom {
  campaignId: string;
  firstHash: string;
  lastHash: string;
  events: number;
  changed: Record<string, string>;
}

/** A battle of campaign `from` under campaign `to` (`c1-b2` → `c4-b2`); any other id stays. */
export const campaignBattleId = (battleId: string, from: string, to: string): string => (battleId.startsWith(`${from}-b`) ? `${to}${battleId.slice(from.length)}` : battleId);

/**
 * An event's data as the copy of campaign `from` under `to` logs it: the campaign's id and its
 * battles' ids renamed, and a result's `through.hash` the hash the battle's copy has at that
 * version (`throughHash`); undefined when the copy logs the event as it was.
 */
export function renamedCampaignData(data: unknown, from: string, to: string, throughHash: (battleId: string, version: number) => string): Record<string, unknown> | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  if (d.campaignId === from) return { ...d, campaignId: to };
  if (typeof d.battleId !== 'string' || !d.battleId.startsWith(`${from}-b`)) return undefined;
  const battleId = campaignBattleId(d.battleId, from, to);
  const through = d.through as { version?: unknown } | undefined;
  return { ...d, battleId, ...(through && typeof through.version === 'number' ? { through: { ...through, hash: throughHash(battleId, through.version) } } : {}) };
}

/**
 * Every hash a renumbered campaign's copy had in its source store, recomputed from the copy's rows
 * (ordered by version) and its CampaignCopiedFrom: each changed event from its source data, which
 * must rename to the copy's exactly (the copy changed nothing else), the rest from the copy's rows.
 * Fails where they stop matching the recorded hashes.
 */
export function sourceCampaignChain(rows: readonly RawEventRow[], from: CampaignCopiedFrom): { ok: true; hashes: string[] } | { ok: false; reason: string } {
  const id = rows[0]?.battle_id;
  if (typeof id !== 'string') return { ok: false, reason: 'the copy has no readable first event' };
  const hashes: string[] = [];
  for (const r of rows.slice(0, from.events)) {
    const version = Number(r.version);
    const source = from.changed[String(version)];
    const data = String(r.data);
    if (source !== undefined) {
      // The copy's own through hashes are what the renaming puts there: the check is of everything else.
      const copy = JSON.parse(data) as Record<string, unknown>;
      const { copiedFrom: _from, ...copied } = copy;
      const through = (copy.through as { hash?: unknown } | undefined)?.hash;
      const renamed = renamedCampaignData(JSON.parse(source), from.campaignId, id, () => String(through));
      if (JSON.stringify(renamed) !== JSON.stringify(copied)) return { ok: false, reason: `event ${version} of the copy is not event ${version} of ${from.campaignId} with its ids renamed` };
    }
    hashes.push(rowHash(hashes.at(-1) ?? GENESIS_HASH, from.campaignId, version, { type: String(r.type), actor: String(r.actor), at: String(r.at), data: source ?? data, salt: typeof r.salt === 'string' ? r.salt : null }));
  }
  if (hashes[0] !== from.firstHash) return { ok: false, reason: `the recorded first event of ${from.campaignId} does not hash to its recorded first hash` };
  if (hashes.length !== from.events || hashes.at(-1) !== from.lastHash) return { ok: false, reason: `the copy's first ${from.events} events do not hash to the last hash ${from.campaignId} had` };
  return { ok: true, hashes };
}
