import { say, type Text } from '../../../i18n/text.ts';
import { commandVoters, openBallots } from '../../../battle/ballots.ts';
import { openBallot, reveal, type BallotContext, type Consequences } from '../../../battle/decide-ballots.ts';
import { own } from '../../../battle/draft.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import { findCommand, playsCommand, sideName } from '../../../battle/mechanics.ts';
import { isGm, type BattleState, type Command } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import { ownerText } from './words.ts';
import { checkNightOrderChange, ORDERS, passiveOrder, PASSIVE_ORDERS, type Order, type Stance } from '../index.ts';
import { isNight } from './phase.ts';
import { setCommand } from './state.ts';

/**
 * Each command's orders: given in secret by ballot and revealed together when the last is in, at the
 * deadline or by a GM (a vote still open holds /phase next, as every ballot does), or set
 * openly by a GM; at night only as NIGHT-18.22 - 18.24 allow, and a PASSIVE command's order is
 * its player's to set (NIGHT-18.22).
 */

export type OrdersAction = { type: 'OpenOrders'; deadline?: string } | { type: 'SetOrder'; command: string; order: string };

export type OrdersEvent =
  | { type: 'OrderChangeDue'; data: { commandId: string; choices: string[]; reason: Text } }
  /** `by`: who set it openly (absent for a ballot's or the night's own changes, and before issue 40); `gmRuling`: a GM set a PASSIVE command's order its player decides. */
  | { type: 'OrderChanged'; data: { commandId: string; order: string; from?: string; rule: string; reason: Text; by?: string; gmRuling?: boolean } };

type OrdersEventOf<T extends OrdersEvent['type']> = Extract<OrdersEvent, { type: T }>;

/** The orders a command may be given now: at night, as NIGHT-18.22/18.23 allow. */
function ordersAllowed(s: BattleState, c: Command): { allowed: string[]; why?: Text } {
  if (!isNight(s) || !c.stance) return { allowed: [...ORDERS] };
  const checks = ORDERS.map((o) => ({ o, r: checkNightOrderChange({ stance: c.stance as Stance, triggered: c.triggered ?? false, to: o, ...(c.order ? { from: c.order as Order } : {}) }) }));
  const allowed = checks.filter((x) => x.r.ok).map((x) => x.o);
  const refused = checks.find((x) => !x.r.ok);
  return { allowed: allowed.length ? allowed : [c.order ?? 'MARCH'], ...(refused && !refused.r.ok ? { why: say('percentile.orders.atNight', { stance: String(c.stance), reason: refused.r.reason }) } : {}) };
}

export function decideOpenOrders(s: BattleState, a: Extract<OrdersAction, { type: 'OpenOrders' }>, ctx: BallotContext): BattleEvent[] {
  const voters = commandVoters(s, (c) => ordersAllowed(s, c));
  return [openBallot(s, ctx, { kind: 'orders', title: say('percentile.orders.title', { turn: String(s.position.turn) }), voters, input: { kind: 'choice' }, audience: 'channel', ...(a.deadline ? { deadline: a.deadline } : {}) })];
}

/**
 * An order set openly. A PASSIVE command's order at night is its player's decision, validated
 * (NIGHT-18.22): the MARCH, ENGAGE or RESERVE its senior's order dictates when it turns PASSIVE, then
 * no change until triggered (18.24), never ATTACK. A GM may set it too, logged as his ruling; any
 * other order is set by a GM or given in secret (/orders open).
 */
export function decideSetOrder(s: BattleState, a: Extract<OrdersAction, { type: 'SetOrder' }>, actor: string): BattleEvent[] {
  const c = findCommand(s, a.command);
  const order = ORDERS.find((o) => o === a.order.trim().toUpperCase()) ?? refuse(say('percentile.orders.notOrder', { order: a.order, orders: ORDERS.join(', ') }));
  const gm = isGm(s, actor);
  const mine = playsCommand(s, actor, c);
  const playerDecides = c.orderDue !== undefined || (isNight(s) && c.stance === 'PASSIVE');
  if (!gm && !mine) refuse(say('percentile.orders.notYours', { command: c.name, owner: ownerText(c.player, sideName(s, c.sideId)) }));
  if (!gm && !playerDecides) refuse(say('percentile.orders.notPassive', { command: c.name, stance: isNight(s) && c.stance ? c.stance : 'none' }));
  if (c.orderDue && !c.orderDue.includes(order)) refuse(say('percentile.orders.mustBecome', { command: c.name, orders: c.orderDue.join(', ') }));
  const check = isNight(s) && c.stance ? checkNightOrderChange({ stance: c.stance as Stance, triggered: c.triggered ?? false, to: order, ...(c.order ? { from: c.order as Order } : {}) }) : { ok: true as const, rule: 'GM' };
  if (!check.ok && !c.orderDue) refuse(say('percentile.orders.cannot', { command: c.name, reason: check.reason }));
  if (c.order === order && !c.orderDue) refuse(say('percentile.orders.already', { command: c.name, order }));
  // A GM deciding for a command a player holds overrides that player: his ruling, logged as such.
  const byPlayer = playerDecides && mine;
  const ruling = playerDecides && !mine && heldByPlayer(s, c);
  const reason = c.orderDue
    ? byPlayer
      ? say('percentile.orders.reason.passiveBySenior')
      : say('percentile.orders.reason.passiveGmPick')
    : byPlayer
      ? say('percentile.orders.reason.byPlayer')
      : say('percentile.orders.reason.changed');
  return [orderChanged(c, order, c.orderDue ? 'NIGHT-18.22' : check.ok ? check.rule : 'NIGHT-18.22', reason, actor, ruling)];
}

/** Someone plays the command: its player, or a player of its side while it has none. */
const heldByPlayer = (s: BattleState, c: Command) => c.player !== undefined || (s.sides[c.sideId]?.players.length ?? 0) > 0;

const orderChanged = (c: Command, order: string, rule: string, reason: Text, by?: string, gmRuling = false): BattleEvent => ({
  type: 'OrderChanged',
  data: { commandId: c.id, order, ...(c.order ? { from: c.order } : {}), rule, reason, ...(by ? { by } : {}), ...(gmRuling ? { gmRuling } : {}) },
});

/** NIGHT-18.22: a PASSIVE command's order becomes MARCH, ENGAGE or RESERVE; its player picks where the pack maps no senior order. */
export function passiveOrderEvents(c: Command): BattleEvent[] {
  if (c.order && (PASSIVE_ORDERS as readonly string[]).includes(c.order)) return [];
  const p = passiveOrder((c.order as Order | undefined) ?? 'MARCH');
  if (p.order) return [orderChanged(c, p.order, 'NIGHT-18.22', p.reason)];
  return [{ type: 'OrderChangeDue', data: { commandId: c.id, choices: p.choices, reason: p.reason } }];
}

/** What the orders ballot sets off when revealed: each command's new order. */
export const ordersConsequences: Consequences = (s, b, revealed) => {
  if (b.kind !== 'orders') return [];
  return revealed.choices.flatMap((c) => {
    const cmd = s.commands[c.voter];
    return cmd && c.choice && c.choice !== cmd.order ? [orderChanged(cmd, c.choice, 'orders', say('percentile.orders.reason.revealed', { turn: String(b.turn) }))] : [];
  });
};

/** Secret orders still open as the next phase starts (a GM passed over the vote: skip:true) are revealed as they stand. */
export const revealOrders = (s: BattleState): BattleEvent[] => openBallots(s).filter((x) => x.kind === 'orders').flatMap((b) => reveal(s, b, 'phase', ordersConsequences));

export function applyOrderChangeDue(d: BattleState, e: OrdersEventOf<'OrderChangeDue'>): void {
  setCommand(d, e.data.commandId, { orderDue: e.data.choices });
}

export function applyOrderChanged(d: BattleState, e: OrdersEventOf<'OrderChanged'>): void {
  const c = d.commands[e.data.commandId];
  if (c) {
    const { orderDue: _done, ...rest } = c;
    own(d, 'commands')[c.id] = { ...rest, order: e.data.order };
  }
}

const commandName = (s: BattleState, id: string) => s.commands[id]?.name ?? id;

export function describeOrderChangeDue(e: OrdersEventOf<'OrderChangeDue'>, s: BattleState): Text {
  return say('percentile.orders.changeDue', { command: commandName(s, e.data.commandId), choices: e.data.choices.join(', '), reason: e.data.reason });
}

export function describeOrderChanged(e: OrdersEventOf<'OrderChanged'>, s: BattleState): Text {
  return say('percentile.orders.changed', { command: commandName(s, e.data.commandId), hasFrom: e.data.from ? 'yes' : 'no', from: e.data.from ?? '', order: e.data.order, reason: e.data.reason, rule: e.data.rule, gm: e.data.gmRuling ? 'yes' : 'no' });
}
