import {
  allowedStances,
  checkDawnAttack,
  checkNightOrderChange,
  MOONS,
  nextDayCmrPenalty,
  nightBanner,
  nightOutcome,
  nightVisibility,
  ORDERS,
  passiveOrder,
  PASSIVE_ORDERS,
  TRIGGER_REASONS,
  WEATHERS,
  type Moon,
  type Order,
  type Stance,
  type Weather,
} from './index.ts';
import type { Role } from '../../battle/system.ts';
import type { TurnPosition } from '../../rules/sequence.ts';
import { commandVoters, openBallots, type BallotEvent } from '../../battle/ballots.ts';
import { openBallot, reveal, type BallotContext, type Consequences } from '../../battle/decide-ballots.ts';
import { own } from '../../battle/draft.ts';
import { refuse } from '../../rules/errors.ts';
import type { BattleEvent } from '../../battle/events.ts';
import { findCommand, findSide } from '../../battle/mechanics.ts';
import type { BattleState, Command } from '../../battle/state.ts';
import type { PercentileState } from './battle.ts';

/**
 * Night combat (shared/rules/night-combat.md, NIGHT-18.x) as the battle keeps it: the secret
 * ACTIVE/PASSIVE vote at dusk, what it does to orders, triggers, visibility, the CMR penalties it
 * leaves, dawn attacks, and the secret orders of the turn. The rules themselves are pure functions
 * in night.ts; this module applies them to the battle's state, as part of the percentile rules'.
 */
export interface NightState {
  /** The revealed dusk vote of the current night, if any (NIGHT-18.11). */
  decided?: { ballotId: string; night: boolean };
  moon?: Moon;
  weather?: Weather;
  /** Inches, from the pack or the GM (NIGHT-18.31); null until known. */
  visibility?: number | null;
  /** The dawn-attack notes revealed to the GMs and not yet announced (NIGHT-18.82). */
  dawnNotes?: { ballotId: string; attackers: string[] };
}

const DAWN_CHOICES = ['DAWN ATTACK', 'NO'] as const;

export type NightEvent =
  | { type: 'NightDecided'; data: { ballotId: string; night: boolean; active: string[]; passive: string[]; unvoted: string[] } }
  | { type: 'OrderChangeDue'; data: { commandId: string; choices: string[]; reason: string } }
  | { type: 'OrderChanged'; data: { commandId: string; order: string; from?: string; rule: string; reason: string } }
  | { type: 'CommandTriggered'; data: { commandId: string; reason: string; text: string } }
  | { type: 'NightConditionsSet'; data: { moon: string; weather: string; visibility: number; condition: string; from: 'pack' | 'gm' } }
  | { type: 'ArmyDemoralizationSet'; data: { sideId: string; on: boolean } }
  | { type: 'MfpCriticalReached'; data: { sideId: string; toPassive: string[] } }
  | { type: 'NightCmrRecorded'; data: { notes: { commandId: string; text: string }[] } }
  | { type: 'DawnAttacksAnnounced'; data: { ballotId: string; attackers: string[] } };

/** Night combat (NIGHT-18.x) and the secret orders of the turn. */
export type NightAction =
  | { type: 'OpenNightVote'; deadline?: string }
  | { type: 'OpenDawnBallot'; deadline?: string }
  | { type: 'OpenOrders'; deadline?: string }
  | { type: 'SetOrder'; command: string; order: string }
  | { type: 'TriggerCommand'; command: string; reason: string }
  | { type: 'SetNightConditions'; moon: string; weather: string; inches?: number }
  | { type: 'SetDemoralization'; side: string; on: boolean }
  | { type: 'ReachMfpCritical'; side: string };

export const NIGHT_ACTION_ROLE: Record<NightAction['type'], Role> = {
  OpenNightVote: 'gm',
  OpenDawnBallot: 'gm',
  OpenOrders: 'gm',
  SetOrder: 'gm',
  TriggerCommand: 'gm',
  SetNightConditions: 'gm',
  SetDemoralization: 'gm',
  ReachMfpCritical: 'gm',
};

export const NIGHT_EVENT_TYPES = [
  'NightDecided',
  'OrderChangeDue',
  'OrderChanged',
  'CommandTriggered',
  'NightConditionsSet',
  'ArmyDemoralizationSet',
  'MfpCriticalReached',
  'NightCmrRecorded',
  'DawnAttacksAnnounced',
] as const satisfies readonly NightEvent['type'][];

export const isNightEvent = (e: { type: string }): e is NightEvent => (NIGHT_EVENT_TYPES as readonly string[]).includes(e.type);

const command = findCommand;
const night = (s: BattleState): NightState => (s.rules as PercentileState).night;

const isNight = (s: BattleState) => s.position.period === 'night';

/** The orders a command may be given now: at night, as NIGHT-18.22/18.23 allow. */
function ordersAllowed(s: BattleState, c: Command): { allowed: string[]; why?: string } {
  if (!isNight(s) || !c.stance) return { allowed: [...ORDERS] };
  const checks = ORDERS.map((o) => ({ o, r: checkNightOrderChange({ stance: c.stance as Stance, triggered: c.triggered ?? false, to: o, ...(c.order ? { from: c.order as Order } : {}) }) }));
  const allowed = checks.filter((x) => x.r.ok).map((x) => x.o);
  const refused = checks.find((x) => !x.r.ok);
  return { allowed: allowed.length ? allowed : [c.order ?? 'MARCH'], ...(refused && !refused.r.ok ? { why: `${c.stance} at night: ${refused.r.reason}` } : {}) };
}

export function decideNight(s: BattleState, action: NightAction, ctx: BallotContext): BattleEvent[] {
  const deadline = 'deadline' in action && action.deadline ? { deadline: action.deadline } : {};
  switch (action.type) {
    case 'OpenNightVote': {
      if (s.position.period !== 'dusk') refuse('The night-combat vote is taken at the end of the last daylight (dusk) turn (NIGHT-18.11): advance to the dusk turn first with /turn next period:dusk.');
      const decided = night(s).decided;
      if (decided) refuse(`Tonight's stance has been decided already (ballot ${decided.ballotId}).`);
      const voters = commandVoters(s, (c) => {
        const a = allowedStances({ armyDemoralized: s.sides[c.sideId]?.demoralized ?? false, attackedAtDawn: c.attackedAtDawn ?? false });
        return { allowed: a.allowed, ...(a.reason ? { why: a.reason } : {}) };
      });
      return [openBallot(s, ctx, { kind: 'night', title: 'Night stance: ACTIVE or PASSIVE?', rule: 'NIGHT-18.11', voters, input: { kind: 'choice' }, audience: 'channel', ...deadline })];
    }
    case 'OpenDawnBallot': {
      if (s.position.period !== 'interphase') refuse('Dawn attacks are noted during the battleday interphase (NIGHT-18.82): advance to it first.');
      const voters = commandVoters(s, (c) => {
        const check = checkDawnAttack({ activeLastNight: c.stance === 'ACTIVE' && night(s).decided?.night === true });
        return check.ok ? { allowed: [...DAWN_CHOICES] } : { allowed: ['NO'], why: check.reason };
      });
      return [openBallot(s, ctx, { kind: 'dawn', title: 'Dawn attack: note it to the GM', rule: 'NIGHT-18.82', voters, input: { kind: 'choice' }, audience: 'gms', ...deadline })];
    }
    case 'OpenOrders': {
      const voters = commandVoters(s, (c) => ordersAllowed(s, c));
      return [openBallot(s, ctx, { kind: 'orders', title: `Orders for turn ${s.position.turn}`, voters, input: { kind: 'choice' }, audience: 'channel', ...deadline })];
    }
    case 'SetOrder': {
      const c = command(s, action.command);
      const order = ORDERS.find((o) => o === action.order.trim().toUpperCase()) ?? refuse(`"${action.order}" is not an order; orders are ${ORDERS.join(', ')}.`);
      if (c.orderDue && !c.orderDue.includes(order)) refuse(`${c.name} turned PASSIVE: its order must become ${c.orderDue.join(', ')} (NIGHT-18.22).`);
      const check = isNight(s) && c.stance ? checkNightOrderChange({ stance: c.stance as Stance, triggered: c.triggered ?? false, to: order, ...(c.order ? { from: c.order as Order } : {}) }) : { ok: true as const, rule: 'GM' };
      if (!check.ok && !c.orderDue) refuse(`${c.name}: ${check.reason}`);
      if (c.order === order && !c.orderDue) refuse(`${c.name} is already under ${order}.`);
      return [orderChanged(c, order, c.orderDue ? 'NIGHT-18.22' : check.ok ? check.rule : 'NIGHT-18.22', c.orderDue ? 'the GM picked the PASSIVE order' : 'order changed')];
    }
    case 'TriggerCommand': {
      const c = command(s, action.command);
      const reason = TRIGGER_REASONS.find((r) => r.id === action.reason.trim().toLowerCase()) ?? refuse(`The trigger reason is one of ${TRIGGER_REASONS.map((r) => `${r.id} (${r.text})`).join('; ')} (NIGHT-18.24).`);
      if (!isNight(s) || c.stance !== 'PASSIVE') refuse(`Only a PASSIVE command is triggered, during the night turns; ${c.name} is ${c.stance ?? 'without a stance'}${isNight(s) ? '' : ' and it is not night'} (NIGHT-18.24).`);
      if (c.triggered) refuse(`${c.name} has been triggered already.`);
      return [{ type: 'CommandTriggered', data: { commandId: c.id, reason: reason.id, text: reason.text } }];
    }
    case 'SetNightConditions': {
      const moon = MOONS.find((m) => m === action.moon) ?? refuse(`moon is one of ${MOONS.join(', ')}.`);
      const weather = WEATHERS.find((w) => w === action.weather) ?? refuse(`weather is one of ${WEATHERS.join(', ')}.`);
      const v = nightVisibility(moon, weather, action.inches);
      if (!v.ok) refuse(v.reason);
      return [{ type: 'NightConditionsSet', data: { moon, weather, visibility: v.inches, condition: v.condition.text, from: v.from } }];
    }
    case 'SetDemoralization': {
      const side = findSide(s, action.side);
      if ((side.demoralized ?? false) === action.on) refuse(`${side.name} is ${action.on ? 'already' : 'not'} under Army Demoralization.`);
      return [{ type: 'ArmyDemoralizationSet', data: { sideId: side.id, on: action.on } }];
    }
    case 'ReachMfpCritical': {
      const side = findSide(s, action.side);
      if (!isNight(s)) refuse('NIGHT-18.63 applies during the night turns.');
      const active = Object.values(s.commands).filter((c) => c.sideId === side.id && c.stance === 'ACTIVE');
      if (!active.length) refuse(`${side.name} has no ACTIVE command to turn PASSIVE.`);
      return [{ type: 'MfpCriticalReached', data: { sideId: side.id, toPassive: active.map((c) => c.id) } }, ...active.flatMap((c) => passiveOrderEvents({ ...c, stance: 'PASSIVE' }))];
    }
  }
}

const orderChanged = (c: Command, order: string, rule: string, reason: string): BattleEvent => ({
  type: 'OrderChanged',
  data: c.order ? { commandId: c.id, order, from: c.order, rule, reason } : { commandId: c.id, order, rule, reason },
});

/** NIGHT-18.22: a PASSIVE command's order becomes MARCH, ENGAGE or RESERVE; the GM picks where the senior order is unknown. */
function passiveOrderEvents(c: Command): BattleEvent[] {
  if (c.order && (PASSIVE_ORDERS as readonly string[]).includes(c.order)) return [];
  const p = passiveOrder((c.order as Order | undefined) ?? 'MARCH');
  if (p.order) return [orderChanged(c, p.order, 'NIGHT-18.22', p.reason)];
  return [{ type: 'OrderChangeDue', data: { commandId: c.id, choices: p.choices, reason: p.reason } }];
}

/** What the night, dawn and orders ballots set off when revealed. */
export const nightConsequences: Consequences = (s, b, revealed) => {
  switch (b.kind) {
    case 'night': {
      // A command that never voted placed no ACTIVE marker: it is PASSIVE (our reading; NIGHT-18.11 is silent).
      const out = nightOutcome(revealed.choices.map((c) => ({ commandId: c.voter, stance: (c.choice as Stance | null) ?? null })));
      const passive = [...out.passive, ...out.unvoted];
      const events: BattleEvent[] = [{ type: 'NightDecided', data: { ballotId: b.id, night: out.night, active: out.active, passive, unvoted: out.unvoted } }];
      // NIGHT-18.22 and 18.23 only matter when the night is fought (18.12).
      if (out.night) for (const id of passive) if (s.commands[id]) events.push(...passiveOrderEvents(s.commands[id]!));
      return events;
    }
    case 'orders':
      return revealed.choices.flatMap((c) => {
        const cmd = s.commands[c.voter];
        return cmd && c.choice && c.choice !== cmd.order ? [orderChanged(cmd, c.choice, 'orders', `secret orders of turn ${b.turn} revealed`)] : [];
      });
    default:
      return [];
  }
};

/**
 * What the night rules add around a move through the sequence: the period after dusk follows the
 * vote (NIGHT-18.11/18.12), the secret orders are revealed as the next phase starts, CMR penalties
 * are recorded when the night ends (NIGHT-18.71), dawn attacks announced at the first daylight turn
 * (NIGHT-18.82), and each night turn shows its banner (NIGHT-18.31, 18.41, 18.42, 18.51, 18.71).
 */
export function aroundAdvance(
  s: BattleState,
  to: TurnPosition,
  explicitPeriod: string | undefined,
  nextTurn: (period: string) => TurnPosition,
): { to: TurnPosition; before: BattleEvent[]; due: string[] } {
  const before: BattleEvent[] = [];
  const due: string[] = [];
  for (const b of openBallots(s).filter((x) => x.kind === 'orders')) before.push(...reveal(s, b, 'phase', nightConsequences));
  const from = s.position.period;
  if (from === 'dusk' && to.period !== 'dusk' && explicitPeriod === undefined) {
    const vote = openBallots(s).find((b) => b.kind === 'night');
    if (vote) refuse(`The night-combat vote (${vote.id}) is still open: wait for it, or reveal it with /ballot reveal ballot:${vote.id} (NIGHT-18.11).`);
    const decided = night(s).decided ?? refuse('The night-combat vote is due before the night (NIGHT-18.11): open it with /night vote, or choose /turn next period:interphase.');
    to = nextTurn(decided.night ? 'night' : 'interphase');
  }
  if (to.period === 'night' && to.phase === 0) due.push(...nightBanner({ visibility: night(s).visibility ?? null, moon: night(s).moon ?? 'none', weather: night(s).weather ?? 'heavy clouds' }));
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

/** The state change of night events (and the core's ballot reveals and phases), on a draft the caller owns. */
export function applyNightEvent(d: BattleState, e: BattleEvent): void {
  const setNight = (n: NightState) => {
    d.rules = { ...(d.rules as PercentileState), night: n };
  };
  const setCommand = (id: string, change: Partial<Command>) => {
    const c = d.commands[id];
    if (c) own(d, 'commands')[id] = { ...c, ...change };
  };
  switch (e.type) {
    case 'BallotRevealed': {
      const b = d.ballots[e.data.ballotId];
      if (b?.kind === 'dawn') setNight({ ...night(d), dawnNotes: { ballotId: b.id, attackers: e.data.choices.filter((c) => c.choice === 'DAWN ATTACK').map((c) => c.voter) } });
      return;
    }
    case 'PhaseAdvanced':
      // A new battleday: the night and its dawn are over (NIGHT-18.82).
      if (e.data.from.period === 'interphase' && e.data.to.period === 'day') setNight({});
      return;
    case 'NightDecided': {
      setNight({ ...night(d), decided: { ballotId: e.data.ballotId, night: e.data.night } });
      const commands = own(d, 'commands');
      for (const c of Object.values(commands)) {
        const stance = e.data.active.includes(c.id) ? 'ACTIVE' : e.data.passive.includes(c.id) ? 'PASSIVE' : undefined;
        // The vote is taken; a dawn attack's bar on ACTIVE (NIGHT-18.85) has done its work.
        commands[c.id] = { ...c, ...(stance ? { stance } : {}), triggered: false, attackedAtDawn: false };
      }
      return;
    }
    case 'OrderChangeDue':
      setCommand(e.data.commandId, { orderDue: e.data.choices });
      return;
    case 'OrderChanged': {
      const c = d.commands[e.data.commandId];
      if (c) {
        const { orderDue: _done, ...rest } = c;
        own(d, 'commands')[c.id] = { ...rest, order: e.data.order };
      }
      return;
    }
    case 'CommandTriggered':
      setCommand(e.data.commandId, { triggered: true });
      return;
    case 'NightConditionsSet':
      setNight({ ...night(d), moon: e.data.moon as Moon, weather: e.data.weather as Weather, visibility: e.data.visibility });
      return;
    case 'ArmyDemoralizationSet': {
      const side = d.sides[e.data.sideId];
      if (side) own(d, 'sides')[side.id] = { ...side, demoralized: e.data.on };
      return;
    }
    case 'MfpCriticalReached':
      for (const id of e.data.toPassive) setCommand(id, { stance: 'PASSIVE' });
      return;
    case 'NightCmrRecorded':
      for (const n of e.data.notes) setCommand(n.commandId, { cmrNote: n.text });
      return;
    case 'DawnAttacksAnnounced': {
      for (const id of e.data.attackers) setCommand(id, { attackedAtDawn: true });
      const { dawnNotes: _announced, decided: _night, ...rest } = night(d);
      setNight(rest);
      return;
    }
  }
}


const nameOf = (rec: Record<string, { name: string }>, id: string) => rec[id]?.name ?? id;

/** One line a reader of the log understands; `s` is the state before the event, for names. */
export function describeNightEvent(e: NightEvent, s: BattleState): string {
  switch (e.type) {
    case 'NightDecided': {
      const names = (ids: string[]) => ids.map((id) => nameOf(s.commands, id)).join(', ') || 'none';
      return e.data.night
        ? `night combat: ACTIVE ${names(e.data.active)}; PASSIVE ${names(e.data.passive)}${e.data.unvoted.length ? ` (${names(e.data.unvoted)} did not vote: PASSIVE)` : ''} — one ACTIVE command is enough for night turns (NIGHT-18.12)`
        : `no command chose ACTIVE: no night combat; on to the battleday interphase (NIGHT-18.11)`;
    }
    case 'OrderChangeDue':
      return `${nameOf(s.commands, e.data.commandId)} needs a new order from the GM: ${e.data.choices.join(', ')} — ${e.data.reason} Use /orders set.`;
    case 'OrderChanged':
      return `${nameOf(s.commands, e.data.commandId)}: order ${e.data.from ? `${e.data.from} → ` : ''}${e.data.order} (${e.data.reason}; ${e.data.rule})`;
    case 'CommandTriggered':
      return `${nameOf(s.commands, e.data.commandId)} is triggered: ${e.data.text} (NIGHT-18.24.${e.data.reason}); normal order changes apply`;
    case 'NightConditionsSet':
      return `night: ${e.data.moon} moon, ${e.data.weather} — ${e.data.condition}: visibility ${e.data.visibility}" (${e.data.from === 'pack' ? 'NIGHT-18.31' : 'the GM, NIGHT-18.31 gives no legible value'})`;
    case 'ArmyDemoralizationSet':
      return `${nameOf(s.sides, e.data.sideId)}: Army Demoralization ${e.data.on ? 'in effect: its commands can only be PASSIVE at night (NIGHT-18.13)' : 'lifted'}`;
    case 'MfpCriticalReached':
      return `${nameOf(s.sides, e.data.sideId)} reached its MFP critical level: ${e.data.toPassive.map((id) => nameOf(s.commands, id)).join(', ')} become PASSIVE at once (NIGHT-18.63)`;
    case 'NightCmrRecorded':
      return `the night is over; CMR for the next battleday: ${e.data.notes.map((n) => `${nameOf(s.commands, n.commandId)}: ${n.text}`).join(' ')}`;
    case 'DawnAttacksAnnounced':
      return e.data.attackers.length
        ? `the GM announces a DAWN ATTACK by ${e.data.attackers.map((id) => nameOf(s.commands, id)).join(', ')} (NIGHT-18.82); they must be PASSIVE next night (NIGHT-18.85) and suffer -1 CMR from the fatigue turn (NIGHT-18.84)`
        : 'no dawn attack was noted (NIGHT-18.82)';
  }
}

/** /battle status: the night's visibility (NIGHT-18.31). */
export function nightStatusLines(s: BattleState): string[] {
  const n = night(s);
  return n.visibility ? [`Night: ${n.moon} moon, ${n.weather}, visibility ${n.visibility}" (NIGHT-18.31)`] : [];
}

/** /battle status, a command's order and night stance. */
export function nightCommandLines(s: BattleState, c: Command): string[] {
  return [
    c.order ? `order ${c.order}` : '',
    c.orderDue ? `new order due from the GM: ${c.orderDue.join('/')}` : '',
    c.stance && (s.position.period === 'night' || s.position.period === 'dusk') ? `${c.stance}${c.stance === 'PASSIVE' && s.position.period === 'night' ? ' (-1 CMR, NIGHT-18.71)' : ''}${c.triggered ? ', triggered' : ''}` : '',
    c.attackedAtDawn ? 'attacked at dawn: PASSIVE next night (NIGHT-18.85), -1 CMR from the fatigue turn (NIGHT-18.84)' : '',
    c.cmrNote ?? '',
  ].filter(Boolean);
}
