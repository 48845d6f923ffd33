import { either, say, type Text } from '../../i18n/text.ts';
import { refuse } from '../../rules/errors.ts';
import { rollFactor } from './factor.ts';
import { applyModifiers, droppedLines, modifierLine, sumModifiers, type AppliedModifier, type ModifierChoice } from './modifiers.ts';
import type { FireKind, MedievalPack, MoraleColumn, MoraleResult } from './pack-schema.ts';
import { recorder, signed, type Dice, type Outcome, type Recorder } from '../../rules/outcome.ts';
import type { TestingUnit } from './unit.ts';
import { packText, rowText } from './words.ts';

/**
 * The Morale Test (MED-MORALE-REASONS, MED-MORALE, MED-MORALE-MOD, MED-MORALE-RESULT,
 * MED-MORALE-EFFECTS): one test per unit per phase, for the highest-priority reason; a d10 gives a
 * factor (1-2 +1 ... 9-10 +5), the factors are added (no clamp: the bands are open-ended), and the
 * result is looked up by total and the reason's column. The effect is returned as a structured
 * value for the battle to apply; artillery falling back in disorder throws its own d10
 * (MED-MORALE-EFFECTS.2c). The one-test-per-phase rule is the battle's to keep (it knows the phase).
 *
 * Which column a reason uses the source does not say: the pack maps reason 3 to "Receiving" or
 * "Evading" by what the unit means to do, reason 10 to "Rally from a Rout" (rallying) or "All
 * other" (restoring Obey Orders), reason 2 to "Losing Casualties while Charging", the rest to "All
 * other Reasons".
 */

export type MoraleIntent = 'receive' | 'evade' | 'rally' | 'restore';

export interface MoraleReasonChoice {
  /** MED-MORALE-REASONS.1 to .12. */
  id: string;
  /** Reason 3: receive or evade the charge; reason 10: rally from a rout or restore Obey Orders. */
  intent?: MoraleIntent;
}

export interface MoraleDerived {
  /** Full tenths of the original figure-strength lost: MED-MORALE-MOD.33 each. */
  lossesTenths?: number;
  /** Which original they count from, in words: "5 of the 19 figures it began this battle with" (issue 41: a campaign's unit may begin one below its roster's strength). */
  lossesOf?: Text;
  /** The contingent commander is killed, wounded or not in sight: MED-MORALE-MOD.28. */
  commanderDead?: boolean;
  /** Friendly units routing / falling back within 150yds: MED-MORALE-MOD.6 each. */
  friendsRoutingNearby?: number;
  /** Impetuous after a failed Control Test: MED-MORALE-MOD.11. */
  impetuous?: boolean;
  /** Fired at the enemy this or last Game Turn: MED-MORALE-MOD.16. */
  firedRecently?: boolean;
  /** Fired on this Game Turn or last, the latest fire of each kind: MED-MORALE-MOD.18, .20, .22. */
  underFire?: { kind: FireKind; by: string; when: Text }[];
}

export interface MoraleInput {
  reasons: readonly MoraleReasonChoice[];
  unit: TestingUnit;
  modifiers?: readonly ModifierChoice[];
  derived?: MoraleDerived;
  /** Who chose the modifiers, when the battle asks: a derived one is a player's claim (refused) or a GM's ruling. */
  gm?: boolean;
  dice: Dice;
  pack: MedievalPack;
}

export type TroopKind = 'infantry' | 'cavalry' | 'skirmish' | 'artillery' | 'other';

/** What the result does to the unit, for the battle to apply; `text` quotes the effect rules. */
export interface MoraleEffect {
  result: MoraleResult;
  name: Text;
  /** MED-MORALE-EFFECTS lines that apply to this unit (none for the receive-charge results). */
  rules: string[];
  text: Text[];
  /** true: becomes (or stays) disordered; false: not disordered by this; null: unchanged. */
  disordered: boolean | null;
  routing: boolean;
  /** A routing unit is "rallied" (MED-MORALE-EFFECTS.2a, .4a). */
  rallied: boolean;
  /** Fall-back distance, facing the enemy (MED-MORALE-EFFECTS.2a, .3a); null where not given. */
  fallBack: { cm: number | null; in: number } | null;
  mayFire: 'yes' | 'no' | 'half';
  advance: 'free' | 'none' | 'half';
  /** Artillery: abandons its guns (rout, or 1-5 on MED-MORALE-EFFECTS.2c). */
  abandonGuns?: boolean;
  /** Artillery falling back without abandoning: manhandle the guns back or limber (.2c, .3c). */
  artilleryChoice?: 'manhandle-or-limber';
  artilleryRoll?: number;
  /** "Rout when enemy makes contact": the unit routs on contact. */
  routsOnContact?: boolean;
  note?: Text;
}

export interface MoraleOutcome extends Outcome {
  rule: 'MED-MORALE';
  reason: { id: string; priority: number; text: Text; intent?: MoraleIntent };
  /** The lower-priority reasons this one test covers (MED-MORALE.3). */
  covers: string[];
  column: MoraleColumn;
  roll: number;
  factor: number;
  modifiers: AppliedModifier[];
  total: number;
  /** The MED-MORALE-RESULT row and cell. */
  row: string;
  result: MoraleResult;
  effect: MoraleEffect;
}

export function troopKind(unit: TestingUnit): TroopKind {
  if (unit.arm === 'artillery') return 'artillery';
  if (unit.order === 'skirmish') return 'skirmish';
  if (unit.arm === 'infantry' || unit.arm === 'cavalry') return unit.arm;
  return 'other';
}

const FALLING_BACK_IN_DISORDER = 'MED-MORALE-MOD.21';
const GUNNERS = 'MED-MORALE-MOD.7';

/** What the umpire knows, as MED-MORALE-MOD rows; `chosen` are the player's, for what they exclude. */
export function moraleDerivedModifiers(unit: TestingUnit, derived: MoraleDerived, pack: MedievalPack, chosen: readonly ModifierChoice[] = []): ModifierChoice[] {
  const out: ModifierChoice[] = [];
  const cls = unit.class;
  if (cls) {
    const row = pack.morale.modifiers.find((m) => m.derivable && m.classes?.includes(cls));
    if (row) out.push({ id: row.id });
  }
  // "D class troops or Artillery Gunners" (MED-MORALE-MOD.7): artillery of any class, once.
  if (unit.arm === 'artillery' && !out.some((m) => m.id === GUNNERS)) out.push({ id: GUNNERS });
  const friends = derived.friendsRoutingNearby ?? 0;
  if (!Number.isInteger(friends) || friends < 0) refuse(say('medieval.morale.friendsRouting', { got: String(friends) }));
  if (friends > 0) out.push({ id: 'MED-MORALE-MOD.6', count: friends });
  if (derived.commanderDead) out.push({ id: 'MED-MORALE-MOD.28' });
  const tenths = derived.lossesTenths ?? 0;
  if (!Number.isInteger(tenths) || tenths < 0 || tenths > 10) refuse(say('medieval.rules.tenths', { got: String(tenths) }));
  if (tenths > 0) out.push({ id: 'MED-MORALE-MOD.33', count: tenths, ...(derived.lossesOf ? { source: derived.lossesOf } : {}) });
  if (derived.impetuous) out.push({ id: 'MED-MORALE-MOD.11' });
  if (derived.firedRecently) out.push({ id: 'MED-MORALE-MOD.16' });
  for (const f of derived.underFire ?? []) {
    const row = pack.morale.modifiers.find((m) => m.underFire === f.kind);
    if (row) out.push({ id: row.id, source: say('medieval.morale.firedOn', { by: f.by, when: f.when }) });
  }
  if (unit.routing) out.push({ id: 'MED-MORALE-MOD.23' });
  // "Disordered (but also charging, advancing or halted)": not a routing unit (.23), nor one falling back in disorder (.21).
  else if (unit.disordered && !chosen.some((m) => m.id === FALLING_BACK_IN_DISORDER && !m.exclude)) out.push({ id: 'MED-MORALE-MOD.25' });
  // From the roster: artillery, wagons, skirmish or loose order (.27); formed infantry in a hedgehog or stand of pike (.29).
  if (unit.arm === 'artillery' || unit.arm === 'wagons' || unit.order === 'skirmish' || unit.order === 'loose') out.push({ id: 'MED-MORALE-MOD.27' });
  if (unit.arm === 'infantry' && (unit.formation === 'hedgehog' || unit.formation === 'stand-of-pike')) out.push({ id: 'MED-MORALE-MOD.29' });
  return out;
}

const texts = (pack: MedievalPack, ids: string[]): Text[] =>
  ids.map((id) => {
    const row = pack.morale.effects.text.find((t) => t.id === id);
    return say('medieval.morale.effectLine', { id, text: row ? rowText('effect', row) : '' });
  });

/** A result's name in the reader's words ("Fall back in good order"). */
export const resultName = (pack: MedievalPack, result: MoraleResult): Text => packText('resultName', result, pack.morale.resultNames[result]);

/** MED-MORALE-EFFECTS for a result and unit; artillery falling back in disorder rolls its d10 (.2c). */
export function moraleEffect(result: MoraleResult, unit: TestingUnit, pack: MedievalPack, rec: Recorder): MoraleEffect {
  const kind = troopKind(unit);
  const name = resultName(pack, result);
  const fx = pack.morale.effects;
  const distance = kind === 'infantry' || kind === 'cavalry' ? fx.fallBack[kind] : null;
  const base = { result, name, disordered: null, routing: false, rallied: false, fallBack: null, mayFire: 'yes', advance: 'free' } as const;
  const make = (e: Partial<MoraleEffect> & { rules: string[] }): MoraleEffect => ({ ...base, ...e, text: texts(pack, e.rules) });
  switch (result) {
    case 'rout':
      return make({
        rules: kind === 'artillery' ? ['MED-MORALE-EFFECTS.1a', 'MED-MORALE-EFFECTS.1b', 'MED-MORALE-EFFECTS.1c'] : ['MED-MORALE-EFFECTS.1a', 'MED-MORALE-EFFECTS.1b'],
        disordered: true,
        routing: true,
        mayFire: 'no',
        advance: 'none',
        ...(kind === 'artillery' ? { abandonGuns: true } : {}),
        note: say('medieval.morale.noteRout'),
      });
    case 'fall-back-disorder': {
      if (kind === 'skirmish') return make({ rules: ['MED-MORALE-EFFECTS.2b'], disordered: false, rallied: !!unit.routing, mayFire: 'no' });
      if (kind === 'artillery') {
        const a = fx.artilleryFallBackDisorder;
        const roll = rec.roll(a.die);
        const abandon = roll <= a.abandonAtMost;
        return make({ rules: ['MED-MORALE-EFFECTS.2c'], artilleryRoll: roll, abandonGuns: abandon, ...(abandon ? {} : { artilleryChoice: 'manhandle-or-limber' as const }) });
      }
      return make({
        rules: ['MED-MORALE-EFFECTS.2a'],
        disordered: true,
        rallied: !!unit.routing,
        fallBack: distance,
        ...(distance ? {} : { note: say('medieval.morale.noteFallBack', { arm: unit.arm }) }),
      });
    }
    case 'fall-back-good-order':
      if (kind === 'skirmish') return make({ rules: ['MED-MORALE-EFFECTS.3b'], disordered: false, mayFire: 'half' });
      if (kind === 'artillery') return make({ rules: ['MED-MORALE-EFFECTS.3c'], artilleryChoice: 'manhandle-or-limber' });
      return make({ rules: ['MED-MORALE-EFFECTS.3a'], fallBack: distance, ...(distance ? {} : { note: say('medieval.morale.noteFallBack', { arm: unit.arm }) }) });
    case 'no-advance':
      if (unit.charging || unit.routing) {
        return make({
          rules: ['MED-MORALE-EFFECTS.4a'],
          disordered: true,
          rallied: !!unit.routing,
          advance: 'none',
          ...(unit.charging ? { note: say('medieval.morale.noteHalts') } : { note: say('medieval.morale.noteDisordered') }),
        });
      }
      return make({ rules: [kind === 'skirmish' || kind === 'artillery' ? 'MED-MORALE-EFFECTS.4c' : 'MED-MORALE-EFFECTS.4b'], advance: 'none' });
    case 'half-speed':
      if (unit.charging || unit.advancing) return make({ rules: ['MED-MORALE-EFFECTS.5a'], note: say('medieval.morale.noteChargeSpeed') });
      return make({ rules: ['MED-MORALE-EFFECTS.5b', 'MED-MORALE-EFFECTS.5c'], advance: 'half' });
    case 'act-as-ordered':
      return make({ rules: ['MED-MORALE-EFFECTS.6a'] });
    case 'receive-good-order':
      return make({ rules: [], note: say('medieval.morale.noteNoText') });
    case 'receive-disorder':
      return make({ rules: [], disordered: true, note: say('medieval.morale.noteReceiveDisorder') });
    case 'rout-on-contact':
      return make({ rules: [], routsOnContact: true, note: say('medieval.morale.noteRoutOnContact') });
  }
}

export function moraleTest(input: MoraleInput): MoraleOutcome {
  const { pack, unit } = input;
  const morale = pack.morale;
  if (input.reasons.length === 0) refuse(say('medieval.morale.noReason'));
  const chosen = input.reasons.map((r) => {
    const row = morale.reasons.find((x) => x.id === r.id);
    if (!row) refuse(say('medieval.morale.notReason', { got: r.id, ids: morale.reasons.map((x) => x.id).join(', ') }));
    return { choice: r, row };
  });
  chosen.sort((a, b) => a.row.priority - b.row.priority);
  const { choice, row } = chosen[0]!;
  let column: MoraleColumn;
  if (row.column !== null) column = row.column;
  else {
    const byIntent = row.columnByIntent ?? {};
    const c = choice.intent !== undefined ? byIntent[choice.intent] : undefined;
    if (c === undefined) refuse(say('medieval.morale.needsIntent', { id: row.id, intents: either(Object.keys(byIntent)) }));
    column = c;
  }
  const steps: Text[] = [say('medieval.morale.stepReason', { text: rowText('reason', row), id: row.id, priority: String(row.priority), hasIntent: choice.intent ? 'yes' : 'no', intent: choice.intent ?? '' })];
  const covers = chosen.slice(1).map((c) => c.row.id);
  if (covers.length) steps.push(say('medieval.morale.stepCovers', { ids: covers.join(', ') }));

  const picked = input.modifiers ?? [];
  const modifiers = applyModifiers(morale.modifiers, picked, moraleDerivedModifiers(unit, input.derived ?? {}, pack, picked), 'MED-MORALE-MOD', input.gm === undefined ? undefined : { gm: input.gm });
  const rec = recorder(input.dice);
  const { roll, factor } = rollFactor(morale, rec);
  steps.push(say('medieval.morale.stepRoll', { roll: String(roll), factor: signed(factor) }));
  for (const m of modifiers) steps.push(modifierLine(m));
  steps.push(...droppedLines(morale.modifiers, picked));
  const total = factor + sumModifiers(modifiers);
  const band = morale.results.find((b) => (b.min === null || total >= b.min) && (b.max === null || total <= b.max));
  if (!band) throw new Error(`pack MED-MORALE-RESULT has no band for ${total}`);
  const result = band.cells[column];
  steps.push(say('medieval.morale.stepTotal', { total: signed(total), column: packText('column', column, morale.columns[column]), result: resultName(pack, result), id: band.id }));
  const effect = moraleEffect(result, unit, pack, rec);
  if (effect.artilleryRoll !== undefined) {
    steps.push(say('medieval.morale.stepArtillery', { roll: String(effect.artilleryRoll), abandon: effect.abandonGuns ? 'yes' : 'no' }));
  }
  if (effect.note) steps.push(effect.note);
  return {
    rule: 'MED-MORALE',
    reason: { id: row.id, priority: row.priority, text: rowText('reason', row), ...(choice.intent ? { intent: choice.intent } : {}) },
    covers,
    column,
    roll,
    factor,
    modifiers,
    total,
    row: band.id,
    result,
    effect,
    dice: rec.rolled,
    steps,
  };
}
