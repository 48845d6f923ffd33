import { defineCommand, sub } from '../../../app/slash/commands.ts';
import { unitNames } from '../../../app/slash/complete.ts';
import { quoted } from '../../../app/slash/examples.ts';
import { samePhase } from '../../../battle/mechanics.ts';
import { chg } from '../battle/state.ts';
import { parseArea, parseChargeRows, parseChargeValues, parseGmModifiers } from '../battle/parse.ts';
import { refuse } from '../../../rules/errors.ts';
import { say } from '../../../i18n/text.ts';
import { MASS_CHOICES, ROUNDINGS, type MassChoice, type Rounding } from '../rules.ts';

/** GM inputs: the values the OCR of the charge chart lost, where the battle has no house rule for them (/house show). */
const gm = (what: string) => `GM: ${what}`;

export const charge = defineCommand({
  name: 'charge',
  description: 'Charges and melee by the Napoleonic d10 charge rules (CHG-ROLL, CHG-CONTINUE, CHG-RIDEDOWN, MEL-D10)',
  rank: 160,
  subcommands: {
    roll: sub({
      description: 'Charge an enemy unit: both roll, modifiers from the roster and log, the result applied to both (CHG-ROLL)',
      who: 'player',
      example: '/charge roll attacker:"8e Hussards" defender:"IR 57 Josef Colloredo" table:open charging:flank',
      options: {
        attacker: { kind: 'string', description: 'The charging unit', required: true, complete: unitNames },
        defender: { kind: 'string', description: 'The unit charged', required: true, complete: unitNames },
        table: { kind: 'string', description: 'Charge in the open (CHG-OPEN) or in cover (CHG-COVER); the source gives no criterion', required: true, choices: ['open', 'cover'] },
        charging: { kind: 'string', description: 'Charging the flank (CHG-ATT-MOD.19) or the rear (.20)', choices: ['flank', 'rear'] },
        downhill: { kind: 'boolean', description: 'Charge downhill (CHG-ATT-MOD.12)' },
        standing_cav: { kind: 'boolean', description: 'Standing Cav (CHG-ATT-MOD.5)' },
        cw_difference: { kind: 'integer', description: 'CW difference, how many (CHG-ATT-MOD.2; its value is lost: a GM gives it)', min: 0, max: 20 },
        secure_flanks: { kind: 'integer', description: "The defender's secure flanks, 0 to 2 (CHG-DEF-MOD.8)", min: 0, max: 2 },
        cover: { kind: 'string', description: "The defender's cover (CHG-DEF-MOD.10-12)", choices: ['light', 'medium', 'heavy'] },
        closing: { kind: 'integer', description: "Attacker's closing casualties %; the log's unless a GM rules (CHG-ATT-MOD.7)", min: 0, max: 100 },
        die: { kind: 'integer', description: gm('the charge die, lost in the source (house rule charge.die)'), min: 2, max: 100 },
        mass: { kind: 'string', description: gm('Mass for this charge, undefined in the source (house rule mass)'), choices: MASS_CHOICES },
        values: { kind: 'string', description: gm('lost modifier values, e.g. "CHG-ATT-MOD.16=+5 CHG-ATT-MOD.18=+1"') },
        rows: { kind: 'string', description: gm('results of lost table rows, e.g. "CHG-OPEN.7=melee"') },
        outward_rows: { kind: 'integer', description: gm('rows a cavalry firefight shifts outward (CHG-CAV)'), min: 1, max: 12 },
        surrender_pct: { kind: 'integer', description: gm('percent a pip of the surrender d10, where the pack has none'), min: 1, max: 100 },
        surrender_rounding: { kind: 'string', description: gm('rounding of surrendered figures (house rule surrender.rounding)'), choices: ROUNDINGS },
        ride_down_area: { kind: 'string', description: gm('the dotted line area of the table, e.g. "1 to 6" (CHG-RIDEDOWN)') },
      },
      action: (o) => ({
        type: 'ChargeRoll',
        attacker: o.attacker,
        defender: o.defender,
        table: o.table as 'open' | 'cover',
        attackerChoices: {
          ...(o.charging === 'flank' ? { chargingFlank: true } : o.charging === 'rear' ? { chargingRear: true } : {}),
          ...(o.downhill ? { chargeDownhill: true } : {}),
          ...(o.standing_cav ? { standingCav: true } : {}),
          ...(o.cw_difference ? { cwDifference: o.cw_difference } : {}),
        },
        defenderChoices: {
          ...(o.secure_flanks !== undefined ? { secureFlanks: o.secure_flanks } : {}),
          ...(o.cover ? { cover: o.cover as 'light' | 'medium' | 'heavy' } : {}),
        },
        ...(o.closing !== undefined ? { closing: o.closing } : {}),
        ...(o.die !== undefined ? { die: o.die } : {}),
        ...(o.mass !== undefined ? { mass: o.mass as MassChoice } : {}),
        ...(o.surrender_rounding !== undefined ? { surrenderRounding: o.surrender_rounding as Rounding } : {}),
        ...(o.values !== undefined ? { values: parseChargeValues(o.values) } : {}),
        ...(o.rows !== undefined ? { rows: parseChargeRows(o.rows) } : {}),
        ...(o.outward_rows !== undefined ? { outwardRows: o.outward_rows } : {}),
        ...(o.surrender_pct !== undefined ? { surrenderPercentPerPip: o.surrender_pct } : {}),
        ...(o.ride_down_area !== undefined ? { rideDownArea: parseArea(o.ride_down_area) } : {}),
      }),
    }),
    continue: sub({
      description: 'Continue a charge whose result occupies the target, against a next target near enough (CHG-CONTINUE)',
      who: 'player',
      example: '/charge continue attacker:"8e Hussards" target:"12pdr Position Battery" distance:5',
      // A unit of the reader's whose charge this phase put it in its target's position, against a next target in reach (CHG-CONTINUE).
      exampleFor: ({ state: s, units, enemies }) =>
        units.flatMap((u) => {
          const last = chg(s).charges[u.id];
          const reach = last && samePhase(last.at, s.position) && !last.continued && last.continuation.allowed ? last.continuation.lessThan : null;
          return reach ? enemies(u).filter((e) => e.id !== last!.defenderId).slice(0, 2).map((e) => `/charge continue attacker:${quoted(u.name)} target:${quoted(e.name)} distance:${reach - 1}`) : [];
        }),
      options: {
        attacker: { kind: 'string', description: 'The unit that charged this phase', required: true, complete: unitNames },
        target: { kind: 'string', description: 'The next target', required: true, complete: unitNames },
        distance: { kind: 'string', description: 'Inches from the position occupied to the next target, e.g. 5 or 3.5', required: true },
      },
      action: (o) => ({ type: 'ChargeContinue', attacker: o.attacker, target: o.target, distance: inches('distance', o.distance) }),
    }),
    'ride-down': sub({
      description: 'Cavalry rides down infantry that lost a charge: one melee round, the infantry at -8 (CHG-RIDEDOWN)',
      who: 'player',
      example: '/charge ride-down cavalry:"8e Hussards" infantry:"IR 57 Josef Colloredo" area:"5 to 10"',
      // The reader's cavalry and the infantry a charge of this phase left to be ridden down (CHG-RIDEDOWN); the area only where a GM must give it.
      exampleFor: ({ state: s, units }) =>
        Object.values(chg(s).charges).flatMap((c) => {
          const r = c.rideDown;
          if (!samePhase(c.at, s.position) || c.rodeDown || r.status === 'not-applicable' || !units.some((u) => u.name === r.cavalry)) return [];
          const plain = `/charge ride-down cavalry:${quoted(r.cavalry)} infantry:${quoted(r.infantry)}`;
          return [plain, `${plain} area:"5 to 10"`];
        }),
      options: {
        cavalry: { kind: 'string', description: 'The cavalry', required: true, complete: unitNames },
        infantry: { kind: 'string', description: 'The infantry that lost the charge', required: true, complete: unitNames },
        cavalry_modifiers: { kind: 'string', description: gm('melee modifiers, the source lists none: "label=+1, other=-1"') },
        infantry_modifiers: { kind: 'string', description: gm('melee modifiers besides the -8: "label=+1"') },
        area: { kind: 'string', description: gm('the dotted line area where the pack has none, e.g. "5 to 10"') },
      },
      action: (o) => ({
        type: 'ChargeRideDown',
        cavalry: o.cavalry,
        infantry: o.infantry,
        ...(o.cavalry_modifiers !== undefined ? { cavalryModifiers: parseGmModifiers(o.cavalry_modifiers, 'MEL-D10') } : {}),
        ...(o.infantry_modifiers !== undefined ? { infantryModifiers: parseGmModifiers(o.infantry_modifiers, 'MEL-D10') } : {}),
        ...(o.area !== undefined ? { area: parseArea(o.area) } : {}),
      }),
    }),
    melee: sub({
      description: 'One melee round: 1d10 each, the loser and the winner lose steps, both disordered (MEL-D10)',
      who: 'player',
      example: '/charge melee attacker:"8e Hussards" defender:"Chevauleger-Regiment Rosenberg"',
      options: {
        attacker: { kind: 'string', description: 'One unit in the melee', required: true, complete: unitNames },
        defender: { kind: 'string', description: 'The enemy unit it fights', required: true, complete: unitNames },
        attacker_modifiers: { kind: 'string', description: gm('modifiers, the source lists none: "label=+1, other=-1"') },
        defender_modifiers: { kind: 'string', description: gm('modifiers, the source lists none: "label=+1"') },
      },
      action: (o) => ({
        type: 'ChargeMelee',
        attacker: o.attacker,
        defender: o.defender,
        ...(o.attacker_modifiers !== undefined ? { attackerModifiers: parseGmModifiers(o.attacker_modifiers, 'MEL-D10') } : {}),
        ...(o.defender_modifiers !== undefined ? { defenderModifiers: parseGmModifiers(o.defender_modifiers, 'MEL-D10') } : {}),
      }),
    }),
    status: sub({
      description: "A unit's state the log cannot know: shaken, rallied, losses, closing casualties (GM; CHG-ATT-MOD)",
      who: 'gm',
      example: '/charge status unit:"3e de Ligne" shaken:true closing:20',
      options: {
        unit: { kind: 'string', description: 'The unit', required: true, complete: unitNames },
        shaken: { kind: 'boolean', description: 'Shaken (CHG-ATT-MOD.3, CHG-DEF-MOD.1): the source has no morale rules' },
        disordered: { kind: 'boolean', description: 'Disordered (CHG-ATT-MOD.4, CHG-DEF-MOD.2)' },
        rout: { kind: 'string', description: 'Routed, broken or none (CHG-ATT-MOD.6, CHG-DEF-MOD.3)', choices: ['none', 'routed', 'broken'] },
        closing: { kind: 'integer', description: 'Casualties taken while closing this phase, % (CHG-ATT-MOD.7)', min: 0, max: 100 },
        steps: { kind: 'integer', description: 'Casualty steps lost in all (MEL-D10), e.g. after a tie', min: 0, max: 1000 },
        figures_lost: { kind: 'integer', description: 'Figures lost in all', min: 0, max: 10000 },
      },
      action: (o) => ({
        type: 'ChargeSetStatus',
        unit: o.unit,
        ...(o.shaken !== undefined ? { shaken: o.shaken } : {}),
        ...(o.disordered !== undefined ? { disordered: o.disordered } : {}),
        ...(o.rout !== undefined ? { rout: o.rout as 'none' | 'routed' | 'broken' } : {}),
        ...(o.closing !== undefined ? { closing: o.closing } : {}),
        ...(o.steps !== undefined ? { steps: o.steps } : {}),
        ...(o.figures_lost !== undefined ? { figuresLost: o.figures_lost } : {}),
      }),
    }),
  },
});

/** A distance typed as text: 5 or 3.5 inches. */
export function inches(name: string, v: string): number {
  const n = Number(v.trim());
  if (!/^\d+(\.\d+)?$/.test(v.trim()) || !Number.isFinite(n)) refuse(say('charge.commands.charge.notDistance', { option: name, value: v }));
  return n;
}
