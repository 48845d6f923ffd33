import { say, type Text } from '../../i18n/text.ts';
import { ARTILLERY, FIRE_RULES, GUNS, type FireInput, type FireRules } from './fire-input.ts';
import type { CriticalHit, FireOutcome, FireResult, Marker, OfficerCheck, RolledDie, Step } from './fire-outcome.ts';
import { chartLine, doubling, firingCount, targetType } from './fire-chart.ts';
import { fireRefusal } from './fire-refusal.ts';
import { modifierLabel } from './fire-pack.ts';
import { counterbatteryMarker } from './counterbattery.ts';
import { mfpChangeFor } from './mfp.ts';
import { add, ceil, fraction, isWhole, mul, pow, show, toNumber, type Fraction } from './fraction.ts';
import type { Dice } from '../../rules/outcome.ts';

/**
 * The Fire Routine of section 11.0 (docs/rules/percentile.md, PCT-ALGO), for artillery
 * (PCT-11.15) and infantry/cavalry (PCT-11.16), with the night reduction of NIGHT-18.51. Pure: the
 * battle passes in what it knows from the log (night, formations, earlier attacks this phase,
 * batteries that already fired on the target) and what players measured (range, figures bearing,
 * enfilade, gaps); the outcome carries every number with its rule ID and the dice rolled.
 *
 * Order, as the routine reads: base percent (chart or `base`) -> each chart modifier in pack order
 * -> round up (11.15.step9) -> doubling (11.81-11.85) -> x2/3 per earlier attack this phase (11.87)
 * -> round up ("the final fractional is always raised") -> d100. Nothing is rolled when the attack
 * is refused or a GM ruling is needed, so the dice cursor only moves for a resolved attack.
 */

/** The note that a morale check is due on the target (the battle says so in its own line). */
export const MORALE_NOTE = 'percentile.fire.noteMorale';

const isWholeCount = (n: number | undefined) => n === undefined || (Number.isInteger(n) && n >= 0);

const step = (label: Text, v: Fraction, rule: string): Step => (isWhole(v) ? { label, value: toNumber(v), rule } : { label, value: Math.round(toNumber(v) * 100) / 100, exact: `${v.n}/${v.d}`, rule });

/**
 * Resolve one fire attack. `dice` rolls d100 (fire, officer) and the critical hit die; nothing is
 * rolled for a refusal or a question to the GM.
 */
export function resolveFire(input: FireInput, dice: Dice, rules: FireRules = FIRE_RULES): FireResult {
  const fp = rules.fire;
  // A value a battle's house rule set is cited where the working uses it (house-rules.ts).
  const cite = (key: string, text: Text): Text => (rules.house?.[key] ? say('percentile.words.cited', { text, rule: rules.house[key] }) : text);
  const { firer, target } = input;
  const artillery = ARTILLERY.includes(firer.arm);
  const rule = artillery ? 'PCT-11.15' : 'PCT-11.16';
  const S = (n: string) => `${rule}.step${n}`;
  const stepNo = artillery ? { base: '8', mods: '9', hit: '10', officer: '11', count: '6' } : { base: '7', mods: '8', hit: '9', officer: '10', count: '5' };

  for (const [k, v] of [['count', input.count], ['earlierAttacksThisPhase', input.earlierAttacksThisPhase], ['batteriesOnTarget', input.batteriesOnTarget]] as const) {
    if (!isWholeCount(v)) return { status: 'refused', rule, reason: say('percentile.fire.wholeNumber', { what: k, got: String(v), rule }) };
  }
  if (!(Number.isFinite(input.range) && input.range >= 0)) return { status: 'refused', rule, reason: say('percentile.fire.rangeInches', { got: String(input.range), rule }) };
  if (!(Number.isInteger(firer.strength) && firer.strength >= 1) || !(Number.isInteger(target.strength) && target.strength >= 1)) {
    return { status: 'refused', rule: 'PCT-11.27', reason: say('percentile.fire.strength') };
  }
  if (input.night && input.night.visibility === null) {
    return { status: 'needsGm', rule: 'NIGHT-18.51', question: say('percentile.fire.visibilityUnset'), steps: [] };
  }
  const refused = fireRefusal(input, rules);
  if (refused) return refused;

  const steps: Step[] = [];
  const notes: Text[] = [];

  // Step 1: target type.
  const tt = targetType(input);
  steps.push({ label: say('percentile.fire.stepTarget', { type: tt.type, why: tt.why }), value: tt.type, rule: tt.rule });

  // Count of firing figures or cannon.
  const counted = firingCount(input, artillery);
  if ('status' in counted) return counted;
  steps.push({ label: counted.label, value: counted.n, rule: counted.rule });

  // Chart row.
  let row: string | null = input.row ?? null;
  if (!artillery) {
    const cl = chartLine(input);
    if (cl.line !== null && input.row !== undefined && input.row !== cl.line && !input.gm?.row) {
      return { status: 'refused', rule: cl.rule, reason: say('percentile.fire.otherLine', { line: cl.line, why: cl.why, row: input.row, rule: cl.rule }) };
    }
    if (row === null) row = cl.line;
    if (row !== null) steps.push({ label: say('percentile.fire.stepLine', { row, given: input.row === undefined ? 'no' : 'yes', why: cl.why }), value: row, rule: input.row === undefined ? cl.rule : S('4') });
  } else if (row === null && firer.gun !== undefined) {
    row = `${firer.gun} ${firer.shot ?? 'roundshot'}`;
  }

  // Base percent: the pack's chart, or `base` when the pack has none.
  let base: number;
  const chartCell = () => {
    if (!fp.chart || row === null || firer.class === undefined) return undefined;
    return fp.chart.find((r) => r.row === row)?.cells.find((c) => c.count === counted.n && c.class === firer.class);
  };
  const cell = chartCell();
  if (cell) {
    const v = tt.type === 'Massed' ? cell.massed : cell.linear;
    if (input.base !== undefined && input.base !== v) {
      return { status: 'refused', rule: S(stepNo.base), reason: say('percentile.fire.chartGives', { v: String(v), row: String(row), n: String(counted.n), class: String(firer.class), type: tt.type, rule: S(stepNo.base) }) };
    }
    base = v;
    steps.push({ label: say('percentile.fire.stepBase', { row: String(row), n: String(counted.n), guns: artillery ? 'yes' : 'no', class: String(firer.class), type: tt.type }), value: v, rule: S(stepNo.base) });
  } else if (input.base !== undefined) {
    if (!(Number.isFinite(input.base) && input.base >= 0)) return { status: 'refused', rule: S(stepNo.base), reason: say('percentile.fire.basePercent', { got: String(input.base), rule: S(stepNo.base) }) };
    base = input.base;
    const where = { hasRow: row === null ? 'no' : 'yes', row: row ?? '', n: String(counted.n), guns: artillery ? 'yes' : 'no', hasClass: firer.class ? 'yes' : 'no', class: firer.class ?? '', type: tt.type };
    steps.push({ label: say('percentile.fire.stepBaseGiven', where), value: base, rule: S(stepNo.base) });
  } else {
    const values = { hasChart: fp.chart ? 'yes' : 'no', hasRow: row === null ? 'no' : 'yes', row: row ?? '', n: String(counted.n), guns: artillery ? 'yes' : 'no', hasClass: firer.class ? 'yes' : 'no', class: firer.class ?? '', type: tt.type, rule: S(stepNo.base) };
    return { status: 'needsGm', rule: S(stepNo.base), question: say('percentile.fire.giveBase', values), steps };
  }

  // Chart modifiers, in pack order (step 9/8): the derived ones plus those the player names.
  const named = new Map((input.modifiers ?? []).map((m) => [m.id, m]));
  for (const id of named.keys()) {
    const def = fp.modifiers.find((m) => m.id === id);
    if (!def) return { status: 'refused', rule: S(stepNo.mods), reason: say('percentile.fire.unknownModifier', { id, ids: fp.modifiers.map((m) => m.id).join(', '), rule: S(stepNo.mods) }) };
    if (def.derivable && !input.gm?.modifiers?.includes(id)) return { status: 'refused', rule: def.rule, reason: say('percentile.fire.derivedModifier', { label: modifierLabel(def), rule: def.rule }) };
  }
  const applies = new Set(named.keys());
  if (input.night) applies.add('night');
  if (target.screened) {
    if (artillery) applies.add('skirmish-screen');
    else applies.delete('skirmish-screen');
  }
  let p: Fraction = fraction(base);
  for (const def of fp.modifiers) {
    if (!applies.has(def.id)) continue;
    const given = named.get(def.id)?.value;
    // PCT-11.46's "(1/3)" is open between two readings: only a house rule chooses, never a value at the fire.
    const key = def.id === 'skirmish-screen' ? 'skirmish-screen' : `modifier.${def.id}`;
    if (def.kind === null || (def.id === 'skirmish-screen' && def.value === null)) {
      return { status: 'needsGm', rule: def.rule, question: say('percentile.fire.noModifier', { label: modifierLabel(def), rule: def.rule }), house: key, steps };
    }
    const kind = def.kind === 'multiplier' ? 'x' : '';
    if (def.value !== null && given !== undefined && fraction(def.value).n * fraction(given).d !== fraction(given).n * fraction(def.value).d) {
      const note = rules.house?.[key];
      return { status: 'refused', rule: def.rule, reason: say('percentile.fire.modifierFixed', { label: modifierLabel(def), value: `${kind}${def.value}`, house: note ? 'yes' : 'no', note: note ?? '', rule: def.rule }) };
    }
    const raw = def.value ?? given;
    if (raw === undefined) {
      return { status: 'needsGm', rule: def.rule, question: say('percentile.fire.noValue', { label: modifierLabel(def), rule: def.rule }), house: key, steps };
    }
    const v = fraction(raw);
    p = def.kind === 'multiplier' ? mul(p, v) : add(p, v);
    steps.push(step(cite(key, say('percentile.fire.stepModifier', { label: modifierLabel(def), change: def.kind === 'multiplier' ? `x${show(v)}` : `${v.n >= 0n ? '+' : ''}${show(v)}`, p: show(p) })), p, def.rule));
  }
  if (p.n < 0n) p = fraction(0);
  const rounded = ceil(p);
  steps.push(step(say('percentile.fire.stepModified', { raised: isWhole(p) ? 'no' : 'yes', p: show(p), n: String(rounded.n) }), rounded, S(stepNo.mods)));
  p = rounded;

  // PCT-ALGO step 6: doubling.
  const dbl = doubling(input, rules);
  if ('reason' in dbl) return { status: 'refused', rule: dbl.rule, reason: dbl.reason };
  if (dbl.factor === null) return { status: 'needsGm', rule: dbl.rule, question: dbl.question, ...(dbl.house ? { house: dbl.house } : {}), steps };
  if (dbl.factor === 2) {
    p = mul(p, fraction(2));
    steps.push(step(say('percentile.fire.stepDoubled', { why: dbl.why }), p, dbl.rule));
  } else if (input.kind !== 'normal') {
    steps.push(step(say('percentile.fire.stepNotDoubled', { why: dbl.why }), p, dbl.rule));
  }

  // PCT-11.87: x2/3 for each earlier attack by the unit in the same phase; the final fraction raised.
  const k = input.earlierAttacksThisPhase;
  if (k > 0) {
    p = mul(p, pow(fraction('2/3'), k));
    steps.push(step(say('percentile.fire.stepAttack', { attack: String(k + 1), k: String(k), p: show(p) }), p, 'PCT-11.87'));
    const r = ceil(p);
    if (!isWhole(p)) steps.push(step(say('percentile.fire.stepRaised', { p: show(p), n: String(r.n) }), r, 'PCT-11.87'));
    p = r;
  }
  const percent = Number(p.n);
  steps.push({ label: say('percentile.fire.stepToHit'), value: percent, rule: 'PCT-11.71' });

  const over = percent > 100;
  const above = fp.overHundred.aboveTwoHundred;
  if (percent > 200 && above === 'gm') {
    return { status: 'needsGm', rule: 'PCT-11.71', question: say('percentile.fire.over200', { percent: String(percent) }), house: 'over-200', steps };
  }
  // Asked before any die is rolled, so a question never follows a roll the player has seen.
  const secondFigure = fp.overHundred.secondFigure;
  if (over && percent % 100 !== 0 && secondFigure === null && !(percent > 200 && above === 'two-at-most')) {
    return { status: 'needsGm', rule: 'PCT-11.71', question: say('percentile.fire.remainderAsk', { percent: String(percent), rest: String(percent % 100) }), house: 'over-100.remainder', steps };
  }
  const officerRolls = fp.officerHit.rolls;
  if (target.officerAttached && officerRolls === null) {
    return { status: 'needsGm', rule: S(stepNo.officer), question: say('percentile.fire.officerAsk', { rule: S(stepNo.officer) }), house: 'officer-hit.rolls', steps };
  }

  // The roll and the hits.
  const rolled: RolledDie[] = [];
  const roll = (sides: number, purpose: string) => {
    const result = dice.die(sides);
    rolled.push({ sides, result, purpose });
    return result;
  };
  const fireRoll = roll(100, `fire (${S(artillery ? '3' : '2')})`);
  let hits: number;
  let automatic = 0;
  let hit: boolean;
  if (!over) {
    hit = fireRoll <= percent || fireRoll === 1;
    hits = hit ? 1 : 0;
    steps.push({ label: say('percentile.fire.stepRoll', { roll: String(fireRoll), result: hit ? (fireRoll <= percent ? 'hit' : 'always') : 'miss', percent: String(percent) }), value: fireRoll, rule: S(stepNo.hit) });
  } else {
    // Above 200% the house rule over-200 reads on: a figure per full 100%, or one and a second at most.
    const twoAtMost = percent > 200 && above === 'two-at-most';
    automatic = twoAtMost ? 2 : Math.floor(percent / 100);
    const rest = twoAtMost ? 0 : percent - automatic * 100;
    const overLabel = say('percentile.fire.stepOver', { n: automatic, twoAtMost: twoAtMost ? 'yes' : 'no' });
    steps.push({ label: percent > 200 ? cite('over-200', overLabel) : overLabel, value: automatic, rule: 'PCT-11.71' });
    hits = automatic;
    if (rest > 0) {
      const r = secondFigure === 'same-roll' ? fireRoll : roll(100, 'PCT-11.71 remainder');
      const extra = r <= rest;
      if (extra) hits += 1;
      const note = rules.house?.['over-100.remainder'];
      const label = say('percentile.fire.stepRemainder', { rest: String(rest), roll: String(r), extra: extra ? 'yes' : 'no', same: secondFigure === 'same-roll' ? 'yes' : 'no', noted: note ? 'yes' : 'no', note: note ?? '' });
      steps.push({ label, value: r, rule: 'PCT-11.71' });
    }
    hit = true;
  }
  const losses = Math.min(hits, target.strength);
  if (losses < hits) notes.push(say('percentile.fire.noteCapped', { hits, strength: String(target.strength), losses: String(losses) }));

  // PCT-11.74: artillery on guns or trains takes cannon or train material.
  const onGuns = artillery && (GUNS.includes(target.arm) || target.arm === 'train');
  const lossKind: FireOutcome['lossKind'] = onGuns ? (target.arm === 'train' ? 'train material' : 'cannon') : 'figures';
  if (losses > 0) steps.push({ label: say('percentile.fire.stepLost', { kind: lossKind === 'train material' ? 'train' : lossKind }), value: losses, rule: onGuns ? 'PCT-11.74' : S(stepNo.hit) });

  // Officer checks (step 11 / 10).
  const officerChecks: OfficerCheck[] = [];
  let randomOfficerHit: FireOutcome['randomOfficerHit'] = null;
  const orule = S(stepNo.officer);
  if (target.officerAttached && losses > 0) {
    const per = fp.officerHit.percentPerFigure;
    const chances = officerRolls === 'per-figure' ? Array.from({ length: losses }, () => per) : [Math.min(100, per * losses)];
    for (const chance of chances) {
      const r = roll(100, `officer hit (${orule})`);
      const check = { rule: orule, roll: r, chance, hit: r <= chance, randomOfficerHit: fp.officerHit.randomOfficerHitOn.includes(r) };
      officerChecks.push(check);
      steps.push({ label: cite('officer-hit.rolls', say('percentile.fire.stepOfficer', { roll: String(r), hit: check.hit ? 'yes' : 'no', chance: String(chance) })), value: r, rule: orule });
    }
    if (officerChecks.some((c) => c.randomOfficerHit)) {
      const chart = fp.officerHit.randomOfficerHitChart;
      randomOfficerHit = {
        rule: orule,
        needsGm: true,
        text: say('percentile.fire.randomOfficerHit', { chart: chart ? 'yes' : 'no' }),
      };
    }
  }

  // PCT-11.75: artillery/train critical hit.
  let criticalHit: CriticalHit | null = null;
  const markers: Marker[] = [];
  if (onGuns && losses > 0) {
    const ch = fp.criticalHit;
    const bonus = firer.shot === 'shell' || firer.arm === 'rockets' ? ch.shellAndRocketBonus : 0;
    const r = roll(ch.die, 'critical hit (PCT-11.75)');
    const total = r + bonus;
    const section = total >= 6 ? 'second' : 'first';
    let result: CriticalHit['result'] = null;
    let second: CriticalHit['secondRoll'];
    let needsGm = true;
    let text: Text;
    if (ch.table) {
      let readTotal = total;
      if (section === 'second' && ch.table.secondRoll) {
        const r2 = roll(ch.die, 'critical hit, second section (PCT-11.75)');
        second = { roll: r2, total: r2 + bonus };
        readTotal = r2 + bonus;
      }
      const entry = ch.table[section].find((e) => e.min <= readTotal && readTotal <= e.max);
      if (entry) {
        result = { text: entry.text, ...(entry.counterbattery ? { counterbattery: entry.counterbattery } : {}) };
        needsGm = false;
        text = say('percentile.fire.critical', { second: section === 'second' ? 'yes' : 'no', total: String(readTotal), text: entry.text });
        if (entry.counterbattery) markers.push(counterbatteryMarker(entry.counterbattery, 'critical-hit'));
      } else {
        text = say('percentile.fire.criticalOff', { second: section === 'second' ? 'yes' : 'no', total: String(readTotal) });
      }
    } else {
      text = say('percentile.fire.criticalGm', { die: String(ch.die), roll: String(r), hasBonus: bonus ? 'yes' : 'no', bonus: String(bonus), total: String(total), second: section === 'second' ? 'yes' : 'no' });
    }
    criticalHit = { rule: 'PCT-11.75', roll: r, bonus, total, section, ...(second ? { secondRoll: second } : {}), result, needsGm, text };
    steps.push({ label: say('percentile.fire.stepCritical', { die: String(ch.die), roll: String(r), hasBonus: bonus ? 'yes' : 'no', bonus: String(bonus) }), value: total, rule: 'PCT-11.75' });
  }
  if (input.counterbattery) markers.push(counterbatteryMarker(input.counterbattery, 'gm'));

  const mfpChange = mfpChangeFor(lossKind, losses, target.strength, target.arm, fp, rules.house);
  if (mfpChange.points !== 0) steps.push({ label: mfpChange.text, value: mfpChange.points, rule: 'PCT-11.73' });

  const moraleCheckDue = losses > 0;
  if (moraleCheckDue) notes.push(say(MORALE_NOTE));
  if (moraleCheckDue && firer.arm === 'rockets') notes.push(say('percentile.fire.noteRockets'));
  if (target.screened && artillery) notes.push(say('percentile.fire.noteScreen'));

  const ammunition = artillery && firer.ammunition !== undefined ? { rule: S('2'), spent: 1 as const, shot: firer.shot ?? 'roundshot' } : null;

  return {
    status: 'resolved',
    rule,
    steps,
    chartLine: row,
    targetType: tt.type,
    firing: counted.n,
    base,
    percent,
    roll: fireRoll,
    hit,
    automaticLosses: Math.min(automatic, target.strength),
    losses,
    lossKind,
    officerChecks,
    randomOfficerHit,
    criticalHit,
    markers,
    mfpChange,
    moraleCheckDue,
    ammunition,
    notes,
    dice: rolled,
  };
}
