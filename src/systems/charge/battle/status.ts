import { say, type Text } from '../../../i18n/text.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import { findUnit } from '../../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { closingNow, commas, setUnit, startFigures, unitStatus } from './state.ts';

export type ChargeSetStatus = { type: 'ChargeSetStatus'; unit: string; shaken?: boolean; disordered?: boolean; rout?: 'none' | 'routed' | 'broken'; closing?: number; steps?: number; figuresLost?: number };

export type ChargeStatusChange = { shaken?: boolean; disordered?: boolean; rout?: 'none' | 'routed' | 'broken'; closing?: number; steps?: number; figuresLost?: number };

export type ChargeStatusSet = { type: 'ChargeStatusSet'; data: { unitId: string; at: TurnPosition; change: ChargeStatusChange } };

/** A unit's rout, shaken, disorder and closing casualties of this phase, as a text; undefined when none. */
export function statusText(s: BattleState, u: Unit): Text | undefined {
  const st = unitStatus(s, u.id);
  const parts: Text[] = [
    ...(st.routBroken ? [say('charge.battle.status.state', { state: st.routBroken })] : []),
    ...(st.shaken ? [say('charge.battle.status.state', { state: 'shaken' })] : []),
    ...(st.disordered ? [say('charge.battle.status.state', { state: 'disordered' })] : []),
    ...(closingNow(s, u) ? [say('charge.battle.status.closingNow', { percent: String(closingNow(s, u)) })] : []),
  ];
  return commas(parts);
}

/** What the log cannot know: shaken (the source has no morale rules), a rally, losses ruled, closing casualties. Logged as the GM's. */
export function decideSetStatus(s: BattleState, a: ChargeSetStatus): BattleEvent[] {
  const u = findUnit(s, a.unit);
  const st = unitStatus(s, u.id);
  const change: ChargeStatusChange = {};
  if (a.shaken !== undefined && a.shaken !== !!st.shaken) change.shaken = a.shaken;
  if (a.disordered !== undefined && a.disordered !== !!st.disordered) change.disordered = a.disordered;
  if (a.rout !== undefined && a.rout !== (st.routBroken ?? 'none')) change.rout = a.rout;
  if (a.closing !== undefined) {
    if (!Number.isInteger(a.closing) || a.closing < 0 || a.closing > 100) refuse(say('charge.battle.status.closingWhole', { value: String(a.closing) }));
    if (a.closing !== closingNow(s, u)) change.closing = a.closing;
  }
  if (a.steps !== undefined) {
    if (!Number.isInteger(a.steps) || a.steps < 0) refuse(say('charge.battle.status.stepsWhole', { value: String(a.steps) }));
    if (a.steps !== (st.steps ?? 0)) change.steps = a.steps;
  }
  if (a.figuresLost !== undefined) {
    if (!Number.isInteger(a.figuresLost) || a.figuresLost < 0 || a.figuresLost > startFigures(u)) refuse(say('charge.battle.status.figuresRange', { unit: u.name, n: startFigures(u), max: String(startFigures(u)), value: String(a.figuresLost) }));
    if (a.figuresLost !== (st.figuresLost ?? 0)) change.figuresLost = a.figuresLost;
  }
  if (!Object.keys(change).length) refuse(say('charge.battle.status.nothingToChange', { unit: u.name, status: statusText(s, u) ?? say('charge.battle.status.goodOrder') }));
  return [{ type: 'ChargeStatusSet', data: { unitId: u.id, at: s.position, change } }];
}

export function evolveStatusSet(d: BattleState, e: ChargeStatusSet): void {
  const { change, at } = e.data;
  setUnit(d, e.data.unitId, (st) => {
    const { routBroken: _r, closing: _c, ...rest } = st;
    const rout = change.rout === undefined ? st.routBroken : change.rout === 'none' ? undefined : change.rout;
    const closing = change.closing === undefined ? st.closing : { at, percent: change.closing };
    return {
      ...rest,
      ...(change.shaken !== undefined ? { shaken: change.shaken } : {}),
      ...(change.disordered !== undefined ? { disordered: change.disordered } : {}),
      ...(change.steps !== undefined ? { steps: change.steps } : {}),
      ...(change.figuresLost !== undefined ? { figuresLost: change.figuresLost } : {}),
      ...(rout ? { routBroken: rout } : {}),
      ...(closing ? { closing } : {}),
    };
  });
}

export function describeStatusSet(e: ChargeStatusSet, s: BattleState): Text {
  const c = e.data.change;
  const yes = (b: boolean) => (b ? 'yes' : 'no');
  const words: Text[] = [
    ...(c.shaken !== undefined ? [say('charge.battle.status.setShaken', { value: yes(c.shaken) })] : []),
    ...(c.disordered !== undefined ? [say('charge.battle.status.setDisordered', { value: yes(c.disordered) })] : []),
    ...(c.rout !== undefined ? [say('charge.battle.status.setRout', { value: c.rout })] : []),
    ...(c.closing !== undefined ? [say('charge.battle.status.setClosing', { percent: String(c.closing) })] : []),
    ...(c.steps !== undefined ? [say('charge.battle.status.setSteps', { n: String(c.steps) })] : []),
    ...(c.figuresLost !== undefined ? [say('charge.battle.status.setFigures', { n: String(c.figuresLost) })] : []),
  ];
  return say('charge.battle.status.set', { unit: s.units[e.data.unitId]?.name ?? e.data.unitId, changes: commas(words) ?? '' });
}
