import { say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { DiceUsed } from '../../../battle/events.ts';
import { actsFor, findUnit, needDice, sideName, unitSideId } from '../../../battle/mechanics.ts';
import { isGm, type BattleState, type Unit } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { refuse } from '../../../rules/errors.ts';
import { houseNote, houseRule } from '../../../battle/house.ts';
import { MELEE_GRADE_HOUSE, medievalPack as pack, prepareMelee, resolveMelee, type Armour, type GradeRule, type MeleeDerived, type MeleeOutcome, type ModifierChoice, type TroopClass } from '../index.ts';
import { addLosses, checkPhase, figuresNow, lines, options, setUnit, unitStatus, type MedievalUnitStatus } from './state.ts';

/** A round of melee by the Melee Chart, both units striking at once (MED-MELEE, MED-SEQ.13). */

/** One side of a melee as the players give it. */
export interface MeleeSideInput {
  unit: string;
  figures?: number;
  modifiers?: ModifierChoice[];
  charging?: boolean;
  pushedBack?: boolean;
  /** Score needed before modifiers where the Melee Chart has no cell (MED-MELEE source note): a GM's ruling. */
  score?: number;
}

export type MeleeAction = { type: 'MedievalMelee'; attacker: MeleeSideInput; defender: MeleeSideInput };

export interface MeleeSideOutcome extends MeleeOutcome {
  unit: string;
  figures: number;
  derived: MeleeDerived;
  /** Kills applied to the enemy (never more than its figures) and the figures it has left. */
  applied: { losses: number; enemyFiguresLeft: number };
}

export interface MedievalMeleeOutcome {
  rule: 'MED-MELEE';
  attacker: MeleeSideOutcome;
  defender: MeleeSideOutcome;
  dice: { sides: number; result: number }[];
  steps: Text[];
}

export type MeleeEvent = { type: 'MedievalMeleeResolved'; data: { attackerId: string; defenderId: string; at: TurnPosition; outcome: MedievalMeleeOutcome; dice: DiceUsed } };

/**
 * MED-MELEE, MED-SEQ.13: one /melee resolves one round between two units, both sides' figures
 * fighting at once (the kills of each side are rolled from the figures it had when the round began,
 * then applied to both). Automatic kills and part dice as the battle's options (MED-AUTOKILL,
 * MED-PARTDICE). Who won the round the source does not say, so the umpire does not declare it.
 */
export function decideMelee(s: BattleState, a: MeleeAction, ctx: DecideContext): MeleeEvent[] {
  checkPhase(s, 'MED-MELEE', 'melee');
  const att = findUnit(s, a.attacker.unit);
  const def = findUnit(s, a.defender.unit);
  if (att.id === def.id) refuse(say('medieval.melee.itself', { unit: att.name }));
  if (unitSideId(s, att) === unitSideId(s, def)) refuse(say('medieval.melee.sameSide', { attacker: att.name, defender: def.name, side: sideName(s, unitSideId(s, att)) }));
  if (![att, def].some((u) => actsFor(s, ctx.actor, u))) refuse(say('medieval.melee.notYours', { attacker: att.name, defender: def.name }));
  const prepare = (u: Unit, input: MeleeSideInput, enemy: Unit) => {
    const now = figuresNow(s, u);
    if (now === 0) refuse(say('medieval.state.noFiguresLeft', { unit: u.name }));
    if (input.figures !== undefined && input.figures > now) refuse(say('medieval.melee.tooManyFigures', { unit: u.name, now, asked: String(input.figures) }));
    if (u.attrs.melee_weapon === undefined) refuse(say('medieval.melee.noWeapon', { unit: u.name }));
    if (enemy.attrs.armour === undefined) refuse(say('medieval.melee.noArmour', { unit: enemy.name }));
    const derived: MeleeDerived = {
      charging: input.charging ?? false,
      impetuous: unitStatus(s, u.id).impetuous !== undefined,
      pushedBack: input.pushedBack ?? false,
      arm: String(u.attrs.arm),
      opponents: {
        arm: String(enemy.attrs.arm),
        ...(enemy.attrs.order !== undefined ? { order: String(enemy.attrs.order) } : {}),
        ...(enemy.attrs.melee_weapon !== undefined ? { weapon: String(enemy.attrs.melee_weapon) } : {}),
      },
    };
    return { u, enemy, input, figures: input.figures ?? now, derived };
  };
  const sides = [prepare(att, a.attacker, def), prepare(def, a.defender, att)] as const;
  // The grades the Melee Chart has no rows for, as the battle's house rules read them (MED-MELEE source note).
  const houseGrades: Partial<Record<TroopClass, GradeRule>> = {};
  for (const [grade, key] of Object.entries(MELEE_GRADE_HOUSE) as [TroopClass, string][]) {
    const e = houseRule(s, key);
    if (e) houseGrades[grade] = { key, grade: String(e.value) as TroopClass, note: houseNote(e) };
  }
  const dice = needDice(ctx.dice);
  const inputOf = (p: (typeof sides)[number], option: string) => ({
        weapon: String(p.u.attrs.melee_weapon),
        grade: String(p.u.attrs.class) as TroopClass,
        // Cavalry, and mounted infantry fighting on horseback (MED-MELEE-MOD.8), use the mounted rows.
        mounted: p.u.attrs.arm === 'cavalry' || p.u.attrs.arm === 'mounted infantry',
        figures: p.figures,
        targetArmour: String(p.enemy.attrs.armour) as Armour,
        ...(p.input.modifiers ? { modifiers: p.input.modifiers } : {}),
        derived: p.derived,
        ...(p.input.score !== undefined ? { chartScore: p.input.score } : {}),
        scoreOption: option,
        houseGrades,
        gm: isGm(s, ctx.actor),
        by: ctx.actor,
        pack,
        options: { autokill: options(s).autokill ?? false, partDice: options(s).partDice ?? false },
  });
  // The two sides fight at once: both are read, and refused if need be, before either rolls a die.
  const scoreOptions = ['attacker_score', 'defender_score'] as const;
  const prepared = sides.map((p, i) => prepareMelee({ ...inputOf(p, scoreOptions[i]!), dice }));
  const { value: outcomes, dice: used } = dice.take((d) => sides.map((p, i) => resolveMelee({ ...inputOf(p, scoreOptions[i]!), dice: d }, prepared[i])));
  const side = (i: 0 | 1): MeleeSideOutcome => {
    const p = sides[i];
    const o = outcomes[i]!;
    const enemyNow = figuresNow(s, p.enemy);
    const losses = Math.min(o.kills, enemyNow);
    return { ...o, unit: p.u.name, figures: p.figures, derived: p.derived, applied: { losses, enemyFiguresLeft: enemyNow - losses } };
  };
  const attacker = side(0);
  const defender = side(1);
  const outcome: MedievalMeleeOutcome = {
    rule: 'MED-MELEE',
    attacker,
    defender,
    dice: [...attacker.dice, ...defender.dice],
    steps: [
      say('medieval.melee.stepSide', { unit: att.name, figures: attacker.figures, enemy: def.name }),
      ...attacker.steps,
      say('medieval.melee.stepSide', { unit: def.name, figures: defender.figures, enemy: att.name }),
      ...defender.steps,
      say('medieval.melee.stepBoth', { defender: def.name, defenderLosses: String(attacker.applied.losses), defenderLeft: String(attacker.applied.enemyFiguresLeft), attacker: att.name, attackerLosses: String(defender.applied.losses), attackerLeft: String(defender.applied.enemyFiguresLeft) }),
    ],
  };
  return [{ type: 'MedievalMeleeResolved', data: { attackerId: att.id, defenderId: def.id, at: s.position, outcome, dice: used } }];
}

export function evolveMeleeResolved(d: BattleState, e: MeleeEvent): void {
  const { attackerId, defenderId, at, outcome: o } = e.data;
  setUnit(d, defenderId, (st) => fought(addLosses(st, o.attacker.applied.losses), at, o.defender.applied.losses, o.attacker.applied.losses, attackerId));
  setUnit(d, attackerId, (st) => fought(addLosses(st, o.defender.applied.losses), at, o.attacker.applied.losses, o.defender.applied.losses, defenderId));
}

/** A round of melee added to the unit's rounds this turn (MED-MORALE-REASONS.4, MED-CONTROL.1-2). */
function fought(st: MedievalUnitStatus, at: TurnPosition, kills: number, losses: number, enemyId: string): MedievalUnitStatus {
  const m = st.melee?.turn === at.turn ? st.melee : { turn: at.turn, kills: 0, losses: 0, against: [] as string[] };
  return { ...st, melee: { turn: at.turn, kills: m.kills + kills, losses: m.losses + losses, against: m.against.includes(enemyId) ? m.against : [...m.against, enemyId], at } };
}

export function describeMeleeResolved(e: MeleeEvent): Text {
  const o = e.data.outcome;
  return lines(say('medieval.melee.head', { attacker: o.attacker.unit, attackerKills: o.attacker.kills, defender: o.defender.unit, defenderKills: o.defender.kills }), o.steps);
}
