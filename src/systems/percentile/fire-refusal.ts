import { plural } from '../../messages.ts';
import { ARTILLERY, FIRE_RULES, type FireInput, type FireRules } from './fire-input.ts';
import type { FireRefused } from './fire-outcome.ts';

/** PCT-11.23, 11.22, 11.25, 11.28, 11.89, NIGHT-18.51: why this attack may not be made, or null. */
export function fireRefusal(input: FireInput, rules: FireRules = FIRE_RULES): FireRefused | null {
  const { firer } = input;
  const no = (rule: string, reason: string): FireRefused => ({ status: 'refused', rule, reason });
  const artillery = ARTILLERY.includes(firer.arm);

  const never = neverFires(firer);
  if (never) return never;

  // PCT-11.89: siege artillery fires only normally, once, in the Reciprocal Artillery Fire Phase.
  if (firer.arm === 'siege artillery') {
    if (input.kind !== 'normal') return no('PCT-11.89', `Siege artillery cannot make ${input.kind} fire attacks (PCT-11.89).`);
    if (input.phase !== 'reciprocal-artillery') return no('PCT-11.89', 'Siege artillery may only fire in the Reciprocal Artillery Fire Phase (PCT-11.89).');
    if (input.earlierAttacksThisPhase > 0 || input.firedInReciprocalPhases) return no('PCT-11.89', 'Siege artillery may only fire once (PCT-11.89).');
  }
  return fireRefusalRest(input, rules, artillery);
}

/** PCT-11.23, 11.24.d: a unit that never fires, whatever the target, range or phase; null when it may. */
export function neverFires(firer: FireInput['firer']): FireRefused | null {
  const no = (rule: string, reason: string): FireRefused => ({ status: 'refused', rule, reason });
  const artillery = ARTILLERY.includes(firer.arm);
  // PCT-11.23: units that may never fire.
  if (firer.arm === 'hq') return no('PCT-11.23.1', 'Command headquarter bases may never fire (PCT-11.23.1).');
  if (firer.arm === 'cavalry' && firer.morale === 'disordered') return no('PCT-11.23.2', 'Morale disordered cavalry may never fire (PCT-11.23.2).');
  if (firer.arm === 'cavalry' && firer.charging) return no('PCT-11.23.3', 'Cavalry in a state of charge or declared charge may never fire (PCT-11.23.3).');
  if (firer.morale === 'routing') return no('PCT-11.23.4', 'Routing units may never fire (PCT-11.23.4).');
  if (firer.ammunition !== undefined && firer.ammunition <= 0) return no('PCT-11.23.5', 'This unit has no ammunition left, so it may not fire (PCT-11.23.5).');
  if (artillery && firer.formation === 'limbered') return no('PCT-11.23.6', 'A limbered battery may not fire; unlimber it first (PCT-11.23.6).');
  if (firer.arm === 'artillery crew') return no('PCT-11.23.7', 'Artillery crews may never fire (PCT-11.23.7).');
  if (firer.arm === 'train') return no('PCT-11.23.8', 'Train units may never fire (PCT-11.23.8).');
  // PCT-11.24.d: regimental guns have no fire of their own.
  if (firer.arm === 'regimental artillery') {
    return no('PCT-11.24.d', 'Regimental artillery attached to a battalion executes its fire attacks with the infantry battalion (PCT-11.24.d): fire the battalion, its guns counted in the base percent read from your chart.');
  }

  return null;
}

function fireRefusalRest(input: FireInput, rules: FireRules, artillery: boolean): FireRefused | null {
  const { firer } = input;
  const no = (rule: string, reason: string): FireRefused => ({ status: 'refused', rule, reason });

  // PCT-11.22: who fires in which Reciprocal Fire Phase (out-of-phase fire is the other kinds).
  if (input.kind === 'normal') {
    if (input.phase === 'reciprocal-artillery' && (!artillery || firer.crewed === false)) {
      return no('PCT-11.22', 'Only crewed, unlimbered artillery batteries fire in the Reciprocal Artillery Fire Phase (PCT-11.22).');
    }
    if (input.phase === 'reciprocal-infantry' && artillery) return no('PCT-11.22', 'Only infantry or cavalry fire in the Reciprocal Infantry Fire Phase (PCT-11.22).');
    if (input.phase === 'other') {
      return no('PCT-11.22', 'Outside the Reciprocal Fire Phases a unit fires only at an enemy in its Minimum Range Fire Zone that changes facing or formation, passes by or attacks by shock: opportunity, passby, final shock or supportive fire (PCT-11.0, 11.22).');
    }
  }

  // PCT-11.0, 11.22: out-of-phase fire only at an enemy inside the firer's Minimum Range Fire Zone.
  if (input.kind !== 'normal' && input.inMinimumZone === false) {
    return no('PCT-11.22', `${input.kind} fire is only at an enemy within the firer's Minimum Range Fire Zone; at ${input.range}" the target is beyond it (PCT-11.0, 11.22).`);
  }
  // PCT-11.84, 11.85: final shock and supportive fire belong to the Shock Combat Phase.
  if ((input.kind === 'final-shock' || input.kind === 'supportive') && input.shockCombat !== true) {
    const rule = input.kind === 'final-shock' ? 'PCT-11.84' : 'PCT-11.85';
    return no(rule, `${input.kind === 'final-shock' ? 'Final Shock Combat fire' : 'Supportive Defensive fire'} can only occur during the Shock Combat Phase (${rule}).`);
  }
  // PCT-11.85.d: no supportive fire at a target given passby fire this turn or last.
  if (input.kind === 'supportive' && input.passbyOnTarget) {
    return no('PCT-11.85.d', 'This unit gave the target a Passby Fire attack in the current or previous turn, so it may not give it Supportive fire (PCT-11.85.d, 11.83.d).');
  }
  // PCT-11.86: a replacement unit never fires on the declared shock attackers (final shock or supportive fire is at them).
  if ((input.kind === 'final-shock' || input.kind === 'supportive') && input.replacement) {
    return no('PCT-11.86', 'This unit replaced a friendly unit in the declared Shock Combat zone this turn: it cannot fire upon the enemy units that declared the Shock Combat attack (PCT-11.86).');
  }
  // PCT-11.46: only artillery engages a unit behind a skirmish screen.
  if (input.target.screened && !artillery) {
    return no('PCT-11.46', 'Only artillery batteries may engage an enemy unit behind an open order skirmish screen (PCT-11.46); fire at the screen instead.');
  }
  // PCT-11.50, 11.56, 11.57: indirect fire only for howitzers and mortars, never rockets or militia crews.
  if (input.modifiers?.some((m) => m.id === 'indirect') && !input.gm?.indirect) {
    if (firer.arm === 'rockets') return no('PCT-11.56', 'Rocket Fire attacks cannot use indirect Fire (PCT-11.56).');
    if (firer.militia) return no('PCT-11.57', 'Militia rated artillery crews cannot use indirect Fire (PCT-11.57).');
    if (!artillery) return no('PCT-11.50', 'Only artillery batteries with howitzers or mortars have indirect fire capabilities (PCT-11.50).');
    if (firer.howitzers !== undefined && firer.howitzers <= 0) return no('PCT-11.50', 'This battery has no howitzers or mortars left, and only they fire indirectly (PCT-11.50, 11.53).');
  }

  // PCT-11.25: once in the Reciprocal Fire Phases.
  if (input.phase !== 'other' && input.firedInReciprocalPhases) {
    return no('PCT-11.25', 'This unit already fired in the Reciprocal Fire Phases; a unit fires only once there (PCT-11.25).');
  }

  // PCT-11.28 / 11.29 / 11.44.art.d: at most two batteries on one target.
  const max = rules.fire.maxBatteriesOnTarget;
  if (artillery && input.batteriesOnTarget >= max && !firer.artilleryOfficer && !input.gm?.noOtherTarget) {
    return no(
      'PCT-11.28',
      `${plural(input.batteriesOnTarget, 'battery', 'batteries')} already fired on this target; at most ${max} may unless no other possible target is within range (GM override) or an attached artillery officer directs the fire (PCT-11.28, 11.29).`,
    );
  }

  // NIGHT-18.51: maximum range = visibility.
  if (input.night && input.night.visibility !== null && input.range > input.night.visibility) {
    return no('NIGHT-18.51', `At night the maximum range is the visibility, ${input.night.visibility}"; the target is at ${input.range}" (NIGHT-18.51).`);
  }

  return null;
}
