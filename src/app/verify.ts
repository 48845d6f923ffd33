import type { DiceUsed } from '../battle/events.ts';
import { rederive, seedCommitment } from '../dice/stream.ts';
import { verifyChain, type VerifyResult } from '../store/hash.ts';
import type { EventStore, StoredEvent } from '../store/types.ts';

export type DiceCheck =
  | { status: 'checked'; events: number; rolls: number; seedFrom: 'log' | 'given' }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; version?: number; reason: string };

export interface LogVerification {
  chain: VerifyResult;
  dice: DiceCheck;
}

/**
 * Re-derives every recorded roll of a battle from its seed (DESIGN.md, Dice) and checks that the
 * rolls follow each other on the stream without a gap or an overlap: a changed die, a removed roll
 * event, a re-roll or a chosen roll each show at the first event where the log stops matching.
 * The seed is the one the log published, or one given (which must match the commitment).
 */
export function verifyDice(battleId: string, events: readonly StoredEvent[], givenSeed?: string): DiceCheck {
  const created = events.find((e) => e.type === 'BattleCreated');
  const commitment = (created?.data as { seedHash?: string } | undefined)?.seedHash;
  const published = (events.find((e) => e.type === 'SeedRevealed')?.data as { seed?: string } | undefined)?.seed;
  // A battle renumbered by a copy between stores rolls on the stream of the id it was created with (store/copy.ts).
  const named = (created?.data as { diceStream?: unknown } | undefined)?.diceStream;
  const stream = typeof named === 'string' ? named : battleId;
  if (givenSeed !== undefined && !/^[0-9a-f]{64}$/i.test(givenSeed)) return { status: 'failed', reason: 'the seed must be 64 hex digits (32 bytes).' };
  const seed = givenSeed?.toLowerCase() ?? published;
  if (!seed) return { status: 'skipped', reason: 'the seed has not been published (it is at the end of the battle, or by /battle reveal-seed); give it with --seed to check the rolls.' };
  if (givenSeed && published && givenSeed.toLowerCase() !== published) return { status: 'failed', reason: 'the seed given is not the one the battle published.' };
  if (!commitment) return { status: 'failed', reason: 'the battle has no dice commitment in its first event.' };
  if (seedCommitment(Buffer.from(seed, 'hex')) !== commitment) {
    return { status: 'failed', reason: `the ${givenSeed ? 'given' : 'published'} seed's SHA-256 is not the commitment posted at creation (${commitment}).` };
  }
  let expectedFrom = 0;
  let rolls = 0;
  let rolling = 0;
  for (const e of events) {
    const dice = (e.data as { dice?: DiceUsed }).dice;
    if (!dice) continue;
    if (dice.from !== expectedFrom) {
      return {
        status: 'failed',
        version: e.version,
        reason: `${e.type} starts at word ${dice.from} of the dice stream, but the previous roll ended at word ${expectedFrom}: a roll is missing, or dice were rolled again.`,
      };
    }
    const r = rederive(Buffer.from(seed, 'hex'), stream, dice);
    if (!r.ok) return { status: 'failed', version: e.version, reason: `${e.type}: ${r.message}.` };
    expectedFrom = dice.to;
    rolls += dice.rolls.length;
    rolling++;
  }
  return { status: 'checked', events: rolling, rolls, seedFrom: givenSeed ? 'given' : 'log' };
}

/** `umpire verify`: the hash chain, then every roll when the seed is known. */
export async function verifyLog(store: EventStore, battleId: string, givenSeed?: string): Promise<LogVerification> {
  return { chain: verifyChain(await store.chain(battleId)), dice: verifyDice(battleId, await store.load(battleId), givenSeed) };
}

/** A battle a campaign's log references by hash: its own chain and dice, and whether the referenced event is still the one it was. */
export interface ReferencedBattle {
  battleId: string;
  /** The campaign event that references it. */
  at: number;
  through: { version: number; hash: string };
  /** The battle's event at `through.version` has `through.hash`. */
  matches: boolean;
  log: LogVerification;
}

export interface CampaignVerification {
  chain: VerifyResult;
  battles: ReferencedBattle[];
}

/**
 * `umpire verify --campaign`: the campaign's own hash chain, then every battle whose result it
 * carried (BattleResultProposed references the battle's last event by version and hash): that
 * battle's chain and dice are verified, and the referenced event must still hash as recorded, so
 * a battle changed after its result was taken into the campaign is caught.
 */
export async function verifyCampaign(store: EventStore, campaignId: string): Promise<CampaignVerification> {
  const chain = verifyChain(await store.chain(campaignId));
  const battles: ReferencedBattle[] = [];
  for (const e of await store.load(campaignId)) {
    if (e.type !== 'BattleResultProposed') continue;
    const { battleId, through } = e.data as { battleId: string; through: { version: number; hash: string } };
    const rows = await store.load(battleId, through.version - 1);
    battles.push({ battleId, at: e.version, through, matches: rows[0]?.version === through.version && rows[0].hash === through.hash, log: await verifyLog(store, battleId) });
  }
  return { chain, battles };
}
