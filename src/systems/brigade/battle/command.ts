import { say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import { findCommand, findUnit, playsCommand, sideName } from '../../../battle/mechanics.ts';
import { mention } from '../../../messages.ts';
import { isGm, type BattleState } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import { brigadePack as pack, markOutOfCommand, type Measure, type OutOfCommandOutcome, type RallyOutcome } from '../index.ts';
import { checkPhase, lines, setUnit, unitsOf } from './state.ts';

/** The Command & Control phase (BRG-1): retreating units rally (BRG-1.1), battalions out of command are marked (BRG-1.3). */
export type CommandControlAction = { type: 'BrigadeOutOfCommand'; brigade: string; toSubGeneral: number; battalions: { unit: string; distance: number }[]; measure?: 'in' | 'cm' };

export type CommandControlEvent =
  | { type: 'BrigadeOutOfCommandMarked'; data: { turn: number; commandId: string; outcome: OutOfCommandOutcome; unitIds: Record<string, string> } }
  | { type: 'BrigadeRallied'; data: { turn: number; outcome: RallyOutcome; unitIds: string[] } };

/** BRG-1.3: battalions more than 4" from their Brigadier, or all of a brigade whose Brigadier is more than 12" from the Sub General. */
export function outOfCommand(s: BattleState, a: CommandControlAction, ctx: DecideContext): BattleEvent[] {
  checkPhase(s, 'BRG-1', say('brigade.command.when'));
  const c = findCommand(s, a.brigade);
  if (!isGm(s, ctx.actor) && !playsCommand(s, ctx.actor, c)) refuse(c.player ? say('brigade.command.notYoursPlayed', { command: c.name, side: sideName(s, c.sideId), player: mention(c.player) }) : say('brigade.command.notYours', { command: c.name, side: sideName(s, c.sideId) }));
  const measure = a.measure ?? 'in';
  const own = unitsOf(s, c);
  const given = a.battalions.map((b) => {
    const u = findUnit(s, b.unit);
    if (u.commandId !== c.id) refuse(say('brigade.command.notBattalion', { unit: u.name, command: c.name }));
    return { unit: u.name, toBrigadier: { value: b.distance, unit: measure } as Measure };
  });
  const missing = own.filter((u) => !given.some((g) => g.unit === u.name));
  if (missing.length) refuse(say('brigade.command.missing', { units: missing.map((u) => u.name).join(', ') }));
  const outcome = markOutOfCommand({ brigades: [{ brigade: c.name, brigadierToSubGeneral: { value: a.toSubGeneral, unit: measure }, battalions: given }], pack });
  return [{ type: 'BrigadeOutOfCommandMarked', data: { turn: s.position.turn, commandId: c.id, outcome, unitIds: Object.fromEntries(own.map((u) => [u.name, u.id])) } }];
}

export function evolveCommandControl(d: BattleState, e: CommandControlEvent): void {
  switch (e.type) {
    case 'BrigadeOutOfCommandMarked':
      for (const [name, id] of Object.entries(e.data.unitIds)) {
        const fx = e.data.outcome.effects.find((x) => x.unit === name);
        setUnit(d, id, (st) => {
          const { outOfCommand: _was, ...rest } = st;
          return fx ? { ...rest, outOfCommand: { turn: e.data.turn, why: fx.why } } : rest;
        });
      }
      return;
    case 'BrigadeRallied':
      for (const id of e.data.unitIds) {
        setUnit(d, id, (st) => {
          const { retreating: _r, ...rest } = st;
          return rest;
        });
      }
      return;
  }
}

export function describeCommandControl(e: CommandControlEvent, s: BattleState): Text {
  switch (e.type) {
    case 'BrigadeOutOfCommandMarked':
      return lines(say('brigade.command.headChecked', { command: s.commands[e.data.commandId]?.name ?? e.data.commandId }), e.data.outcome.steps);
    case 'BrigadeRallied':
      return lines(say('brigade.command.headRally'), e.data.outcome.steps);
  }
}
