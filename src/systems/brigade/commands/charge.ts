import { sub } from '../../../app/slash/commands.ts';
import { unitNames } from '../../../app/slash/complete.ts';
import { parseFaces, parseNumber } from './parse.ts';

export const charge = {
  brigade: sub({
    description: 'The activated unit charges or acts; morale, defensive fire, bayonets follow (BRG-3.2.2-3.2.5, 3.4.3-3.4.6)',
    who: 'player',
    example: '/charge brigade unit:"3rd Dragoons" action:charge target:"1/15e de Ligne" distance:1.5',
    options: {
      unit: { kind: 'string', description: 'The activated (or exploiting) unit', required: true, complete: unitNames },
      action: { kind: 'string', description: 'What it does (consolidate: exploitation only)', required: true, choices: ['charge', 'change-formation', 'change-facing', 'evade', 'tap-out', 'consolidate'] },
      target: { kind: 'string', description: 'The enemy unit charged', complete: unitNames },
      distance: { kind: 'string', description: 'The measured distance to the target, e.g. 1.5' },
      measure: { kind: 'string', description: 'Distances in inches (default) or cm', choices: ['in', 'cm'] },
      range: { kind: 'string', description: 'GM: the charge range of skirmishers or elephants (none in the source)' },
      charger_morale: { kind: 'string', description: "GM: the charger's morale test, where not recorded with /morale brigade", choices: ['passed', 'failed'] },
      target_morale: { kind: 'string', description: "GM: the target's morale test, where not recorded with /morale brigade", choices: ['passed', 'failed'] },
      breaks_on: { kind: 'string', description: 'GM: faces of the 1D6 that break the bayonets, e.g. "5 6" (house rule bayonets.breaks-on)' },
      uncontrolled_on: { kind: 'string', description: 'GM: faces of the 1D6 on which cavalry is uncontrolled (house rule uncontrolled.on)' },
    },
    action: (o) => ({
      type: 'BrigadeAct',
      unit: o.unit,
      action: o.action as 'charge' | 'change-formation' | 'change-facing' | 'evade' | 'tap-out' | 'consolidate',
      ...(o.target ? { target: o.target } : {}),
      ...(o.distance !== undefined ? { distance: parseNumber('distance', o.distance) } : {}),
      ...(o.measure ? { measure: o.measure as 'in' | 'cm' } : {}),
      ...(o.range !== undefined ? { range: parseNumber('range', o.range) } : {}),
      ...(o.charger_morale ? { chargerTest: o.charger_morale as 'passed' | 'failed' } : {}),
      ...(o.target_morale ? { targetTest: o.target_morale as 'passed' | 'failed' } : {}),
      ...(o.breaks_on ? { breaksOn: parseFaces(o.breaks_on) } : {}),
      ...(o.uncontrolled_on ? { uncontrolledOn: parseFaces(o.uncontrolled_on) } : {}),
    }),
  }),
  counter: sub({
    description: 'Counter-charge an enemy unit that charged this sub-phase; a winner may exploit (BRG-3.4.1)',
    who: 'player',
    example: '/charge counter unit:"3e Hussards" target:"3rd Dragoons"',
    options: {
      unit: { kind: 'string', description: 'The counter-charging unit', required: true, complete: unitNames },
      target: { kind: 'string', description: 'The enemy unit that charged, which it meets', required: true, complete: unitNames },
    },
    action: (o) => ({ type: 'BrigadeCounterCharge', unit: o.unit, target: o.target }),
  }),
  exploit: sub({
    description: "Exploitation: who may charge again, from this phase's charges and melees (BRG-3.4.1, BRG-3.4.2)",
    who: 'player',
    example: '/charge exploit mutual:false',
    options: { mutual: { kind: 'boolean', description: "Exploiting units of both sides affect each other's moves: initiative rounds (BRG-3.4.2)" } },
    action: (o) => ({ type: 'BrigadeExploit', mutual: o.mutual ?? false }),
  }),
};
