import { claim, type Ruling } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import { say, type Text } from '../../../i18n/text.ts';
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
const zoneWord = (z: 'minimum' | 'maximum' | null) => (z === null ? 'none of the small-arms zones' : `${z}`);

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
    if (a.zone !== undefined && ruled(claim(s, actor, { what: 'the fire zone', claimed: a.zone, derived: zoneWord(derived.zone), source: say('percentile.zone.measured', { why: derived.why, range: String(a.range) }), rule: derived.rule }))) {
      zone = { ...zone, zone: a.zone, ruled: true };
    }
  } else {
    if (a.zone === undefined) {
      refuse(derived.status === 'refused' ? say('percentile.fire.zoneGmOnly', { what: derived.reason }) : say('percentile.fire.zoneAsk', { what: say('percentile.fire.zoneOpen', { why: derived.why, rule: derived.rule }) }));
    }
    const r = claim(s, actor, { what: 'the fire zone', claimed: a.zone, derived: derived.status === 'refused' ? 'out of range' : 'not given by the rules', source: derived.why, rule: derived.rule });
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
        gm.row = ruled(claim(s, actor, { what: 'the Fire Chart line', claimed: a.row, derived: cl.line ?? '2 rank or 3 rank (the roster gives no ranks)', source: cl.why, rule: cl.rule }));
      }
    } else if (input.firer.gun !== undefined && !a.row.startsWith(`${input.firer.gun} `)) {
      // A battery's row names its own gun; which of its rows (a Maximum Roundshot row, say) is measured on the table.
      ruled(claim(s, actor, { what: 'the Fire Chart row', claimed: a.row, derived: `a ${input.firer.gun} row`, source: say('percentile.claim.sourceGun'), rule: 'PCT-11.15.step5' }));
    }
  }

  // PCT-11.64: single figures, headquarters bases and skirmish order cannot be enfiladed.
  if (a.enfiladed && !enfiladeable(input.target)) {
    const why = input.target.formation === 'skirmish' ? 'skirmish' : input.target.arm === 'hq' ? 'hq' : 'single';
    gm.enfilade = ruled(claim(s, actor, { what: 'the target', claimed: 'enfiladed', derived: 'not enfiladed', source: say('percentile.claim.sourceEnfilade', { why }), rule: 'PCT-11.64' }));
  }
  // PCT-11.63: only a battery is a massed battery.
  if (a.massedBattery && !ARTILLERY.includes(input.target.arm)) {
    gm.massedBattery = ruled(claim(s, actor, { what: 'the target', claimed: 'a massed battery', derived: `not a battery but ${input.target.arm}`, source: say('percentile.claim.sourceRoster'), rule: 'PCT-11.63' }));
  }

  // PCT-11.23.3, 11.83, 11.85: a charge by the target is what the log records.
  if (a.targetCharge !== undefined && !f.targetCharging) {
    const claimed = a.targetCharge === 'charging' ? 'charging' : 'a declared charge that passed its morale check';
    if (ruled(claim(s, actor, { what: 'the target', claimed, derived: 'not charging', source: say('percentile.claim.sourceCharge'), rule: 'PCT-11.23.3' }))) {
      input.target.charging = a.targetCharge === 'charging';
      if (a.targetCharge === 'declared-passed') input.target.declaredChargePassed = true;
    }
  }

  // PCT-11.29: an artillery officer directs batteries only.
  if ((a.artilleryOfficer || a.modifiers?.some((m) => m.id === 'artillery-officer')) && !artillery) {
    ruled(claim(s, actor, { what: 'the fire', claimed: 'directed by an artillery officer', derived: `${input.firer.arm} fire, which no artillery officer directs`, source: say('percentile.claim.sourceRoster'), rule: 'PCT-11.29' }));
  }

  // The named modifiers the battle can check.
  const modifiers = [...(input.modifiers ?? [])];
  const kept: typeof modifiers = [];
  for (const m of modifiers) {
    if (m.id === 'night') {
      // NIGHT-18.51: the umpire applies it on a night turn; naming it by day is a claim.
      if (f.night) continue;
      if (ruled(claim(s, actor, { what: 'this turn', claimed: 'a night turn', derived: 'a daylight turn', source: say('percentile.claim.sourcePeriod', { period: s.position.period ?? 'day' }), rule: 'NIGHT-18.51' }))) gm.modifiers = [...(gm.modifiers ?? []), 'night'];
      else continue;
    }
    if (m.id === 'indirect') {
      // PCT-11.50, 11.53, 11.56, 11.57: howitzers or mortars only, never rockets or a militia rated crew.
      const derivedIndirect =
        input.firer.arm === 'rockets'
          ? 'direct fire only: rockets never fire indirectly (PCT-11.56)'
          : !artillery
            ? `direct fire only: ${input.firer.arm} never fires indirectly`
            : input.firer.militia
              ? 'direct fire only: a militia rated crew never fires indirectly (PCT-11.57)'
              : f.howitzers === null
                ? 'direct fire only: no howitzers on the roster (set howitzers:)'
                : f.howitzers <= 0
                  ? 'direct fire only: no howitzers or mortars left'
                  : null;
      if (derivedIndirect !== null) {
        const rule = input.firer.arm === 'rockets' ? 'PCT-11.56' : artillery && input.firer.militia ? 'PCT-11.57' : 'PCT-11.50';
        gm.indirect = ruled(claim(s, actor, { what: 'the fire', claimed: 'indirect fire by howitzers or mortars', derived: derivedIndirect, source: say('percentile.claim.sourceLosses'), rule }));
      }
    }
    if (m.id === 'maximum-roundshot' && (!artillery || (input.firer.shot ?? 'roundshot') !== 'roundshot' || zone.zone === 'minimum')) {
      const why = say('percentile.zone.noRoundshot', { why: !artillery ? 'arm' : zone.zone === 'minimum' ? 'minimum' : 'shot', arm: input.firer.arm, zone: zone.why, shot: input.firer.shot ?? '' });
      ruled(claim(s, actor, { what: 'the target', claimed: 'in the Maximum Roundshot Zone', derived: 'not in the Maximum Roundshot Zone', source: why, rule: 'PCT-11.32' }));
    }
    if (m.id === 'skirmish-screen') input.target.screened = true;
    kept.push(m);
  }
  if (kept.length) input.modifiers = kept;
  else delete input.modifiers;
  if (Object.keys(gm).length === 0) delete input.gm;
  return { input, rulings, zone };
}
