import { claim, type Ruling } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import { camelKey, say, shipped, type Text } from '../../../i18n/text.ts';
import { refuse } from '../../../rules/errors.ts';
import { chartLine, enfiladeable, fireZone, type FireInput, type FireZones, type ZoneResult } from '../index.ts';

/**
 * What the battle knows about a fire attack is not the player's to claim (issue 16): the fire zone
 * from weapon and measured range (PCT-11.32 - 11.37), the chart line (11.34 - 11.37), whether the
 * target can be enfiladed (11.64) or is a battery (11.63), a charge the log records (11.23.3, 11.83,
 * 11.85), the derivable modifiers (night, NIGHT-18.51; indirect fire, 11.50 - 11.57; the artillery
 * officer and the Maximum Roundshot Zone, 11.29, 11.32). A player's contrary claim is refused with the
 * derived value named; a GM's stands as a Ruling, kept in the outcome and shown in the working.
 */

/** What a /fire percentile action (fire.ts's PercentileFireAction) claims that the battle can check; its own type, so that fire.ts imports this module and not the other way round. */
export interface FireClaims {
  /** Measured, inches. */
  range: number;
  zone?: 'minimum' | 'maximum';
  row?: string;
  enfiladed?: boolean;
  massedBattery?: boolean;
  targetCharge?: 'charging' | 'declared-passed';
  artilleryOfficer?: boolean;
  modifiers?: { id: string; value?: number }[];
}

export interface FireFacts {
  /** The input as built from the roster and the log, before the claims. */
  input: FireInput;
  /** The firer's weapon (roster), its arm as the roster spells it, and howitzers left (null: not on the roster). */
  weapon: string | undefined;
  howitzers: number | null;
  /** The log records a declared charge by the target this turn. */
  targetCharging: boolean;
  night: boolean;
  zones: FireZones;
}

export interface ClaimedFire {
  input: FireInput;
  rulings: Ruling[];
  zone: { zone: 'minimum' | 'maximum' | null; rule: string; why: Text; ruled: boolean };
}

const ARTILLERY = ['artillery', 'rockets', 'siege artillery'];
/** A zone claimed or derived, as a phrase of its value: a claim agrees with the battle where the two are the same phrase (claim's `sameText`). */
const zoneText = (z: 'minimum' | 'maximum' | null): Text => say('percentile.claim.zone', { zone: z ?? 'none' });
/** What a claim is about, in the reader's words. */
const about = (what: 'fireZone' | 'chartLine' | 'chartRow' | 'target' | 'fire' | 'turn'): Text => say('percentile.claim.what', { what });
/** An arm of the roster in the reader's words (`percentile.attrValue.arm.<arm>`), or as written. */
const armText = (arm: string): Text => shipped(`percentile.attrValue.arm.${camelKey(arm)}`, arm);

/** The action's claims against `facts`; refuses a player's contrary claim, returns a GM's as rulings. */
export function claimFire(s: BattleState, actor: string, a: FireClaims, f: FireFacts): ClaimedFire {
  const rulings: Ruling[] = [];
  const ruled = (r: Ruling | null) => {
    if (r) rulings.push(r);
    return r !== null;
  };
  const input: FireInput = { ...f.input, firer: { ...f.input.firer }, target: { ...f.input.target }, gm: { ...f.input.gm } };
  const gm: NonNullable<FireInput['gm']> = input.gm!;
  const artillery = ARTILLERY.includes(input.firer.arm);

  // PCT-11.32 - 11.37: the zone follows from weapon and measured range; `zone:` is a GM's ruling at most.
  const derived: ZoneResult = fireZone({ arm: input.firer.arm, formation: input.firer.formation, ...(f.weapon ? { weapon: f.weapon } : {}), ...(input.firer.shot ? { shot: input.firer.shot } : {}), range: input.range }, f.zones);
  let zone: ClaimedFire['zone'];
  if (derived.status === 'derived') {
    zone = { zone: derived.zone, rule: derived.rule, why: derived.why, ruled: false };
    if (a.zone !== undefined && ruled(claim(s, actor, { what: about('fireZone'), claimed: zoneText(a.zone), derived: zoneText(derived.zone), source: say('percentile.zone.measured', { why: derived.why, range: String(a.range) }), rule: derived.rule }))) {
      zone = { ...zone, zone: a.zone, ruled: true };
    }
  } else {
    if (a.zone === undefined) {
      refuse(derived.status === 'refused' ? say('percentile.fire.zoneGmOnly', { what: derived.reason }) : say('percentile.fire.zoneAsk', { what: say('percentile.fire.zoneOpen', { why: derived.why, rule: derived.rule }) }));
    }
    const r = claim(s, actor, { what: about('fireZone'), claimed: zoneText(a.zone), derived: say('percentile.claim.zoneNotGiven', { refused: derived.status === 'refused' ? 'yes' : 'no' }), source: derived.why, rule: derived.rule });
    ruled(r);
    zone = { zone: a.zone, rule: derived.rule, why: derived.status === 'refused' ? derived.reason : derived.why, ruled: true };
  }
  if (!artillery && zone.zone !== null) input.zone = zone.zone;
  else delete input.zone;
  input.inMinimumZone = zone.zone === 'minimum';

  // PCT-11.34 - 11.37, 11.15.step5: the chart line follows from arm, formation, morale and zone.
  if (a.row !== undefined) {
    if (!artillery) {
      const cl = chartLine(input);
      const allowed = cl.line === null ? ['2 rank', '3 rank'] : [cl.line];
      if (!allowed.includes(a.row)) {
        gm.row = ruled(claim(s, actor, { what: about('chartLine'), claimed: a.row, derived: cl.line ?? say('percentile.claim.lineNoRanks'), source: cl.why, rule: cl.rule }));
      }
    } else if (input.firer.gun !== undefined && !a.row.startsWith(`${input.firer.gun} `)) {
      // A battery's row names its own gun; which of its rows (a Maximum Roundshot row, say) is measured on the table.
      ruled(claim(s, actor, { what: about('chartRow'), claimed: a.row, derived: say('percentile.claim.gunRow', { gun: input.firer.gun }), source: say('percentile.claim.sourceGun'), rule: 'PCT-11.15.step5' }));
    }
  }

  // PCT-11.64: single figures, headquarters bases and skirmish order cannot be enfiladed.
  if (a.enfiladed && !enfiladeable(input.target)) {
    const why = input.target.formation === 'skirmish' ? 'skirmish' : input.target.arm === 'hq' ? 'hq' : 'single';
    gm.enfilade = ruled(claim(s, actor, { what: about('target'), claimed: say('percentile.claim.enfiladed', { enfiladed: 'yes' }), derived: say('percentile.claim.enfiladed', { enfiladed: 'no' }), source: say('percentile.claim.sourceEnfilade', { why }), rule: 'PCT-11.64' }));
  }
  // PCT-11.63: only a battery is a massed battery.
  if (a.massedBattery && !ARTILLERY.includes(input.target.arm)) {
    gm.massedBattery = ruled(claim(s, actor, { what: about('target'), claimed: say('percentile.claim.massedBattery'), derived: say('percentile.claim.notABattery', { arm: armText(input.target.arm) }), source: say('percentile.claim.sourceRoster'), rule: 'PCT-11.63' }));
  }

  // PCT-11.23.3, 11.83, 11.85: a charge by the target is what the log records.
  if (a.targetCharge !== undefined && !f.targetCharging) {
    const claimed = say('percentile.claim.charge', { charge: a.targetCharge === 'charging' ? 'charging' : 'declaredPassed' });
    if (ruled(claim(s, actor, { what: about('target'), claimed, derived: say('percentile.claim.charge', { charge: 'none' }), source: say('percentile.claim.sourceCharge'), rule: 'PCT-11.23.3' }))) {
      input.target.charging = a.targetCharge === 'charging';
      if (a.targetCharge === 'declared-passed') input.target.declaredChargePassed = true;
    }
  }

  // PCT-11.29: an artillery officer directs batteries only.
  if ((a.artilleryOfficer || a.modifiers?.some((m) => m.id === 'artillery-officer')) && !artillery) {
    ruled(claim(s, actor, { what: about('fire'), claimed: say('percentile.claim.officerDirects'), derived: say('percentile.claim.noOfficer', { arm: armText(input.firer.arm) }), source: say('percentile.claim.sourceRoster'), rule: 'PCT-11.29' }));
  }

  // The named modifiers the battle can check.
  const modifiers = [...(input.modifiers ?? [])];
  const kept: typeof modifiers = [];
  for (const m of modifiers) {
    if (m.id === 'night') {
      // NIGHT-18.51: the umpire applies it on a night turn; naming it by day is a claim.
      if (f.night) continue;
      if (ruled(claim(s, actor, { what: about('turn'), claimed: say('percentile.claim.turn', { night: 'yes' }), derived: say('percentile.claim.turn', { night: 'no' }), source: say('percentile.claim.sourcePeriod', { period: s.position.period ?? 'day' }), rule: 'NIGHT-18.51' }))) gm.modifiers = [...(gm.modifiers ?? []), 'night'];
      else continue;
    }
    if (m.id === 'indirect') {
      // PCT-11.50, 11.53, 11.56, 11.57: howitzers or mortars only, never rockets or a militia rated crew.
      const directOnly =
        input.firer.arm === 'rockets' ? 'rockets' : !artillery ? 'arm' : input.firer.militia ? 'militia' : f.howitzers === null ? 'unknown' : f.howitzers <= 0 ? 'none' : null;
      const derivedIndirect = directOnly === null ? null : say('percentile.claim.directOnly', { why: directOnly, arm: armText(input.firer.arm) });
      if (derivedIndirect !== null) {
        const rule = input.firer.arm === 'rockets' ? 'PCT-11.56' : artillery && input.firer.militia ? 'PCT-11.57' : 'PCT-11.50';
        gm.indirect = ruled(claim(s, actor, { what: about('fire'), claimed: say('percentile.claim.indirect'), derived: derivedIndirect, source: say('percentile.claim.sourceLosses'), rule }));
      }
    }
    if (m.id === 'maximum-roundshot' && (!artillery || (input.firer.shot ?? 'roundshot') !== 'roundshot' || zone.zone === 'minimum')) {
      const why = say('percentile.zone.noRoundshot', { why: !artillery ? 'arm' : zone.zone === 'minimum' ? 'minimum' : 'shot', arm: input.firer.arm, zone: zone.why, shot: input.firer.shot ?? '' });
      ruled(claim(s, actor, { what: about('target'), claimed: say('percentile.claim.roundshotZone', { in: 'yes' }), derived: say('percentile.claim.roundshotZone', { in: 'no' }), source: why, rule: 'PCT-11.32' }));
    }
    if (m.id === 'skirmish-screen') input.target.screened = true;
    kept.push(m);
  }
  if (kept.length) input.modifiers = kept;
  else delete input.modifiers;
  if (Object.keys(gm).length === 0) delete input.gm;
  return { input, rulings, zone };
}
