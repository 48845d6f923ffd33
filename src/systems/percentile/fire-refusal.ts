import { say, type Text } from '../../i18n/text.ts';
import { ARTILLERY, FIRE_RULES, type FireInput, type FireRules } from './fire-input.ts';
import type { FireRefused } from './fire-outcome.ts';

/** A fire kind as the refusals' messages select it. */
const kindKey = (kind: FireInput['kind']): string => (kind === 'final-shock' ? 'finalShock' : kind);

/** PCT-11.23, 11.22, 11.25, 11.28, 11.89, NIGHT-18.51: why this attack may not be made, or null. */
export function fireRefusal(input: FireInput, rules: FireRules = FIRE_RULES): FireRefused | null {
  const { firer } = input;
  const no = (rule: string, reason: Text): FireRefused => ({ status: 'refused', rule, reason });
  const artillery = ARTILLERY.includes(firer.arm);

  const never = neverFires(firer);
  if (never) return never;

  // PCT-11.89: siege artillery fires only normally, once, in the Reciprocal Artillery Fire Phase.
  if (firer.arm === 'siege artillery') {
    if (input.kind !== 'normal') return no('PCT-11.89', say('percentile.refusal.siegeKind', { kind: kindKey(input.kind) }));
    if (input.phase !== 'reciprocal-artillery') return no('PCT-11.89', say('percentile.refusal.siegePhase'));
    if (input.earlierAttacksThisPhase > 0 || input.firedInReciprocalPhases) return no('PCT-11.89', say('percentile.refusal.siegeOnce'));
  }
  return fireRefusalRest(input, rules, artillery);
}

/** PCT-11.23, 11.24.d: a unit that never fires, whatever the target, range or phase; null when it may. */
export function neverFires(firer: FireInput['firer']): FireRefused | null {
  const no = (rule: string, reason: Text): FireRefused => ({ status: 'refused', rule, reason });
  const artillery = ARTILLERY.includes(firer.arm);
  // PCT-11.23: units that may never fire.
  if (firer.arm === 'hq') return no('PCT-11.23.1', say('percentile.refusal.hq'));
  if (firer.arm === 'cavalry' && firer.morale === 'disordered') return no('PCT-11.23.2', say('percentile.refusal.cavalryDisordered'));
  if (firer.arm === 'cavalry' && firer.charging) return no('PCT-11.23.3', say('percentile.refusal.cavalryCharging'));
  if (firer.morale === 'routing') return no('PCT-11.23.4', say('percentile.refusal.routing'));
  if (firer.ammunition !== undefined && firer.ammunition <= 0) return no('PCT-11.23.5', say('percentile.refusal.noAmmunition'));
  if (artillery && firer.formation === 'limbered') return no('PCT-11.23.6', say('percentile.refusal.limbered'));
  if (firer.arm === 'artillery crew') return no('PCT-11.23.7', say('percentile.refusal.crews'));
  if (firer.arm === 'train') return no('PCT-11.23.8', say('percentile.refusal.train'));
  // PCT-11.24.d: regimental guns have no fire of their own.
  if (firer.arm === 'regimental artillery') {
    return no('PCT-11.24.d', say('percentile.refusal.regimental'));
  }

  return null;
}

function fireRefusalRest(input: FireInput, rules: FireRules, artillery: boolean): FireRefused | null {
  const { firer } = input;
  const no = (rule: string, reason: Text): FireRefused => ({ status: 'refused', rule, reason });

  // PCT-11.22: who fires in which Reciprocal Fire Phase (out-of-phase fire is the other kinds).
  if (input.kind === 'normal') {
    if (input.phase === 'reciprocal-artillery' && (!artillery || firer.crewed === false)) {
      return no('PCT-11.22', say('percentile.refusal.artilleryPhase'));
    }
    if (input.phase === 'reciprocal-infantry' && artillery) return no('PCT-11.22', say('percentile.refusal.infantryPhase'));
    if (input.phase === 'other') {
      return no('PCT-11.22', say('percentile.refusal.outOfPhase'));
    }
  }

  // PCT-11.0, 11.22: out-of-phase fire only at an enemy inside the firer's Minimum Range Fire Zone.
  if (input.kind !== 'normal' && input.inMinimumZone === false) {
    return no('PCT-11.22', say('percentile.refusal.beyondMinimum', { kind: kindKey(input.kind), range: String(input.range) }));
  }
  // PCT-11.84, 11.85: final shock and supportive fire belong to the Shock Combat Phase.
  if ((input.kind === 'final-shock' || input.kind === 'supportive') && input.shockCombat !== true) {
    const rule = input.kind === 'final-shock' ? 'PCT-11.84' : 'PCT-11.85';
    return no(rule, say('percentile.refusal.shockOnly', { kind: kindKey(input.kind), rule }));
  }
  // PCT-11.85.d: no supportive fire at a target given passby fire this turn or last.
  if (input.kind === 'supportive' && input.passbyOnTarget) {
    return no('PCT-11.85.d', say('percentile.refusal.passbyThenSupport'));
  }
  // PCT-11.86: a replacement unit never fires on the declared shock attackers (final shock or supportive fire is at them).
  if ((input.kind === 'final-shock' || input.kind === 'supportive') && input.replacement) {
    return no('PCT-11.86', say('percentile.refusal.replacement'));
  }
  // PCT-11.46: only artillery engages a unit behind a skirmish screen.
  if (input.target.screened && !artillery) {
    return no('PCT-11.46', say('percentile.refusal.screened'));
  }
  // PCT-11.50, 11.56, 11.57: indirect fire only for howitzers and mortars, never rockets or militia crews.
  if (input.modifiers?.some((m) => m.id === 'indirect') && !input.gm?.indirect) {
    if (firer.arm === 'rockets') return no('PCT-11.56', say('percentile.refusal.rocketsIndirect'));
    if (firer.militia) return no('PCT-11.57', say('percentile.refusal.militiaIndirect'));
    if (!artillery) return no('PCT-11.50', say('percentile.refusal.indirectOnly'));
    if (firer.howitzers !== undefined && firer.howitzers <= 0) return no('PCT-11.50', say('percentile.refusal.noHowitzers'));
  }

  // PCT-11.25: once in the Reciprocal Fire Phases.
  if (input.phase !== 'other' && input.firedInReciprocalPhases) {
    return no('PCT-11.25', say('percentile.refusal.firedAlready'));
  }

  // PCT-11.28 / 11.29 / 11.44.art.d: at most two batteries on one target.
  const max = rules.fire.maxBatteriesOnTarget;
  if (artillery && input.batteriesOnTarget >= max && !firer.artilleryOfficer && !input.gm?.noOtherTarget) {
    return no(
      'PCT-11.28',
      say('percentile.refusal.twoBatteries', { n: input.batteriesOnTarget, max: String(max) }),
    );
  }

  // NIGHT-18.51: maximum range = visibility.
  if (input.night && input.night.visibility !== null && input.range > input.night.visibility) {
    return no('NIGHT-18.51', say('percentile.refusal.nightRange', { visibility: String(input.night.visibility), range: String(input.range) }));
  }

  return null;
}
