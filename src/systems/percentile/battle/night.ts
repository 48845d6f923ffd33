import { joinedBy, say, type Text } from '../../../i18n/text.ts';
import {
  allowedStances,
  checkDawnAttack,
  conditionText,
  MOONS,
  nextDayCmrPenalty,
  nightBanner,
  nightOutcome,
  nightVisibility,
  TRIGGER_REASONS,
  WEATHERS,
  type Moon,
  type Stance,
  type Weather,
} from '../index.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { commandVoters, openBallots, type BallotEvent } from '../../../battle/ballots.ts';
import { openBallot, reveal, type BallotContext, type Consequences } from '../../../battle/decide-ballots.ts';
import { own } from '../../../battle/draft.ts';
import { refuse } from '../../../rules/errors.ts';
import { ownerText } from './words.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import { findCommand, findSide, playsCommand, sideName } from '../../../battle/mechanics.ts';
import { isGm, type BattleState } from '../../../battle/state.ts';
import { mention } from '../../../messages.ts';
import { houseValue } from '../../../battle/house.ts';
import { asked, battleRules } from './house.ts';
import { passiveOrderEvents } from './orders.ts';
import { isNight } from './phase.ts';
import { pct, setCommand, type NightState } from './state.ts';

/**
 * Night combat (docs/rules/percentile.md, NIGHT-18.x) as the battle keeps it: the secret
 * ACTIVE/PASSIVE vote at dusk, what it does to orders, triggers, visibility, the CMR penalties it
 * leaves, dawn attacks. The rules themselves are pure functions in ../night.ts; this module applies
 * them to the battle's state, as part of the percentile rules'. The orders of the turn: orders.ts.
 */

const DAWN_CHOICES = ['DAWN ATTACK', 'NO'] as const;

export type NightEvent =
  | { type: 'NightDecided'; data: { ballotId: string; night: boolean; active: string[]; passive: string[]; unvoted: string[] } }
  /**
   * `by` the command's player or a GM (absent before issue 40, when only a GM triggered); `evidence`
   * the log's fire for reason a; `claim` a table fact on the player's word (b, c, d); `gmRuling` a GM
   * triggering by fire the log does not hold.
   */
  | { type: 'CommandTriggered'; data: { commandId: string; reason: string; text: string; by?: string; evidence?: Text; claim?: boolean; gmRuling?: boolean } }
  /** `from` 'house': a house rule of the battle gave the distance the seed leaves illegible; `house` cites it. */
  | { type: 'NightConditionsSet'; data: { moon: string; weather: string; visibility: number; condition: Text; from: 'pack' | 'gm' | 'house'; house?: Text } }
  | { type: 'ArmyDemoralizationSet'; data: { sideId: string; on: boolean } }
  | { type: 'MfpCriticalReached'; data: { sideId: string; toPassive: string[] } }
  | { type: 'NightCmrRecorded'; data: { notes: { commandId: string; text: Text }[] } }
  | { type: 'DawnAttacksAnnounced'; data: { ballotId: string; attackers: string[] } };

/** Night combat (NIGHT-18.x). */
export type NightAction =
  | { type: 'OpenNightVote'; deadline?: string }
  | { type: 'OpenDawnBallot'; deadline?: string }
  | { type: 'TriggerCommand'; command: string; reason: string }
  | { type: 'SetNightConditions'; moon: string; weather: string; inches?: number }
  | { type: 'SetDemoralization'; side: string; on: boolean }
  | { type: 'ReachMfpCritical'; side: string };

type NightActionOf<T extends NightAction['type']> = Extract<NightAction, { type: T }>;
type NightEventOf<T extends NightEvent['type']> = Extract<NightEvent, { type: T }>;

/** The night's state of the battle (its conditions, the vote, the dawn notes). */
export const night = (s: BattleState): NightState => pct(s).night;

// ---------------------------------------------------------------------------------------------
// decide

/** The night's and dawn's choices as the rules print them, with the reader's word beside them on a button (NIGHT-18.11, NIGHT-18.82). */
const STANCE_WORDS = { ACTIVE: say('percentile.night.choice.active'), PASSIVE: say('percentile.night.choice.passive') };
const DAWN_WORDS = { 'DAWN ATTACK': say('percentile.night.choice.dawnAttack'), NO: say('percentile.night.choice.no') };

export function decideOpenNightVote(s: BattleState, a: NightActionOf<'OpenNightVote'>, ctx: BallotContext): BattleEvent[] {
  if (s.position.period !== 'dusk') refuse(say('percentile.night.voteDusk'));
  const decided = night(s).decided;
  if (decided) refuse(say('percentile.night.decided', { ballot: decided.ballotId }));
  const voters = commandVoters(s, (c) => {
    const allowed = allowedStances({ armyDemoralized: s.sides[c.sideId]?.demoralized ?? false, attackedAtDawn: c.attackedAtDawn ?? false });
    return { allowed: allowed.allowed, ...(allowed.reason ? { why: allowed.reason } : {}) };
  });
  return [openBallot(s, ctx, { kind: 'night', title: say('percentile.night.voteTitle'), rule: 'NIGHT-18.11', words: STANCE_WORDS, voters, input: { kind: 'choice' }, audience: 'channel', ...(a.deadline ? { deadline: a.deadline } : {}) })];
}

export function decideOpenDawnBallot(s: BattleState, a: NightActionOf<'OpenDawnBallot'>, ctx: BallotContext): BattleEvent[] {
  if (s.position.period !== 'interphase') refuse(say('percentile.night.dawnInterphase'));
  const voters = commandVoters(s, (c) => {
    const check = checkDawnAttack({ activeLastNight: c.stance === 'ACTIVE' && night(s).decided?.night === true });
    return check.ok ? { allowed: [...DAWN_CHOICES] } : { allowed: ['NO'], why: check.reason };
  });
  return [openBallot(s, ctx, { kind: 'dawn', title: say('percentile.night.dawnTitle'), rule: 'NIGHT-18.82', words: DAWN_WORDS, voters, input: { kind: 'choice' }, audience: 'gms', ...(a.deadline ? { deadline: a.deadline } : {}) })];
}

/**
 * A PASSIVE command's player (or a GM) declares it triggered (NIGHT-18.24). Reason a, fire from an
 * enemy unit that had not fired on the unit in the last daylight turn, is in the log: a claim the log
 * does not bear out is refused, and a GM who rules it anyway is logged as ruling. The others are on
 * the table (b, movement; c, a charge's zone; d, shock combat, which the battle does not resolve):
 * logged as the player's claim, which a GM may undo.
 */
export function decideTriggerCommand(s: BattleState, a: NightActionOf<'TriggerCommand'>, actor: string): BattleEvent[] {
  const c = findCommand(s, a.command);
  const reason = TRIGGER_REASONS.find((r) => r.id === a.reason.trim().toLowerCase()) ?? refuse(say('percentile.night.triggerReason', { reasons: joinedBy(TRIGGER_REASONS.map((r) => say('percentile.night.triggerOption', { id: r.id, text: triggerText(r.id) })), '; ') }));
  const gm = isGm(s, actor);
  if (!gm && !playsCommand(s, actor, c)) refuse(say('percentile.night.triggerNotYours', { command: c.name, owner: ownerText(c.player, sideName(s, c.sideId)) }));
  if (!isNight(s) || c.stance !== 'PASSIVE') refuse(say('percentile.night.triggerPassive', { command: c.name, stance: c.stance ?? 'none', night: isNight(s) ? 'yes' : 'no' }));
  if (c.triggered) refuse(say('percentile.night.triggeredAlready', { command: c.name }));
  const base = { commandId: c.id, reason: reason.id, text: reason.text, by: actor };
  if (reason.id !== 'a') return [{ type: 'CommandTriggered', data: gm ? base : { ...base, claim: true } }];
  const fire = fireTrigger(s, c.id);
  if (fire.evidence) return [{ type: 'CommandTriggered', data: { ...base, evidence: fire.evidence } }];
  if (!gm) refuse(say('percentile.night.noNightFire', { command: c.name, why: fire.why }));
  return [{ type: 'CommandTriggered', data: { ...base, gmRuling: true } }];
}

/** NIGHT-18.24.a from the log: the first fire at night on a unit of the command by a unit that had not fired on it in the last daylight turn. */
function fireTrigger(s: BattleState, commandId: string): { evidence?: Text; why: Text } {
  const n = night(s);
  const name = (id: string) => s.units[id]?.name ?? id;
  const onIt = (n.nightFire ?? []).filter((f) => s.units[f.targetId]?.commandId === commandId && s.units[f.firerId]?.commandId !== commandId);
  const fresh = onIt.find((f) => !(n.daylightFire ?? []).some((x) => x.firerId === f.firerId && x.targetId === f.targetId));
  if (fresh) return { evidence: say('percentile.night.fireEvidence', { firer: name(fresh.firerId), target: name(fresh.targetId), turn: String(fresh.at.turn) }), why: '' };
  const command = s.commands[commandId]?.name ?? commandId;
  if (!onIt.length) return { why: say('percentile.night.noFireTonight', { command }) };
  const pairs = [...new Map(onIt.map((f) => [`${f.firerId} ${f.targetId}`, say('percentile.night.firedOn', { firer: name(f.firerId), target: name(f.targetId) })])).values()];
  return { why: say('percentile.night.firedByDayToo', { pairs: joinedBy(pairs, '; ') }) };
}

export function decideSetNightConditions(s: BattleState, a: NightActionOf<'SetNightConditions'>): BattleEvent[] {
  const moon = MOONS.find((m) => m === a.moon) ?? refuse(say('percentile.words.oneOfOnly', { option: 'moon', values: MOONS.join(', ') }));
  const weather = WEATHERS.find((w) => w === a.weather) ?? refuse(say('percentile.words.oneOfOnly', { option: 'weather', values: WEATHERS.join(', ') }));
  // NIGHT-18.31: the moonlit and dark distances are illegible; a house rule of the battle may give them.
  const shipped = nightVisibility(moon, weather, undefined);
  const key = shipped.condition ? `night.visibility.${shipped.condition.id}` : '';
  const set = key ? houseValue(s, key) : undefined;
  if (set && a.inches !== undefined && a.inches !== set.value) refuse(say('percentile.night.inchesSet', { key, value: String(set.value), note: set.note }));
  const v = nightVisibility(moon, weather, a.inches, battleRules(s).night);
  if (!v.ok) refuse(v.needsGm && asked(key) ? say('percentile.night.visibilityAsk', { reason: v.reason, how: asked(key) }) : v.reason);
  const house = set && v.from === 'pack' ? { from: 'house' as const, house: set.note } : { from: v.from };
  return [{ type: 'NightConditionsSet', data: { moon, weather, visibility: v.inches, condition: v.condition.text, ...house } }];
}

export function decideSetDemoralization(s: BattleState, a: NightActionOf<'SetDemoralization'>): BattleEvent[] {
  const side = findSide(s, a.side);
  if ((side.demoralized ?? false) === a.on) refuse(say('percentile.night.demoralized', { side: side.name, on: a.on ? 'yes' : 'no' }));
  return [{ type: 'ArmyDemoralizationSet', data: { sideId: side.id, on: a.on } }];
}

export function decideReachMfpCritical(s: BattleState, a: NightActionOf<'ReachMfpCritical'>): BattleEvent[] {
  const side = findSide(s, a.side);
  if (!isNight(s)) refuse(say('percentile.night.mfpNight'));
  const active = Object.values(s.commands).filter((c) => c.sideId === side.id && c.stance === 'ACTIVE');
  if (!active.length) refuse(say('percentile.night.noActive', { side: side.name }));
  return [{ type: 'MfpCriticalReached', data: { sideId: side.id, toPassive: active.map((c) => c.id) } }, ...active.flatMap((c) => passiveOrderEvents({ ...c, stance: 'PASSIVE' }))];
}

/** What the night ballot sets off when revealed; the dawn notes set off nothing until the first daylight turn. */
export const nightConsequences: Consequences = (s, b, revealed) => {
  if (b.kind !== 'night') return [];
  // A command that never voted placed no ACTIVE marker: it is PASSIVE (our reading; NIGHT-18.11 is silent).
  const out = nightOutcome(revealed.choices.map((c) => ({ commandId: c.voter, stance: (c.choice as Stance | null) ?? null })));
  const passive = [...out.passive, ...out.unvoted];
  const events: BattleEvent[] = [{ type: 'NightDecided', data: { ballotId: b.id, night: out.night, active: out.active, passive, unvoted: out.unvoted } }];
  // NIGHT-18.22 and 18.23 only matter when the night is fought (18.12).
  if (out.night) for (const id of passive) if (s.commands[id]) events.push(...passiveOrderEvents(s.commands[id]!));
  return events;
};

/**
 * What the night rules add around a move through the sequence: the period after dusk follows the
 * vote (NIGHT-18.11/18.12), CMR penalties are recorded when the night ends (NIGHT-18.71), dawn
 * attacks announced at the first daylight turn (NIGHT-18.82), and each night turn shows its banner
 * (NIGHT-18.31, 18.41, 18.42, 18.51, 18.71).
 */
export function aroundAdvance(
  s: BattleState,
  to: TurnPosition,
  explicitPeriod: string | undefined,
  nextTurn: (period: string) => TurnPosition,
): { to: TurnPosition; before: BattleEvent[]; due: Text[] } {
  const before: BattleEvent[] = [];
  const due: Text[] = [];
  const from = s.position.period;
  if (from === 'dusk' && to.period !== 'dusk' && explicitPeriod === undefined) {
    const vote = openBallots(s).find((b) => b.kind === 'night');
    if (vote) refuse(say('percentile.night.voteOpen', { ballot: vote.id }));
    const decided = night(s).decided ?? refuse(say('percentile.night.voteDue'));
    to = nextTurn(decided.night ? 'night' : 'interphase');
  }
  if (to.period === 'night' && to.phase === 0) {
    const n = night(s);
    // Without a GM's conditions the night has none: it owes them (percentileOwed), never a default.
    if (n.moon && n.weather) due.push(...nightBanner({ visibility: n.visibility ?? null, moon: n.moon, weather: n.weather }));
    else due.push(say('percentile.night.dueConditions'));
  }
  if (from === 'night' && to.period !== 'night') {
    const notes = Object.values(s.commands)
      .filter((c) => c.stance)
      .map((c) => ({ commandId: c.id, text: nextDayCmrPenalty(c.stance as Stance, { restedInReserveTurns: 0 }, 1).reason }));
    if (notes.length) before.push({ type: 'NightCmrRecorded', data: { notes } });
  }
  if (from === 'interphase' && to.period === 'day') {
    const open = openBallots(s).find((b) => b.kind === 'dawn');
    let notes = night(s).dawnNotes;
    if (open) {
      const closing = reveal(s, open, 'phase', nightConsequences);
      before.push(...closing);
      const revealed = closing[0] as Extract<BallotEvent, { type: 'BallotRevealed' }>;
      notes = { ballotId: open.id, attackers: revealed.data.choices.filter((c) => c.choice === 'DAWN ATTACK').map((c) => c.voter) };
    }
    if (notes) before.push({ type: 'DawnAttacksAnnounced', data: { ballotId: notes.ballotId, attackers: notes.attackers } });
  }
  return { to, before, due };
}

// ---------------------------------------------------------------------------------------------
// evolve: on a draft the caller owns

const setNight = (d: BattleState, n: NightState) => {
  d.rules = { ...pct(d), night: n };
};

/** A dawn ballot revealed: its notes wait for the first daylight turn (NIGHT-18.82). */
export function applyDawnNotes(d: BattleState, e: Extract<BallotEvent, { type: 'BallotRevealed' }>): void {
  const b = d.ballots[e.data.ballotId];
  if (b?.kind === 'dawn') setNight(d, { ...night(d), dawnNotes: { ballotId: b.id, attackers: e.data.choices.filter((c) => c.choice === 'DAWN ATTACK').map((c) => c.voter) } });
}

/** A new battleday: the night and its dawn are over (NIGHT-18.82). */
export function applyNewBattleday(d: BattleState, e: Extract<BattleEvent, { type: 'PhaseAdvanced' }>): void {
  if (e.data.from.period === 'interphase' && e.data.to.period === 'day') setNight(d, {});
}

export function applyNightDecided(d: BattleState, e: NightEventOf<'NightDecided'>): void {
  setNight(d, { ...night(d), decided: { ballotId: e.data.ballotId, night: e.data.night } });
  const commands = own(d, 'commands');
  for (const c of Object.values(commands)) {
    const stance = e.data.active.includes(c.id) ? 'ACTIVE' : e.data.passive.includes(c.id) ? 'PASSIVE' : undefined;
    // The vote is taken; a dawn attack's bar on ACTIVE (NIGHT-18.85) has done its work.
    commands[c.id] = { ...c, ...(stance ? { stance } : {}), triggered: false, attackedAtDawn: false };
  }
}

/** The night begins: the last daylight turn's fire is kept for NIGHT-18.24.a (before the new turn clears it). */
export function applyNightBegins(d: BattleState, e: Extract<BattleEvent, { type: 'PhaseAdvanced' }>): void {
  if (e.data.to.period !== 'night' || e.data.from.period === 'night') return;
  const daylightFire = pct(d).attacks.filter((x) => x.at.turn === e.data.from.turn).map((x) => ({ firerId: x.firerId, targetId: x.targetId }));
  setNight(d, { ...night(d), daylightFire, nightFire: [] });
}

export function applyCommandTriggered(d: BattleState, e: NightEventOf<'CommandTriggered'>): void {
  setCommand(d, e.data.commandId, { triggered: true });
}

export function applyNightConditionsSet(d: BattleState, e: NightEventOf<'NightConditionsSet'>): void {
  setNight(d, { ...night(d), moon: e.data.moon as Moon, weather: e.data.weather as Weather, visibility: e.data.visibility });
}

export function applyArmyDemoralizationSet(d: BattleState, e: NightEventOf<'ArmyDemoralizationSet'>): void {
  const side = d.sides[e.data.sideId];
  if (side) own(d, 'sides')[side.id] = { ...side, demoralized: e.data.on };
}

export function applyMfpCriticalReached(d: BattleState, e: NightEventOf<'MfpCriticalReached'>): void {
  for (const id of e.data.toPassive) setCommand(d, id, { stance: 'PASSIVE' });
}

export function applyNightCmrRecorded(d: BattleState, e: NightEventOf<'NightCmrRecorded'>): void {
  for (const n of e.data.notes) {
    if (typeof n.text === 'string') setCommand(d, n.commandId, { cmrNote: n.text });
    else d.rules = { ...pct(d), cmrNotes: { ...pct(d).cmrNotes, [n.commandId]: n.text } };
  }
}

export function applyDawnAttacksAnnounced(d: BattleState, e: NightEventOf<'DawnAttacksAnnounced'>): void {
  for (const id of e.data.attackers) setCommand(d, id, { attackedAtDawn: true });
  const { dawnNotes: _announced, decided: _night, ...rest } = night(d);
  setNight(d, rest);
}

// ---------------------------------------------------------------------------------------------
// describe: one line a reader of the log understands; `s` is the state before the event, for names

const nameOf = (rec: Record<string, { name: string }>, id: string) => rec[id]?.name ?? id;

export function describeNightDecided(e: NightEventOf<'NightDecided'>, s: BattleState): Text {
  const names = (ids: string[]): Text => (ids.length ? ids.map((id) => nameOf(s.commands, id)).join(', ') : say('percentile.views.none'));
  return e.data.night
    ? say('percentile.night.combat', { active: names(e.data.active), passive: names(e.data.passive), unvoted: e.data.unvoted.length ? 'yes' : 'no', unvotedNames: names(e.data.unvoted) })
    : say('percentile.night.noCombat');
}

/** A NIGHT-18.24 trigger's condition in the source's words, by its letter. */
const triggerText = (id: string): Text => say(`percentile.night.trigger.${id}`);

export function describeCommandTriggered(e: NightEventOf<'CommandTriggered'>, s: BattleState): Text {
  const d = e.data;
  // The condition by its letter; a log's own text where the letter is none of the rules' (or its text was another).
  const known = TRIGGER_REASONS.find((r) => r.id === d.reason && r.text === d.text);
  return say('percentile.night.triggered', {
    command: nameOf(s.commands, d.commandId),
    claim: d.claim && d.by ? 'yes' : 'no',
    user: d.by ? mention(d.by) : '',
    text: known ? triggerText(known.id) : d.text,
    rule: `NIGHT-18.24.${d.reason}`,
    source: d.evidence ? 'log' : d.claim ? 'claim' : d.gmRuling ? 'ruling' : 'none',
    evidence: d.evidence ?? '',
  });
}

/** The moon as a sentence says it: "full moon", "no moon" (the option's value `none`; "none moon" read wrong, issue 28). */
export const moonPhrase = (moon: string | undefined): Text => say('percentile.night.moon', { moon: moon ?? 'unset' });

/** The weather in the reader's words: "limited clouds", "bad weather" (an unknown value as it is). */
export const weatherPhrase = (weather: string | undefined): Text => say('percentile.night.weather', { weather: weather?.split(' ')[0] ?? 'unset', text: weather ?? '' });

export function describeNightConditionsSet(e: NightEventOf<'NightConditionsSet'>): Text {
  return say('percentile.night.conditionsSet', {
    moon: moonPhrase(e.data.moon),
    weather: weatherPhrase(e.data.weather),
    condition: conditionText(e.data.condition),
    visibility: String(e.data.visibility),
    from: e.data.from,
    house: e.data.house ?? '',
  });
}

export function describeArmyDemoralizationSet(e: NightEventOf<'ArmyDemoralizationSet'>, s: BattleState): Text {
  return say('percentile.night.demoralizationSet', { side: nameOf(s.sides, e.data.sideId), on: e.data.on ? 'yes' : 'no' });
}

export function describeMfpCriticalReached(e: NightEventOf<'MfpCriticalReached'>, s: BattleState): Text {
  return say('percentile.night.mfpCriticalReached', { side: nameOf(s.sides, e.data.sideId), commands: e.data.toPassive.map((id) => nameOf(s.commands, id)).join(', ') });
}

export function describeNightCmrRecorded(e: NightEventOf<'NightCmrRecorded'>, s: BattleState): Text {
  return say('percentile.night.over', { notes: joinedBy(e.data.notes.map((n) => say('percentile.night.cmrNote', { command: nameOf(s.commands, n.commandId), text: n.text })), ' ') });
}

export function describeDawnAttacksAnnounced(e: NightEventOf<'DawnAttacksAnnounced'>, s: BattleState): Text {
  return e.data.attackers.length ? say('percentile.night.dawnAnnounced', { commands: e.data.attackers.map((id) => nameOf(s.commands, id)).join(', ') }) : say('percentile.night.noDawnAttack');
}
