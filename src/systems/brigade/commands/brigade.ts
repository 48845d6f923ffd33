import { defineCommand, sub } from '../../../app/slash/commands.ts';
import { commandNames, sideNames } from '../../../app/slash/complete.ts';
import { quoted } from '../../../app/slash/examples.ts';
import { unitsOf } from '../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import { LEADER_KINDS, ROUNDINGS, type LeaderKind, type Rounding } from '../index.ts';
import { parseGivenModifiers, parseNames, parseNumber, parsePairs } from './parse.ts';
import { say } from '../../../i18n/text.ts';

/** The brigade game's melee (BRG-3.3), command and leaders (BRG-1.2, BRG-1.3): no other verb fits them. */
export const brigade = defineCommand({
  name: 'brigade',
  description: 'The brigade game: melee, command and leaders (BRG-1.2, BRG-1.3, BRG-3.3)',
  rank: 190,
  subcommands: {
    melee: sub({
      description: "Melee: average morale + each unit's melee die + modifiers; casualties and retreats applied (BRG-3.3)",
      who: 'player',
      example: '/brigade melee units_a:"3rd Dragoons" units_b:"1/15e de Ligne"',
      options: {
        units_a: { kind: 'string', description: "One side's units in the melee, separated by commas", required: true },
        units_b: { kind: 'string', description: "The other side's units, separated by commas", required: true },
        supplementary_a: { kind: 'string', description: 'GM: modifiers of side a, "label=+1, other=-1" (none in the source)' },
        supplementary_b: { kind: 'string', description: 'GM: modifiers of side b, "label=+1" (none in the source)' },
        rounding: { kind: 'string', description: 'GM: how a fractional average morale is rounded (house rule melee.rounding)', choices: ROUNDINGS },
        infantry_retreat: { kind: 'string', description: 'GM: the infantry retreat in inches, illegible in the source (house rule retreat.infantry)' },
        remainder: { kind: 'string', description: "GM: the loser's units to take an uneven remainder, in order" },
        on_tie: { kind: 'string', description: 'GM: the side that loses if strengths are equal (house rule melee.tie)', complete: sideNames },
        melee_dice: { kind: 'string', description: 'Melee dice other than the roster\'s: "unit=1D3"; a GM\'s ruling, logged' },
      },
      action: (o) => ({
        type: 'BrigadeMelee',
        a: parseNames(o.units_a),
        b: parseNames(o.units_b),
        ...(o.supplementary_a ? { supplementaryA: parseGivenModifiers(o.supplementary_a) } : {}),
        ...(o.supplementary_b ? { supplementaryB: parseGivenModifiers(o.supplementary_b) } : {}),
        ...(o.rounding ? { rounding: o.rounding as Rounding } : {}),
        ...(o.infantry_retreat !== undefined ? { infantryRetreat: parseNumber('infantry_retreat', o.infantry_retreat) } : {}),
        ...(o.remainder ? { remainder: parseNames(o.remainder) } : {}),
        ...(o.on_tie ? { onTie: o.on_tie } : {}),
        ...(o.melee_dice ? { meleeDice: parsePairs(o.melee_dice, 'die').map((p) => ({ unit: p.name, die: p.value.toUpperCase() })) } : {}),
      }),
    }),
    'melee-tie': sub({
      description: 'GM ruling on a melee of equal strengths: the side that loses (BRG-3.3.3 gives no tie rule)',
      who: 'gm',
      example: '/brigade melee-tie loser:"French Army of Portugal"',
      options: { loser: { kind: 'string', description: 'The losing side', required: true, complete: sideNames } },
      action: (o) => ({ type: 'BrigadeMeleeTie', loser: o.loser }),
    }),
    remainder: sub({
      description: "GM ruling on an uneven split: the loser's units taking the extra casualties left (BRG-3.3.4)",
      who: 'gm',
      example: '/brigade remainder units:"1/15e de Ligne"',
      options: { units: { kind: 'string', description: 'The units, one casualty each, separated by commas', required: true } },
      action: (o) => ({ type: 'BrigadeAssignRemainder', units: parseNames(o.units) }),
    }),
    'out-of-command': sub({
      description: 'Mark battalions more than 4" from the Brigadier, or all if he is 12" from the Sub General (BRG-1.3)',
      who: 'player',
      example: '/brigade out-of-command brigade:"Wallace\'s Brigade" to_sub_general:8 battalions:"1/45th Foot=2; 1/88th Foot=5"',
      // A brigade of the reader's, every battalion measured (BRG-1.3): the second one beyond 4" of its Brigadier.
      exampleFor: ({ state: s, units }) =>
        [...new Set(units.map((u) => u.commandId))].slice(0, 10).flatMap((id) => {
          const c = s.commands[id];
          const battalions = c ? unitsOf(s, c).map((u, i) => `${u.name}=${i === 1 ? 5 : 2}`) : [];
          return c && battalions.length ? [`/brigade out-of-command brigade:${quoted(c.name)} to_sub_general:8 battalions:${quoted(battalions.join('; '))}`] : [];
        }),
      options: {
        brigade: { kind: 'string', description: 'The brigade (command)', required: true, complete: commandNames },
        to_sub_general: { kind: 'string', description: "The Brigadier's measured distance to his Sub General", required: true },
        battalions: { kind: 'string', description: 'Each battalion=its measured distance to the Brigadier, separated by ;', required: true },
        measure: { kind: 'string', description: 'Distances in inches (default) or cm', choices: ['in', 'cm'] },
      },
      action: (o) => ({
        type: 'BrigadeOutOfCommand',
        brigade: o.brigade,
        toSubGeneral: parseNumber('to_sub_general', o.to_sub_general),
        battalions: parsePairs(o.battalions, 'distance').map((p) => ({ unit: p.name, distance: parseNumber(p.name, p.value) })),
        ...(o.measure ? { measure: o.measure as 'in' | 'cm' } : {}),
      }),
    }),
    leader: sub({
      description: "Declare an army commander or Sub General; a brigade's officer is its commander (GM; BRG-1.2)",
      who: 'gm',
      example: '/brigade leader name:Wellington side:Anglo-Portuguese kind:army-commander',
      options: {
        name: { kind: 'string', description: "The leader's name", required: true },
        side: { kind: 'string', description: 'His side', required: true, complete: sideNames },
        kind: { kind: 'string', description: 'His kind, or none to remove him', required: true, choices: [...LEADER_KINDS, 'none'] },
      },
      action: (o) => ({ type: 'BrigadeSetLeader', name: o.name, side: o.side, kind: o.kind === 'none' ? null : (o.kind as LeaderKind) }),
    }),
    fallen: sub({
      description: 'A leader fell: the Fallen Leader result the GM gives (not in the source; BRG-2.2.3, BRG-3.3.5)',
      who: 'gm',
      example: '/brigade fallen leader:"Général de brigade Arnauld" rule:BRG-3.3.5',
      options: {
        leader: { kind: 'string', description: 'The leader who fell', required: true },
        rule: { kind: 'string', description: 'Fallen to shooting (BRG-2.2.3) or in melee (BRG-3.3.5)', required: true, choices: ['BRG-2.2.3', 'BRG-3.3.5'] },
      },
      action: (o) => {
        if (o.rule !== 'BRG-2.2.3' && o.rule !== 'BRG-3.3.5') refuse(say('brigade.parse.fallenRule'));
        return { type: 'BrigadeLeaderFell', leader: o.leader, rule: o.rule };
      },
    }),
  },
});
