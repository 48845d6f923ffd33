import { isPhrase, say, type Phrase, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import { checkActsFor, checkGmRulings, findUnit, needDice, rulingLine, samePhase, sideName, unitSideId, type Ruling } from '../../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { refuse, ValueNeeded } from '../../../rules/errors.ts';
import {
  fireRefusal,
  MORALE_NOTE,
  resolveFire,
  type FireInput,
  type FireKind,
  type FireOutcome,
  type FirePhase,
  type FirerArm,
  type FiringClass,
  type Formation,
  type Shot,
  type TargetArm,
} from '../index.ts';
import { declaredChargeThisTurn } from './charge.ts';
import { withoutMarker } from './counterbattery.ts';
import { claimFire } from './fire-facts.ts';
import { asked, battleRules } from './house.ts';
import { mfpApplied, mfpCriticalEvents, mfpLevelText, mfpOpenLines, noteMfpOpen, type MfpApplied } from './mfp.ts';
import { checkCombatTime, firePhase, phaseOf } from './phase.ts';
import { cannonOf, figures, figuresNow, GUNS, isGuns, pct, setUnit, status, type FireRecord, type MoraleState, type PercentileUnitStatus } from './state.ts';
import { cited, lines, lossText, moraleText, oneOf, selector } from './words.ts';

/**
 * Percentage-dice fire combat (docs/rules/percentile.md, PCT-11.x) as the battle keeps it: a
 * fire attack with what the log knows, the losses, markers and rounds it leaves, and its working as
 * the log reads it. The Fire Routine itself is resolveFire, a pure function in ../fire.ts.
 */

export const FIRE_KINDS: readonly FireKind[] = ['normal', 'opportunity', 'passby', 'final-shock', 'supportive'];
export const SHOTS: readonly Shot[] = ['roundshot', 'shot', 'shell', 'special'];

export interface PercentileFireAction {
  type: 'PercentileFire';
  firer: string;
  target: string;
  /** Measured, inches. */
  range: number;
  kind: FireKind;
  count?: number;
  zone?: 'minimum' | 'maximum';
  row?: string;
  base?: number;
  modifiers?: { id: string; value?: number }[];
  shot?: Shot;
  firerPosition?: 'open' | 'building' | 'redoubt';
  targetPosition?: 'open' | 'building' | 'redoubt';
  enfiladed?: boolean;
  gapUnder1?: boolean;
  massedBattery?: boolean;
  screened?: boolean;
  officerAttached?: boolean;
  targetCharge?: 'charging' | 'declared-passed';
  artilleryOfficer?: boolean;
  /** GM rulings. */
  counterbattery?: 'A' | 'B';
  noOtherTarget?: boolean;
  doubleSupportive?: boolean;
}

/** The fire outcome as posted: the Fire Routine's plus what the battle supplied and applied. */
export interface PercentileFireOutcome extends FireOutcome {
  firer: string;
  target: string;
  kind: FireKind;
  range: number;
  /** The routine's dice with their purposes; a post replaces `dice` with the event's cursor range (announce.ts). */
  rolled: FireOutcome['dice'];
  derived: {
    turn: number;
    phase: FirePhase;
    phaseName: Text;
    firer: { arm: string; class: string | null; formation: string; morale: MoraleState; strength: number; of: 'figures' | 'cannon' };
    target: { arm: string; formation: string; strength: number; of: 'figures' | 'cannon' | 'train material' };
    earlierAttacksThisPhase: number;
    firedInReciprocalPhases: boolean;
    batteriesOnTarget: number;
    night: { visibility: number | null } | null;
    /** The fire zone from weapon and measured range (PCT-11.32 - 11.37); absent in fire logged before it was derived. */
    zone?: { zone: 'minimum' | 'maximum' | null; rule: string; why: Text; ruled: boolean };
    /** Rounds left before this fire where the roster gives `ammunition` (PCT-11.23.5). */
    ammunitionLeft?: number;
  };
  /** GM rulings against what the battle derived (mechanics.ts `claim`); absent when none. */
  rulings?: Ruling[];
  /** Steps the rules leave to the GM that this fire calls for (PCT-11.78, 11.79, 11.86). */
  gmSteps?: Text[];
  applied: {
    losses: number;
    lossKind: FireOutcome['lossKind'];
    targetLeft: number;
    moraleCheckDue: boolean;
    mfp: MfpApplied | null;
    markersPlaced: ('A' | 'B')[];
    /** Markers the firer's fire at an enemy battery cleared (PCT-11.76.a, 11.77.a). */
    markersCleared: ('A' | 'B')[];
    rounds: { shot: Shot; fired: number } | null;
  };
}

export type FireEvent = {
  type: 'PercentileFireResolved';
  data: { firerId: string; targetId: string; targetSideId: string; at: TurnPosition; outcome: PercentileFireOutcome; dice: DiceUsed };
};

const MAX_CHART_NUMBER = 100000;

/** The formation a fire attack needs, or a refusal naming the /unit set that gives it. */
function formationOf(u: Unit): Formation {
  if (u.attrs.formation === undefined) refuse(say('percentile.fire.noFormation', { unit: u.name }));
  return String(u.attrs.formation) as Formation;
}

/** PCT-11.15 / 11.16 with everything the log knows; the Fire Routine itself is resolveFire. */
export function decideFire(s: BattleState, a: PercentileFireAction, ctx: DecideContext): BattleEvent[] {
  const firer = findUnit(s, a.firer);
  const target = findUnit(s, a.target);
  checkActsFor(s, ctx.actor, firer, say('percentile.actsFor.fire'));
  checkCombatTime(s);
  if (firer.id === target.id) refuse(say('percentile.fire.itself', { unit: firer.name }));
  const firerSide = unitSideId(s, firer);
  const targetSide = unitSideId(s, target);
  if (firerSide === targetSide) refuse(say('percentile.fire.sameSide', { firer: firer.name, target: target.name, side: sideName(s, firerSide) }));
  if (!(Number.isFinite(a.range) && a.range >= 0)) refuse(say('percentile.fire.range', { got: String(a.range) }));
  if (!FIRE_KINDS.includes(a.kind)) refuse(oneOf('kind', FIRE_KINDS, a.kind));
  // The routine keeps exact fractions of the numbers as written; 1e21 or 1e-7 are no chart values.
  for (const [what, v] of [['base', a.base], ...(a.modifiers ?? []).map((m) => [m.id, m.value] as const)] as const) {
    if (v !== undefined && !(Number.isFinite(v) && Math.abs(v) <= MAX_CHART_NUMBER && !/e/i.test(String(v)))) refuse(say('percentile.fire.chartNumber', { what, max: String(MAX_CHART_NUMBER), got: String(v) }));
  }
  const gmOnly = [a.counterbattery !== undefined ? 'counterbattery' : '', a.noOtherTarget !== undefined ? 'no_other_target' : '', a.doubleSupportive !== undefined ? 'double_supportive' : ''].filter(Boolean);
  checkGmRulings(s, ctx.actor, gmOnly, 'PCT-11.28, 11.76, 11.85', say('percentile.actsFor.fireIt'));
  if (a.counterbattery !== undefined && !(isGuns(target) || target.attrs.arm === 'train')) {
    refuse(say('percentile.fire.markerTarget', { unit: target.name, arm: String(target.attrs.arm) }));
  }

  const at = s.position;
  const phase = firePhase(at);
  const fst = status(s, firer.id);
  const artillery = isGuns(firer);
  const onGuns = artillery && (isGuns(target) || target.attrs.arm === 'train');
  const firerStrength = artillery ? cannonOf(s, firer) : figuresNow(s, firer);
  if (firerStrength === 0) refuse(say('percentile.fire.nothingToFire', { unit: firer.name, guns: artillery ? 'yes' : 'no' }));
  // PCT-11.74: artillery fire on guns takes cannon; on a train its material; else figures.
  const targetOf: PercentileFireOutcome['derived']['target']['of'] = onGuns ? (target.attrs.arm === 'train' ? 'train material' : 'cannon') : 'figures';
  const targetStrength = targetOf === 'cannon' ? cannonOf(s, target) : figuresNow(s, target);
  if (targetStrength === 0) refuse(say('percentile.fire.nothingLeft', { unit: target.name, of: selector(targetOf) }));
  const charging = declaredChargeThisTurn(s, firer.id);
  const targetCharging = declaredChargeThisTurn(s, target.id);
  // PCT-11.23.5: rounds issued less rounds fired and lost, where the roster gives them.
  const ammunitionLeft = firer.attrs.ammunition === undefined ? undefined : Math.max(0, Number(firer.attrs.ammunition) - Object.values(fst.rounds ?? {}).reduce((x, y) => x + y, 0) - (fst.roundsLost ?? 0));
  // PCT-11.79: a battery's howitzer is destroyed first, so cannon lost come off its howitzers.
  const howitzers = firer.attrs.howitzers === undefined ? null : Math.max(0, Number(firer.attrs.howitzers) - (fst.cannonLost ?? 0));
  const passbyOnTarget = (pct(s).passby ?? []).some((x) => x.firerId === firer.id && x.targetId === target.id && x.turn >= at.turn - 1);

  // From the log: this turn's attacks (PCT-11.87, 11.25, 11.28).
  const attacks = pct(s).attacks.filter((x) => x.at.turn === at.turn);
  const earlier = attacks.filter((x) => x.firerId === firer.id && samePhase(x.at, at)).length;
  const firedInReciprocal = attacks.some((x) => x.firerId === firer.id && firePhase(x.at) !== 'other');
  const batteries = new Set(attacks.filter((x) => x.targetId === target.id && x.artillery && x.firerId !== firer.id && samePhase(x.at, at)).map((x) => x.firerId)).size;
  const night = at.period === 'night' ? { visibility: pct(s).night.visibility ?? null } : undefined;

  const base: FireInput = {
    firer: {
      arm: firerArm(firer),
      ...(firer.attrs.class !== undefined ? { class: String(firer.attrs.class) as FiringClass } : {}),
      formation: formationOf(firer),
      morale: fst.morale ?? 'good',
      strength: firerStrength,
      ...(charging ? { charging: true } : {}),
      ...(artillery ? { crewed: figuresNow(s, firer) > 0 } : {}),
      ...(a.firerPosition ? { position: a.firerPosition } : {}),
      ...(a.artilleryOfficer ? { artilleryOfficer: true } : {}),
      ...(firer.attrs.gun !== undefined ? { gun: String(firer.attrs.gun) } : {}),
      ...(a.shot ? { shot: a.shot } : {}),
      ...(ammunitionLeft !== undefined ? { ammunition: ammunitionLeft } : {}),
      ...(howitzers !== null ? { howitzers } : {}),
      ...(firer.attrs.rating === 'militia' ? { militia: true } : {}),
    },
    target: {
      arm: targetArm(target),
      formation: formationOf(target),
      strength: targetStrength,
      figures: figuresNow(s, target),
      ...(isGuns(target) ? { crewed: figuresNow(s, target) > 0 } : {}),
      ...(a.targetPosition ? { position: a.targetPosition } : {}),
      ...(targetCharging ? { charging: true } : {}),
      ...(a.officerAttached ? { officerAttached: true } : {}),
      ...(a.screened ? { screened: true } : {}),
      ...(a.enfiladed ? { enfiladed: true } : {}),
      ...(a.gapUnder1 ? { gapUnder1: true } : {}),
      ...(a.massedBattery ? { massedBattery: true } : {}),
    },
    range: a.range,
    kind: a.kind,
    phase,
    earlierAttacksThisPhase: earlier,
    firedInReciprocalPhases: firedInReciprocal,
    batteriesOnTarget: batteries,
    shockCombat: phaseOf(at).id === 'shock-combat',
    ...(passbyOnTarget ? { passbyOnTarget: true } : {}),
    ...(status(s, firer.id).replaced?.turn === at.turn ? { replacement: true } : {}),
    ...(a.count !== undefined ? { count: a.count } : {}),
    ...(a.row ? { row: a.row } : {}),
    ...(a.base !== undefined ? { base: a.base } : {}),
    ...(a.modifiers?.length ? { modifiers: a.modifiers } : {}),
    ...(night ? { night } : {}),
    ...(a.counterbattery ? { counterbattery: a.counterbattery } : {}),
    ...(a.noOtherTarget !== undefined || a.doubleSupportive !== undefined
      ? { gm: { ...(a.noOtherTarget !== undefined ? { noOtherTarget: a.noOtherTarget } : {}), ...(a.doubleSupportive !== undefined ? { doubleSupportive: a.doubleSupportive } : {}) } }
      : {}),
  };
  // The pack with this battle's house rules in place of the values the seeds leave open.
  const rules = battleRules(s);
  // PCT-11.22 - 11.28: a unit that may not fire at all is refused before the range and the claims are read.
  const never = fireRefusal({ ...base, modifiers: [] }, rules);
  if (never) refuse(say('percentile.fire.mayNot', { firer: firer.name, target: target.name, why: withRule(never.reason, never.rule) }));
  // What the battle knows is not the player's to claim; a GM's claim is a ruling (fire-facts.ts).
  const { input, rulings, zone } = claimFire(s, ctx.actor, a, { input: base, weapon: firer.attrs.weapon === undefined ? undefined : String(firer.attrs.weapon), howitzers, targetCharging, night: night !== undefined, zones: rules.fire.zones });

  // Nothing is rolled for a refusal or a question (resolveFire), so the cursor only moves when resolved.
  const { value: result, dice: used } = needDice(ctx.dice).take((d) => resolveFire(input, d, rules));
  if (result.status === 'refused') refuse(say('percentile.fire.mayNot', { firer: firer.name, target: target.name, why: withRule(result.reason, result.rule) }));
  if (result.status === 'needsGm') {
    throw new ValueNeeded(
      say('percentile.fire.needs', { question: withRule(result.question, result.rule), answer: answeredBy(result.rule, result.house) }),
      result.house ? say('percentile.fire.needHouse', { key: result.house }) : say('percentile.fire.needGm', { rule: result.rule }),
    );
  }

  const mfp = mfpApplied(s, targetSide, result.mfpChange.points);
  const shot = input.firer.shot ?? 'roundshot';
  const gmSteps = fireGmSteps(target, targetOf, targetStrength, result.losses, figures(target));
  const outcome: PercentileFireOutcome = {
    ...result,
    firer: firer.name,
    target: target.name,
    kind: a.kind,
    range: a.range,
    rolled: result.dice,
    derived: {
      turn: at.turn,
      phase,
      phaseName: phaseOf(at).name,
      firer: { arm: input.firer.arm, class: input.firer.class ?? null, formation: input.firer.formation, morale: input.firer.morale, strength: firerStrength, of: artillery ? 'cannon' : 'figures' },
      target: { arm: input.target.arm, formation: input.target.formation, strength: targetStrength, of: targetOf },
      earlierAttacksThisPhase: earlier,
      firedInReciprocalPhases: firedInReciprocal,
      batteriesOnTarget: batteries,
      night: night ?? null,
      zone,
      ...(ammunitionLeft !== undefined ? { ammunitionLeft } : {}),
    },
    ...(rulings.length ? { rulings } : {}),
    ...(gmSteps.length ? { gmSteps } : {}),
    applied: {
      losses: result.losses,
      lossKind: result.lossKind,
      targetLeft: targetStrength - result.losses,
      moraleCheckDue: result.moraleCheckDue,
      mfp,
      markersPlaced: result.markers.map((m) => (m.marker === 'counterbattery-A' ? 'A' : 'B')),
      markersCleared: isGuns(target) ? (fst.markers ?? []).map((m) => m.marker) : [],
      // The roster's rounds are not a pack attribute (packs hold at most 10), so the umpire counts rounds fired.
      rounds: artillery ? { shot, fired: (fst.rounds?.[shot] ?? 0) + 1 } : null,
    },
  };
  const events: BattleEvent[] = [{ type: 'PercentileFireResolved', data: { firerId: firer.id, targetId: target.id, targetSideId: targetSide, at, outcome, dice: used } }];
  if (mfp) events.push(...mfpCriticalEvents(s, targetSide, mfp.to));
  return events;
}

/** The roster's arm as the Fire Routine reads it: a headquarters base (PCT-11.23.1). */
function firerArm(u: Unit): FirerArm {
  const arm = String(u.attrs.arm);
  return (arm === 'headquarters' ? 'hq' : arm) as FirerArm;
}
/** A target's arm: regimental guns are hit through their crew figures, like a crew-only unit. */
function targetArm(u: Unit): TargetArm {
  const arm = String(u.attrs.arm);
  return (arm === 'headquarters' ? 'hq' : arm === 'regimental artillery' ? 'artillery crew' : arm) as TargetArm;
}

/**
 * What the rules leave to the GM after a fire's losses: who in a shared square loses (PCT-11.78: the
 * battle keeps one unit per square) and the 50% conventions of PCT-11.79 (the light skirmish and
 * regimental artillery crew figures inside a battalion are not on the roster).
 */
function fireGmSteps(target: Unit, of: 'figures' | 'cannon' | 'train material', before: number, lost: number, all: number): Text[] {
  if (lost === 0) return [];
  const out: Text[] = [];
  if (target.attrs.formation === 'square' && of === 'figures') out.push(say('percentile.fire.gmSquare', { unit: target.name }));
  if (of === 'figures' && target.attrs.arm === 'infantry' && before * 2 > all && (before - lost) * 2 <= all) out.push(say('percentile.fire.gmHalf', { unit: target.name }));
  if (of === 'cannon' && Number(target.attrs.howitzers ?? 0) > 0) out.push(say('percentile.fire.gmHowitzer', { unit: target.name }));
  return out;
}

/** A kept text with its rule where it does not cite it; a phrase cites its own. */
const withRule = (text: Text, rule: string): Text => (typeof text !== 'string' || text.includes(rule.replace(/^[A-Z]+-/, '')) ? text : `${text} (${rule})`);

/** What answers a question the Fire Routine put to the GM: an option of /fire percentile, and the house rule (`house`) that settles it for the battle. */
function answeredBy(rule: string, house: string | undefined): Text {
  if (/step[78]$/.test(rule)) return say('percentile.fire.answerBase');
  if (rule === 'NIGHT-18.51') return say('percentile.fire.answerNight');
  const atFire =
    rule === 'PCT-11.85'
      ? say('percentile.fire.answerSupportive')
      : house === 'over-200'
        ? say('percentile.fire.answerOver200')
        : house === 'modifier.maximum-roundshot' || house === 'modifier.indirect'
          ? say('percentile.fire.answerModifier')
          : undefined;
  if (!house) return atFire ? say('percentile.fire.answerAtFire', { how: atFire }) : '';
  return atFire ? say('percentile.fire.answerOrHouse', { how: atFire, house: asked(house) }) : say('percentile.fire.answerHouse', { house: asked(house) });
}

export function applyFireResolved(d: BattleState, e: FireEvent): void {
  const { firerId, targetId, targetSideId, at, outcome } = e.data;
  const { applied } = outcome;
  setUnit(d, firerId, (st) => {
    let next = st;
    for (const m of applied.markersCleared) next = withoutMarker(next, m);
    return applied.rounds ? { ...next, rounds: { ...next.rounds, [applied.rounds.shot]: applied.rounds.fired } } : next;
  });
  setUnit(d, targetId, (st) => {
    const kind = applied.lossKind;
    const add = (n: number | undefined) => (n ?? 0) + applied.losses;
    let next: PercentileUnitStatus = kind === 'cannon' ? { ...st, cannonLost: add(st.cannonLost) } : kind === 'train material' ? { ...st, materialLost: add(st.materialLost) } : { ...st, losses: add(st.losses) };
    if (applied.moraleCheckDue) next = { ...next, moraleDue: { since: at, losses: (st.moraleDue?.losses ?? 0) + applied.losses } };
    for (const m of outcome.markers) {
      const marker = m.marker === 'counterbattery-A' ? 'A' : 'B';
      next = { ...next, markers: [...(withoutMarker(next, marker).markers ?? []), { marker, since: at, placedBy: m.placedBy, byId: firerId }] };
    }
    return next;
  });
  const attack: FireRecord = { firerId, targetId, at, artillery: GUNS.includes(outcome.derived.firer.arm) };
  const night = pct(d).night;
  d.rules = {
    ...pct(d),
    attacks: [...pct(d).attacks, attack],
    // NIGHT-18.24.a reads the night's fire from the log.
    ...(at.period === 'night' ? { night: { ...night, nightFire: [...(night.nightFire ?? []), { firerId, targetId, at }] } } : {}),
    ...(outcome.kind === 'passby' ? { passby: [...(pct(d).passby ?? []), { firerId, targetId, turn: at.turn }] } : {}),
    ...(applied.mfp ? { mfp: { ...pct(d).mfp, [targetSideId]: applied.mfp.to } } : {}),
  };
  noteMfpOpen(d, outcome.mfpChange);
}

/** The step labels (../fire.ts) that show their step's value, so the working does not repeat it. */
const SHOWS_VALUE = new Set([
  'percentile.fire.stepTarget',
  'percentile.fire.stepLine',
  'percentile.count.battery',
  'percentile.count.skirmish',
  'percentile.count.half',
  'percentile.count.angle',
  'percentile.fire.stepModifier',
  'percentile.fire.stepAttack',
  'percentile.fire.stepRaised',
  'percentile.fire.stepRoll',
  'percentile.fire.stepRemainder',
  'percentile.fire.stepOfficer',
  'percentile.mfp.change',
]);

/** Whether a step's label (a phrase, perhaps with a house rule cited) shows the step's value. */
function showsValue(label: Phrase): boolean {
  const v = label.values ?? {};
  if (label.key === 'percentile.words.cited') return isPhrase(v.text) && showsValue(v.text);
  if (label.key === 'percentile.count.square') return v.limited !== 'yes';
  if (label.key === 'percentile.fire.stepModified') return v.raised === 'yes';
  return SHOWS_VALUE.has(label.key);
}

/** A step as a player checks it: the label, the value where the label does not show it, the rule. An old log's label is a string, searched for the value. */
function stepText(st: FireOutcome['steps'][number]): Text {
  if (typeof st.label !== 'string') return say('percentile.fire.step', { label: st.label, shown: isPhrase(st.label) && showsValue(st.label) ? 'yes' : 'no', value: String(st.value), rule: st.rule });
  const shown = typeof st.value === 'string' ? st.label.includes(st.value) : new RegExp(`(^|-> |= |\\(|d100 |[+-])${st.value}(\\D|$)`).test(st.label);
  return `${st.label}${shown ? '' : ` = ${st.value}`} (${st.rule})`;
}

/** The full working of one fire attack, line by line, every number from the outcome; `s` the state before it. */
export function describeFireResolved(e: FireEvent, s: BattleState): Text {
  const o = e.data.outcome;
  const dv = o.derived;
  const ap = o.applied;
  const position = say('percentile.phase.position', { turn: String(dv.turn), phase: dv.phaseName });
  const result = o.losses ? say('percentile.fire.lost', { lost: lossText(o.losses, o.lossKind) }) : say('percentile.fire.noLoss');
  const head = say('percentile.fire.head', { firer: o.firer, target: o.target, rule: o.rule, kind: selector(o.kind), range: String(o.range), position, result });
  const body: Text[] = [
    say('percentile.fire.fromLogUnits', {
      firer: o.firer,
      firerArm: dv.firer.arm,
      class: dv.firer.class ? dv.firer.class : 'none',
      firerFormation: dv.firer.formation,
      morale: moraleText(dv.firer.morale),
      firerStrength: lossText(dv.firer.strength, dv.firer.of),
      target: o.target,
      targetArm: dv.target.arm,
      targetFormation: dv.target.formation,
      targetStrength: lossText(dv.target.strength, dv.target.of),
    }),
    say('percentile.fire.fromLogAttacks', {
      earlier: dv.earlierAttacksThisPhase,
      firer: o.firer,
      reciprocal: dv.phase === 'other' ? 'none' : dv.firedInReciprocalPhases ? 'yes' : 'no',
      guns: dv.firer.of === 'cannon' ? 'yes' : 'no',
      batteries: dv.batteriesOnTarget,
      target: o.target,
    }),
    ...(dv.night ? [say('percentile.fire.night', { visibility: String(dv.night.visibility) })] : []),
    ...(dv.zone ? [say('percentile.fire.zone', { ruled: dv.zone.ruled ? 'yes' : 'no', zone: dv.zone.zone ?? 'none', why: dv.zone.why, rule: dv.zone.rule })] : []),
    ...(dv.ammunitionLeft !== undefined ? [say('percentile.fire.ammunition', { firer: o.firer, n: dv.ammunitionLeft })] : []),
    ...(o.rulings ?? []).map(rulingLine),
    ...o.steps.map(stepText),
    ...(o.criticalHit ? [o.criticalHit.text] : []),
    ...(o.randomOfficerHit ? [o.randomOfficerHit.text] : []),
    ap.losses
      ? say('percentile.fire.leftLost', { target: o.target, left: lossText(ap.targetLeft, dv.target.of), lost: lossText(ap.losses, ap.lossKind), rule: ap.lossKind === 'figures' ? o.rule : 'PCT-11.74' })
      : say('percentile.fire.left', { target: o.target, left: lossText(ap.targetLeft, dv.target.of) }),
    ...(ap.moraleCheckDue ? [say('percentile.fire.moraleDue', { target: o.target })] : []),
    ...(ap.mfp ? [cited(mfpLevelText(ap.mfp), 'PCT-11.73')] : []),
    ...mfpOpenLines(o.mfpChange, s),
    ...ap.markersPlaced.map((x) => say('percentile.fire.markerPlaced', { marker: x, target: o.target, rule: x === 'A' ? 'PCT-11.76' : 'PCT-11.77' })),
    ...ap.markersCleared.map((x) => say('percentile.fire.markerCleared', { marker: x, firer: o.firer, rule: x === 'A' ? 'PCT-11.76.a' : 'PCT-11.77.a' })),
    ...(ap.rounds ? [say('percentile.fire.rounds', { firer: o.firer, shot: ap.rounds.shot, n: String(ap.rounds.fired) })] : []),
    ...o.notes.filter((n) => !(ap.moraleCheckDue && (typeof n === 'string' ? n.startsWith('Morale check due') : isPhrase(n) && n.key === MORALE_NOTE))),
    ...(o.gmSteps ?? []),
  ];
  return lines(head, body);
}
