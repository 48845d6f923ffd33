import { z } from 'zod';
import pack from './pack.json' with { type: 'json' };
import type { Dice } from '../../rules/outcome.ts';
import { joinedBy, say, shipped, type Text } from '../../i18n/text.ts';
import { loadPack } from '../../rules/pack.ts';

/**
 * Night combat, section 18.0 (docs/rules/percentile.md): the ACTIVE/PASSIVE vote, PASSIVE
 * orders and triggers, visibility, the night-turn banner, the cavalry charge direction roll, MFP
 * critical level, CMR penalties and dawn attacks. Pure functions; the battle records stances,
 * orders, triggers and turns and passes them in. Charts come from the pack's `night` key; a value
 * the source does not give is null there, and the function asks for it instead of guessing.
 *
 * Dawn attacks, 18.81-18.87 (what each says; what the umpire can do with it):
 * - 18.81 dawn attacks are not night turns; a side may elect one only with commands that did not
 *   fight ACTIVE in the night. Automatable: `checkDawnAttack`.
 * - 18.82 the intent is noted to the GM before the battleday interphase is completed; once the
 *   figures are set for the first daylight turn the GM announces any dawn attacks. Automatable as
 *   a GM-only sealed ballot (the battle's business, not this module's).
 * - 18.83 the commands assigned to the dawn attack act as ACTIVE or PASSIVE commands do at night;
 *   PASSIVE commands take -1 CMR for the first 9 turns of the new battleday, counted from the DAWN
 *   ATTACK line of the turn record, and after the 9th turn change orders freely. Automatable:
 *   `dawnCmrPenalty`.
 * - 18.84 from the "dawn attack fatigue turn" to the end of the day the dawn attack's ACTIVE
 *   commands take -1 CMR. Which turn that is the source does not give: pack `dawn.fatigueTurn`
 *   (null) or an input. Automatable: `dawnCmrPenalty`.
 * - 18.85 a dawn attack's ACTIVE commands must vote PASSIVE the following night. Automatable:
 *   `allowedStances({ attackedAtDawn })`.
 * - 18.86 ACTIVE commands may start with any order or mix of orders within the Corps/Army order
 *   marker restrictions. Needs the corps/army order rules, which are not in the source: GM.
 * - 18.87 PASSIVE commands keep the previous battleday's orders or are restricted to ENGAGE, MARCH
 *   or RESERVE "based upon" their Corps/Army order (mapping not given); no ATTACK before the start
 *   of turn 10 (pack `dawn.attackFromTurn`); DEFEND only if triggered. Automatable in part (the
 *   turn-10 and trigger checks); whether a continued previous-day ATTACK order counts as "given"
 *   is not said, so it is left to the wiring with a GM decision.
 */

export const NIGHT_STANCES = ['ACTIVE', 'PASSIVE'] as const;
export type Stance = (typeof NIGHT_STANCES)[number];

/** The order markers the night rules name (NIGHT-18.22, 18.23, 18.44, 18.86, 18.87). */
export const ORDERS = ['ATTACK', 'DEFEND', 'MARCH', 'ENGAGE', 'RESERVE', 'MANEUVER'] as const;
export type Order = (typeof ORDERS)[number];

/** The orders a PASSIVE command is switched to (NIGHT-18.22, 18.63). */
export const PASSIVE_ORDERS = ['MARCH', 'ENGAGE', 'RESERVE'] as const;
export type PassiveOrder = (typeof PASSIVE_ORDERS)[number];

/** Moon and weather as the NIGHT-18.31 conditions word them. */
export const MOONS = ['full', 'partial', 'none'] as const;
export type Moon = (typeof MOONS)[number];
/** The moon as a sentence says it: "full moon", "partial moon", "no moon" (the option's value `none`; "none moon" read wrong, issue 28). */
export const moonText = (moon: string | undefined): Text => say('percentile.night.moon', { moon: moon ?? 'unset' });
/** The weather in the reader's words: "limited clouds", "bad weather" (an unknown value as it is). */
export const weatherText = (weather: string | undefined): Text => say('percentile.night.weather', { weather: weather?.split(' ')[0] ?? 'unset', text: weather ?? '' });
export const WEATHERS = ['limited clouds', 'passing clouds', 'heavy clouds', 'bad weather'] as const;
export type Weather = (typeof WEATHERS)[number];

/** The PASSIVE reaction triggers, NIGHT-18.24 a-d (source text). */
export const TRIGGER_REASONS = [
  { id: 'a', rule: 'NIGHT-18.24.a', text: 'Receive firepower from any enemy unit which didn’t fire upon the receiving unit on the last daylight game turn.' },
  { id: 'b', rule: 'NIGHT-18.24.b', text: 'Enemy unit movement within visibility distance and towards the passive unit or a friendly unit.' },
  { id: 'c', rule: 'NIGHT-18.24.c', text: 'Within the zone of a declared cavalry charge or countercharge.' },
  { id: 'd', rule: 'NIGHT-18.24.d', text: 'Engaged in any form of Shock Combat after the last daylight turn shock combats are completed.' },
] as const;
export type TriggerId = (typeof TRIGGER_REASONS)[number]['id'];

const inches = z.number().positive();
const turnNumber = z.number().int().min(1);

const VisibilityCondition = z.object({
  id: z.string().min(1),
  text: z.string().min(1),
  /** Alternatives: the condition holds if any entry matches; an absent list matches anything. */
  when: z.array(z.object({ moon: z.array(z.enum(MOONS)).min(1).optional(), weather: z.array(z.enum(WEATHERS)).min(1).optional() })).min(1),
  inches: inches.nullable(),
  chart: z.number().int().nullable(),
  note: z.string().optional(),
});

/** The `night` key of the percentile pack. */
export const NightPack = z.object({
  source: z.string(),
  stances: z.array(z.enum(NIGHT_STANCES)).min(1),
  orders: z.array(z.enum(ORDERS)).min(1),
  passiveOrders: z.array(z.enum(PASSIVE_ORDERS)).min(1),
  /** A house rule mapping a senior order to the PASSIVE order (NIGHT-18.22); the source gives none. */
  passiveOrderBySenior: z.partialRecord(z.enum(ORDERS), z.enum(PASSIVE_ORDERS)),
  visibility: z.array(VisibilityCondition).min(1),
  fireFactor: z.number().positive().max(1),
  moveFactor: z.number().positive().max(1),
  moveExceptions: z.array(z.string()),
  chargeDirection: z
    .object({
      die: z.number().int().min(2),
      note: z.string().optional(),
      results: z.array(z.object({ min: z.number().int(), max: z.number().int(), direction: z.enum(['left', 'straight', 'right']), degrees: z.number(), text: z.string() })),
    })
    .refine((t) => Array.from({ length: t.die }, (_, i) => i + 1).every((r) => t.results.filter((x) => x.min <= r && r <= x.max).length === 1), {
      error: 'chargeDirection.results must cover every face of the die exactly once',
    }),
  passiveNightCmr: z.number().int(),
  nextDayCmrGroupTurns: turnNumber,
  dawn: z.object({
    passiveCmr: z.number().int(),
    passiveTurns: turnNumber,
    fatigueCmr: z.number().int(),
    /** Position of the dawn attack fatigue turn (NIGHT-18.84): not given in the source. */
    fatigueTurn: turnNumber.nullable(),
    attackFromTurn: turnNumber,
  }),
  /** The allotted number of night turns (NIGHT-18.0): not given in the source. */
  nightTurns: turnNumber.nullable(),
});
export type NightPack = z.infer<typeof NightPack>;

/** The night data of the shipped pack; every function takes a battle's (house-ruled) copy instead. */
export const NIGHT_PACK: NightPack = loadPack(NightPack, pack.night, 'the night section of src/systems/percentile/pack.json');

// --- The vote: NIGHT-18.11 - 18.13, 18.85 -----------------------------------------------------

/**
 * The stances a command may vote. `armyDemoralized`: Army Demoralization (15.90) is in effect for
 * the command's army (18.13 does not say whose; the command's own is the reading). `attackedAtDawn`:
 * the command was ACTIVE in this battleday's dawn attack (18.85).
 */
export function allowedStances(c: { armyDemoralized: boolean; attackedAtDawn: boolean }): { allowed: Stance[]; reason?: Text } {
  const why: Text[] = [];
  if (c.armyDemoralized) why.push(say('percentile.night.stanceDemoralized'));
  if (c.attackedAtDawn) why.push(say('percentile.night.stanceAttackedAtDawn'));
  return why.length ? { allowed: ['PASSIVE'], reason: joinedBy(why, ' ') } : { allowed: [...NIGHT_STANCES] };
}

/**
 * The revealed vote. One ACTIVE command is enough for night turns (18.12); with no "A" marker there
 * is no night combat and play goes to the BATTLEDAY interphase (18.11). A command that never voted
 * (null) showed no active marker, so it cannot start the night; what stance it then has the source
 * does not say, so it is listed apart for the GM.
 */
export function nightOutcome(votes: readonly { commandId: string; stance: Stance | null }[]): {
  night: boolean;
  active: string[];
  passive: string[];
  unvoted: string[];
} {
  const seen = new Set<string>();
  for (const v of votes) {
    if (seen.has(v.commandId)) throw new RangeError(`command ${v.commandId} has more than one vote`);
    seen.add(v.commandId);
  }
  const active = votes.filter((v) => v.stance === 'ACTIVE').map((v) => v.commandId);
  const passive = votes.filter((v) => v.stance === 'PASSIVE').map((v) => v.commandId);
  const unvoted = votes.filter((v) => v.stance === null).map((v) => v.commandId);
  return { night: active.length > 0, active, passive, unvoted };
}

// --- Orders: NIGHT-18.22 - 18.24 ---------------------------------------------------------------

/**
 * The order a PASSIVE command switches to at once (18.22): MARCH, ENGAGE or RESERVE "depending upon
 * what the senior order under the corps or army command is for that command". The source gives no
 * mapping from a senior order to one of the three (not even for a senior MARCH/ENGAGE/RESERVE), and
 * the battle does not hold the senior order: without a house rule in `pack.passiveOrderBySenior` the
 * command's player, who knows it, picks among `choices` (`needsChoice`).
 */
export function passiveOrder(
  current: Order,
  senior?: Order,
  pack: NightPack = NIGHT_PACK,
): { order?: PassiveOrder; needsChoice: boolean; choices: PassiveOrder[]; reason: Text } {
  const choices = [...pack.passiveOrders];
  const list = choices.join(', ');
  if (senior === undefined) {
    return {
      needsChoice: true,
      choices,
      reason: say('percentile.night.passiveOrderUnrecorded', { current, choices: list }),
    };
  }
  const order = pack.passiveOrderBySenior[senior];
  if (order === undefined) {
    return {
      needsChoice: true,
      choices,
      reason: say('percentile.night.passiveOrderNoTable', { current, choices: list, senior }),
    };
  }
  return { order, needsChoice: false, choices, reason: say('percentile.night.passiveOrderBySenior', { senior, current, order }) };
}

export type Check = { ok: true; rule: string } | { ok: false; reason: Text };
/** A night order change allowed, by its rule, or refused, by its reason. */
export type OrderCheck = { ok: true; rule: string } | { ok: false; reason: Text };

/**
 * May a command change its order to `to` during the night? ACTIVE: the night rules add nothing to
 * the normal order-change rules (18.23), which are not in the source and not checked here.
 * PASSIVE (18.22): never ATTACK. Until triggered (18.24 a-d) it may not follow the normal
 * order-change rules at all ("may follow normal order change rules if the command is TRIGGERED"),
 * so no MANEUVER, no DEFEND, and no switch among MARCH/ENGAGE/RESERVE either: it keeps what 18.22
 * set. Once triggered: normal rules, DEFEND or stay; MANEUVER too, as "never ... MANEUVER ... till
 * triggered" implies. `from` = the current order; `to === from` is no change.
 */
export function checkNightOrderChange(c: { stance: Stance; triggered: boolean; to: Order; from?: Order }): OrderCheck {
  if (c.stance === 'ACTIVE') return { ok: true, rule: 'NIGHT-18.23' };
  if (c.to === 'ATTACK') return { ok: false, reason: say('percentile.night.passiveNeverAttack') };
  if (c.to === c.from) return { ok: true, rule: 'NIGHT-18.22' };
  if (c.triggered) return { ok: true, rule: 'NIGHT-18.22' };
  if (c.to === 'MANEUVER') return { ok: false, reason: say('percentile.night.passiveNoManeuver') };
  if (c.to === 'DEFEND') return { ok: false, reason: say('percentile.night.passiveDefendTriggered') };
  return { ok: false, reason: say('percentile.night.passiveKeepsOrder') };
}

// --- MFP critical level: NIGHT-18.63 -----------------------------------------------------------

/**
 * Has the MFP level reached the critical level? Neither the critical level nor the direction in
 * which MFP is adjusted is in the sources (15.85, PCT-11.73), so both are inputs; "reaching"
 * includes landing exactly on it.
 */
export function mfpCritical(level: number, critical: number, counts: 'up' | 'down'): boolean {
  return counts === 'up' ? level >= critical : level <= critical;
}

export const MFP_CRITICAL_EFFECT: Text = say('percentile.night.mfpCriticalEffect');

/**
 * What 18.63 does to the commands of the side that reached its MFP critical level (MFP is kept per
 * side, PCT-11.73; 18.63 says "any commands", read as that side's). Each command turned PASSIVE
 * then goes through `passiveOrder`.
 */
export function mfpCriticalEffect(commands: readonly { commandId: string; stance: Stance }[]): { rule: 'NIGHT-18.63'; toPassive: string[]; orders: PassiveOrder[]; text: Text } {
  return {
    rule: 'NIGHT-18.63',
    toPassive: commands.filter((c) => c.stance === 'ACTIVE').map((c) => c.commandId),
    orders: [...PASSIVE_ORDERS],
    text: MFP_CRITICAL_EFFECT,
  };
}

// --- Visibility: NIGHT-18.31 -------------------------------------------------------------------

/** A NIGHT-18.31 condition: its text the pack's (the source's words) or, for a GM's visibility where none applies, the moon and weather. */
export type VisibilityCondition = { id: string; text: Text; chart: number | null };

export type Visibility =
  | { ok: true; rule: 'NIGHT-18.31'; condition: VisibilityCondition; inches: number; from: 'pack' | 'gm' }
  | { ok: false; rule: 'NIGHT-18.31'; condition: VisibilityCondition | null; needsGm: boolean; reason: Text };

/** A NIGHT-18.31 condition in the reader's words: the shipped pack's by its id, a house-ruled text as it is. */
export const conditionText = (text: Text): Text => {
  if (typeof text !== 'string') return text;
  const c = NIGHT_PACK.visibility.find((x) => x.text === text);
  return c ? say(`percentile.night.condition.${c.id}`) : text;
};

/**
 * Night visibility from moon and weather (18.31). The source's three conditions are pack data, read
 * as: full moon with limited clouds; any moonlit night (full or partial) with passing clouds; a dark
 * night (no moon) or heavy clouds or bad weather. Only the full-moon distance (12") is legible; for
 * the others the GM gives `gmInches`. A combination no condition names (a partial moon with limited
 * clouds) also needs the GM. A GM value where the pack has one is refused; a battle's house rules
 * (night.visibility.moonlit, .dark) fill the illegible distances in the `pack` it passes.
 */
export function nightVisibility(moon: Moon, weather: Weather, gmInches?: number, pack: NightPack = NIGHT_PACK): Visibility {
  const rule = 'NIGHT-18.31';
  const row = pack.visibility.find((c) => c.when.some((w) => (w.moon ?? [moon]).includes(moon) && (w.weather ?? [weather]).includes(weather)));
  const condition = row ? { id: row.id, text: row.text, chart: row.chart } : null;
  if (gmInches !== undefined && !(Number.isFinite(gmInches) && gmInches > 0)) {
    return { ok: false, rule, condition, needsGm: true, reason: say('percentile.night.visibilityPositive', { inches: String(gmInches) }) };
  }
  if (row?.inches != null) {
    if (gmInches !== undefined && gmInches !== row.inches) {
      return { ok: false, rule, condition, needsGm: false, reason: say('percentile.night.visibilityGiven', { condition: conditionText(row.text), inches: String(row.inches) }) };
    }
    return { ok: true, rule, condition: condition!, inches: row.inches, from: 'pack' };
  }
  if (gmInches === undefined) {
    const reason = row
      ? say('percentile.night.visibilityIllegible', { condition: conditionText(row.text) })
      : say('percentile.night.visibilityUnnamed', { moon, weather: weatherText(weather) });
    return { ok: false, rule, condition, needsGm: true, reason };
  }
  return { ok: true, rule, condition: condition ?? { id: 'gm', text: say('percentile.night.gmCondition', { moon: moonText(moon), weather: weatherText(weather) }), chart: null }, inches: gmInches, from: 'gm' };
}

// --- Night turn banner: NIGHT-18.41, 18.42, 18.51, 18.71 ---------------------------------------

/** The reminder posted at the start of each night turn; `visibility` null until the GM sets it. */
export function nightBanner(n: { visibility: number | null; moon: Moon; weather: Weather }, pack: NightPack = NIGHT_PACK): Text[] {
  const set = n.visibility === null ? 'no' : 'yes';
  const visibility = n.visibility === null ? '' : String(n.visibility);
  const exceptions = pack.moveExceptions.map((e) => {
    const shipped = NIGHT_PACK.moveExceptions.indexOf(e);
    return shipped >= 0 ? say(`percentile.night.moveException.${shipped}`) : e.replace(/ \(NIGHT-[^)]*\)$/, '');
  });
  const sides = pack.chargeDirection.die;
  const faces = pack.chargeDirection.results.map((r) =>
    say('percentile.night.bannerFace', { faces: r.min === r.max ? String(r.min) : `${r.min}-${r.max}`, direction: r.direction, degrees: String(r.degrees) }),
  );
  return [
    say('percentile.night.bannerTurn', { moon: moonText(n.moon), weather: weatherText(n.weather), set, visibility }),
    say('percentile.night.bannerFire', { factor: pack.fireFactor, set, visibility }),
    say('percentile.night.bannerMove', { percent: pack.moveFactor * 100, exceptions: joinedBy(exceptions, '; ') }),
    say('percentile.night.bannerCharge', { sides: String(sides), faces: joinedBy(faces, ', ') }),
    say('percentile.night.bannerPassive', { cmr: String(pack.passiveNightCmr) }),
  ];
}

// --- Cavalry charge direction: NIGHT-18.42 -----------------------------------------------------


/** One roll per unit under a Declared Cavalry Charge (18.42); the direction is then fixed. */
export function chargeDirection(
  dice: Dice,
  pack: NightPack = NIGHT_PACK,
): { rule: 'NIGHT-18.42'; die: number; roll: number; direction: 'left' | 'straight' | 'right'; degrees: number; text: Text } {
  const table = pack.chargeDirection;
  const roll = dice.die(table.die);
  const hit = table.results.find((r) => r.min <= roll && roll <= r.max);
  if (!hit) throw new RangeError(`charge direction roll ${roll} is not on the NIGHT-18.42 table (d${table.die})`);
  return { rule: 'NIGHT-18.42', die: table.die, roll, direction: hit.direction, degrees: hit.degrees, text: shipped(`percentile.pack.chargeDirection.${hit.direction}`, hit.text) };
}

// --- CMR: NIGHT-18.71, 18.83, 18.84 -----------------------------------------------------------

export interface CmrModifier {
  modifier: number;
  rule: string;
  reason: Text;
}

/** During the night: PASSIVE commands -1 CMR "for electing the passive mode" (18.71). */
export function nightCmrPenalty(stance: Stance, pack: NightPack = NIGHT_PACK): CmrModifier {
  return stance === 'PASSIVE'
    ? { modifier: pack.passiveNightCmr, rule: 'NIGHT-18.71', reason: say('percentile.night.cmrNightPassive', { cmr: String(pack.passiveNightCmr) }) }
    : { modifier: 0, rule: 'NIGHT-18.71', reason: say('percentile.night.cmrNightActive') };
}

/**
 * CMR on turn `turn` (1 = first turn) of the battleday after a night, by the stance the command
 * elected (18.71: "for electing"; a command turned PASSIVE by 18.63 elected ACTIVE and counts as
 * ACTIVE, which the source does not settle). `restedInReserveTurns`: how many turns, from turn 1
 * on without a break, the command has rested in position under a RESERVE order, this turn included
 * if it rests in it.
 *
 * The text: "ACTIVE commands will suffer a -1 CMR for the first 9 turns of the next BATTLEDAY unless
 * they rest in position with a RESERVE order. If they cannot rest the entire 9 turns, then -2 for
 * the 2nd group of 9 turns....-3 for the 3rd group etc. Passive commands on the next battleday
 * suffer no reduction of CMR." It does not say whether resting removes the -1 of turns 1-9 or only
 * stops the escalation, nor whether a rest later in the day ends it. Our reading, the literal one:
 * - turns 1-9: -1, unless the command has rested in every turn so far ("unless they rest");
 * - turn 10 on: 0 if it rested the entire first 9 turns; otherwise -k in the k-th group of 9 turns
 *   (-2 in turns 10-18, -3 in 19-27...); a rest begun after turn 1 does not count ("the entire 9
 *   turns" being the first 9).
 * - PASSIVE: no reduction.
 */
export function nextDayCmrPenalty(stance: Stance, rest: { restedInReserveTurns: number }, turn: number, pack: NightPack = NIGHT_PACK): CmrModifier {
  const rule = 'NIGHT-18.71';
  if (!Number.isInteger(turn) || turn < 1) throw new RangeError(`turn must be a whole number from 1 (got ${turn})`);
  const rested = rest.restedInReserveTurns;
  if (!Number.isInteger(rested) || rested < 0 || rested > turn) throw new RangeError(`restedInReserveTurns must be a whole number from 0 to the turn, ${turn} (got ${rested})`);
  if (stance === 'PASSIVE') return { modifier: 0, rule, reason: say('percentile.night.cmrPassive') };
  const groupTurns = pack.nextDayCmrGroupTurns;
  const group = Math.ceil(turn / groupTurns);
  const values = { turn: String(turn), turns: String(groupTurns) };
  if (group === 1) {
    return rested >= turn
      ? { modifier: 0, rule, reason: say('percentile.night.cmrResting') }
      : { modifier: -1, rule, reason: say('percentile.night.cmrFirstGroup', values) };
  }
  if (rested >= groupTurns) return { modifier: 0, rule, reason: say('percentile.night.cmrRested', values) };
  return { modifier: -group, rule, reason: say('percentile.night.cmrGroup', { ...values, group, cmr: String(group) }) };
}

// --- Dawn attacks: NIGHT-18.81, 18.83, 18.84 --------------------------------------------------

/** 18.81: only commands that did not fight ACTIVE in the night may take part in a dawn attack. */
export function checkDawnAttack(c: { activeLastNight: boolean }): Check {
  return c.activeLastNight
    ? { ok: false, reason: say('percentile.night.dawnFoughtActive') }
    : { ok: true, rule: 'NIGHT-18.81' };
}

export type DawnCmr = ({ needsGm: false } & CmrModifier) | { needsGm: true; rule: string; reason: Text };

/**
 * CMR of a dawn-attack command on turn `turn` of the new battleday (turn 1 = the DAWN ATTACK line of
 * the turn record, 18.83). PASSIVE: -1 for the first 9 turns (18.83). ACTIVE: -1 from the dawn
 * attack fatigue turn to the end of the day (18.84); that turn is not in the source, so it comes
 * from the pack (`dawn.fatigueTurn`) or `fatigueTurn`, and without either the GM must give it.
 */
export function dawnCmrPenalty(stance: Stance, turn: number, opts: { fatigueTurn?: number } = {}, pack: NightPack = NIGHT_PACK): DawnCmr {
  if (!Number.isInteger(turn) || turn < 1) throw new RangeError(`turn must be a whole number from 1 (got ${turn})`);
  const d = pack.dawn;
  if (stance === 'PASSIVE') {
    return turn <= d.passiveTurns
      ? { needsGm: false, modifier: d.passiveCmr, rule: 'NIGHT-18.83', reason: say('percentile.night.dawnPassive', { turn: String(turn), turns: String(d.passiveTurns), cmr: String(d.passiveCmr) }) }
      : { needsGm: false, modifier: 0, rule: 'NIGHT-18.83', reason: say('percentile.night.dawnPassiveAfter', { turns: String(d.passiveTurns) }) };
  }
  const fatigue = opts.fatigueTurn ?? d.fatigueTurn;
  if (fatigue === null) return { needsGm: true, rule: 'NIGHT-18.84', reason: say('percentile.night.dawnFatigueUnknown') };
  if (!Number.isInteger(fatigue) || fatigue < 1) throw new RangeError(`fatigueTurn must be a whole number from 1 (got ${fatigue})`);
  return turn >= fatigue
    ? { needsGm: false, modifier: d.fatigueCmr, rule: 'NIGHT-18.84', reason: say('percentile.night.dawnFatigue', { fatigue: String(fatigue), cmr: String(d.fatigueCmr) }) }
    : { needsGm: false, modifier: 0, rule: 'NIGHT-18.84', reason: say('percentile.night.dawnBeforeFatigue', { fatigue: String(fatigue) }) };
}
