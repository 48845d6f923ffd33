import { hexToBytes } from '@noble/hashes/utils.js';
import type { DiceUsed } from '../../battle/events.ts';
import { rederive, seedCommitment } from '../../dice/stream.ts';
import { verifyChain, type VerifyResult } from '../../store/hash.ts';
import type { EventStore, StoredEvent } from '../../store/types.ts';

/**
 * The messages of the catalog (reports.json) a verification's reason is one of. The page's verifier
 * words them in the browser, which has no catalog (verify-export.ts), so this module builds its
 * phrases as plain data and imports nothing of src/i18n.
 */
export const REASON_KEYS = [
  'reports.verify.seedNotHex',
  'reports.verify.seedUnpublished',
  'reports.verify.seedNotPublished',
  'reports.verify.noCommitment',
  'reports.verify.notCommitment',
  'reports.verify.resumesNothing',
  'reports.verify.resumesNothingAt',
  'reports.verify.notARecord',
  'reports.verify.rolledAgain',
  'reports.verify.missingRoll',
  'reports.verify.rederived',
  'reports.verify.astray',
  'reports.verify.notJson',
  'reports.verify.unreadableExport',
  'reports.verify.notAnExport',
  'reports.verify.unnamedExport',
  'reports.verify.notAnEvent',
  'reports.verify.stopsEarly',
  'reports.verify.runsPast',
] as const;

/** Why a verification failed or was skipped: a phrase of REASON_KEYS (a Text, src/i18n/text.ts), its values strings. */
export interface VerifyReason {
  key: (typeof REASON_KEYS)[number];
  values?: Record<string, string>;
}

export const because = (key: VerifyReason['key'], values?: Record<string, string>): VerifyReason => (values ? { key, values } : { key });

export type DiceCheck =
  | { status: 'checked'; events: number; rolls: number; seedFrom: 'log' | 'given' }
  | { status: 'skipped'; reason: VerifyReason }
  | { status: 'failed'; version?: number; reason: VerifyReason };

export interface LogVerification {
  chain: VerifyResult;
  dice: DiceCheck;
}

/** An event as the dice check reads it: a logged one, or one a view withholds (its rolls unseen). */
export type DiceEvent = Pick<StoredEvent, 'version' | 'type' | 'data'> | { version: number; withheld: true };

const HEX_SEED = /^[0-9a-f]{64}$/i;

/**
 * Re-derives every recorded roll of a battle from its seed (docs/architecture.md, Dice) and checks that the
 * rolls follow each other on the stream without a gap or an overlap: a changed die, a removed roll
 * event, a re-roll or a chosen roll each show at the first event where the log stops matching.
 * The seed is the one the log published, or one given (which must match the commitment).
 * After a withheld event the rolls may skip ahead (it may have rolled), but never go back.
 */
export function verifyDice(battleId: string, events: readonly DiceEvent[], givenSeed?: string): DiceCheck {
  const dataOf = (type: string): unknown => {
    const e = events.find((x) => 'type' in x && x.type === type);
    return e && 'data' in e ? e.data : undefined;
  };
  const created = dataOf('BattleCreated') as { seedHash?: string; diceStream?: unknown } | null | undefined;
  const commitment = created?.seedHash;
  const published = (dataOf('SeedRevealed') as { seed?: string } | null | undefined)?.seed;
  // A battle renumbered by a copy between stores rolls on the stream of the id it was created with (store/copy.ts).
  const named = created?.diceStream;
  const stream = typeof named === 'string' ? named : battleId;
  if (givenSeed !== undefined && !HEX_SEED.test(givenSeed)) return { status: 'failed', reason: because('reports.verify.seedNotHex') };
  const seed = givenSeed?.toLowerCase() ?? published;
  if (!seed) return { status: 'skipped', reason: because('reports.verify.seedUnpublished') };
  if (givenSeed && published && givenSeed.toLowerCase() !== published) return { status: 'failed', reason: because('reports.verify.seedNotPublished') };
  if (!commitment) return { status: 'failed', reason: because('reports.verify.noCommitment') };
  // A published seed that is not hex cannot be the committed one.
  const seedBytes = typeof seed === 'string' && HEX_SEED.test(seed) ? hexToBytes(seed) : undefined;
  if (!seedBytes || seedCommitment(seedBytes) !== commitment) {
    return { status: 'failed', reason: because('reports.verify.notCommitment', { seed: givenSeed ? 'given' : 'published', commitment }) };
  }
  let expectedFrom = 0;
  let afterWithheld = false;
  let rolls = 0;
  let rolling = 0;
  // A held action's dice (ActionHeld, src/battle/held.ts): counted where logged, and read once more,
  // the same dice in the same order, by the resolution a GM resumes (HeldActionResumed).
  let held: DiceUsed | undefined;
  let replay: { rolls: DiceUsed['rolls']; next: number } | undefined;
  for (const e of events) {
    if ('withheld' in e) {
      afterWithheld = true;
      continue;
    }
    if (e.type === 'HeldActionResumed' || e.type === 'HeldActionSetAside') {
      const from = (e.data as { from?: unknown } | null)?.from;
      if (e.type === 'HeldActionResumed') {
        if (!held || from !== held.from) return { status: 'failed', version: e.version, reason: held ? because('reports.verify.resumesNothingAt', { type: e.type, from: String(held.from) }) : because('reports.verify.resumesNothing', { type: e.type }) };
        expectedFrom = held.from;
        replay = { rolls: held.rolls, next: 0 };
      }
      held = undefined;
      continue;
    }
    const dice = (e.data as { dice?: unknown } | null)?.dice;
    if (!dice) continue;
    if (!isDiceUsed(dice)) return { status: 'failed', version: e.version, reason: because('reports.verify.notARecord', { type: e.type }) };
    if (afterWithheld ? dice.from < expectedFrom : dice.from !== expectedFrom) {
      return {
        status: 'failed',
        version: e.version,
        reason: afterWithheld
          ? because('reports.verify.rolledAgain', { type: e.type, from: String(dice.from), expected: String(expectedFrom) })
          : because('reports.verify.missingRoll', { type: e.type, from: String(dice.from), expected: String(expectedFrom) }),
      };
    }
    afterWithheld = false;
    const r = rederive(seedBytes, stream, dice);
    if (!r.ok) return { status: 'failed', version: e.version, reason: because('reports.verify.rederived', { type: e.type, message: r.message }) };
    if (replay) {
      const { rolls: heldRolls } = replay;
      const astray = dice.rolls.findIndex((x, i) => replay!.next + i < heldRolls.length && (x.sides !== heldRolls[replay!.next + i]!.sides || x.result !== heldRolls[replay!.next + i]!.result));
      if (astray >= 0) return { status: 'failed', version: e.version, reason: because('reports.verify.astray', { type: e.type, roll: String(astray) }) };
      replay.next += dice.rolls.length;
      if (replay.next >= heldRolls.length) replay = undefined;
    }
    if (e.type === 'ActionHeld') held = (e.data as { continues?: true }).continues && held ? { from: held.from, to: dice.to, rolls: [...held.rolls, ...dice.rolls] } : dice;
    expectedFrom = dice.to;
    rolls += dice.rolls.length;
    rolling++;
  }
  return { status: 'checked', events: rolling, rolls, seedFrom: givenSeed ? 'given' : 'log' };
}

/** A record read from a log: rederive checks the numbers, this only that they are there to check. */
function isDiceUsed(d: unknown): d is DiceUsed {
  const { from, to, rolls } = d as Partial<DiceUsed>;
  return typeof from === 'number' && typeof to === 'number' && Array.isArray(rolls) && rolls.every((r: unknown) => typeof r === 'object' && r !== null);
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
