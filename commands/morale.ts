import { defineCommand, sub } from '../src/app/commands.ts';
import { matchingLast, unitNames } from '../src/app/complete.ts';
import { parseModifierList, parseReasonList } from '../src/rules/medieval/battle.ts';
import { MORALE_KINDS, MORALE_STATES, type MoraleKind, type MoraleState } from '../src/rules/percentile/battle.ts';
import { medievalPack, type MoraleIntent } from '../src/rules/medieval/index.ts';
import { parsePairs } from '../src/rules/brigade/battle.ts';
import { refuse } from '../src/rules/errors.ts';

const INTENTS: readonly MoraleIntent[] = ['receive', 'evade', 'rally', 'restore'];

export default defineCommand({
  name: 'morale',
  description: 'Morale tests, by the battle\'s rule system',
  subcommands: {
    test: sub({
      description: 'One Morale Test for all the reasons a unit has this phase; the result is applied (MED-MORALE)',
      who: 'player',
      example: '/morale test unit:"Welsh Spearmen" reasons:"4 8" modifiers:"4x2"',
      systems: ['medieval'],
      options: {
        unit: { kind: 'string', description: 'The testing unit', required: true, complete: unitNames },
        reasons: {
          kind: 'string',
          description: 'MED-MORALE-REASONS ids or numbers, e.g. "4 8": one test, the highest priority counts',
          required: true,
          complete: (ctx) => matchingLast(medievalPack.morale.reasons.map((r) => r.id), ctx.typed),
        },
        intent: { kind: 'string', description: 'Reason 3: receive or evade the charge; reason 10: rally or restore', choices: INTENTS },
        modifiers: {
          kind: 'string',
          description: 'MED-MORALE-MOD ids, e.g. "4x2 24"; class, losses, disorder derived (/ref modifiers)',
          complete: (ctx) => matchingLast(medievalPack.morale.modifiers.map((m) => m.id), ctx.typed),
        },
        commander_dead: { kind: 'boolean', description: 'Its contingent Commander is killed, wounded or not in sight (MED-MORALE-MOD.28)' },
        friends_routing: { kind: 'integer', description: 'Friendly units routing / falling back within 150yds (MED-MORALE-MOD.6)', min: 0, max: 50 },
      },
      action: (o) => ({
        type: 'MedievalMoraleTest',
        unit: o.unit,
        reasons: parseReasonList(o.reasons, 'MED-MORALE-REASONS').map((id) => ({ id, ...(o.intent ? { intent: o.intent as MoraleIntent } : {}) })),
        ...(o.modifiers ? { modifiers: parseModifierList(o.modifiers, 'MED-MORALE-MOD') } : {}),
        ...(o.commander_dead !== undefined ? { commanderDead: o.commander_dead } : {}),
        ...(o.friends_routing !== undefined ? { friendsRouting: o.friends_routing } : {}),
      }),
    }),
    set: sub({
      description: 'Record what the log cannot know: disorder (terrain), a rally, guns manned again (GM)',
      who: 'gm',
      example: '/morale set unit:"Welsh Spearmen" disordered:false',
      systems: ['medieval'],
      options: {
        unit: { kind: 'string', description: 'The unit', required: true, complete: unitNames },
        disordered: { kind: 'boolean', description: 'Disordered (MED-TERRAIN, MED-MORALE-EFFECTS)' },
        routing: { kind: 'boolean', description: 'Routing (MED-MORALE-EFFECTS.1)' },
        guns_abandoned: { kind: 'boolean', description: 'Artillery: its guns abandoned (MED-MORALE-EFFECTS.1c, .2c)' },
      },
      action: (o) => ({
        type: 'MedievalSetStatus',
        unit: o.unit,
        ...(o.disordered !== undefined ? { disordered: o.disordered } : {}),
        ...(o.routing !== undefined ? { routing: o.routing } : {}),
        ...(o.guns_abandoned !== undefined ? { gunsAbandoned: o.guns_abandoned } : {}),
      }),
    }),
    check: sub({
      description: "A morale check at the percent from your chart: -20% at night to rally or charge (NIGHT-18.61)",
      who: 'player',
      example: '/morale check unit:"1/28th Foot" kind:fire-loss percent:65 on_fail:disordered',
      systems: ['percentile'],
      options: {
        unit: { kind: 'string', description: 'The testing unit', required: true, complete: unitNames },
        kind: { kind: 'string', description: 'fire-loss (PCT-11.72), rally a router, declare or receive a charge, other', required: true, choices: MORALE_KINDS },
        percent: { kind: 'integer', description: "The unit's chance from your morale chart (15.0); pass at or under", required: true, min: 0, max: 100 },
        on_pass: { kind: 'string', description: "The unit's state after a pass, as your chart gives it (default unchanged)", choices: MORALE_STATES },
        on_fail: { kind: 'string', description: "The unit's state after a failure, as your chart gives it (default unchanged)", choices: MORALE_STATES },
      },
      action: (o) => ({
        type: 'PercentileMoraleCheck',
        unit: o.unit,
        kind: o.kind as MoraleKind,
        percent: o.percent,
        ...(o.on_pass ? { onPass: o.on_pass as MoraleState } : {}),
        ...(o.on_fail ? { onFail: o.on_fail as MoraleState } : {}),
      }),
    }),
    state: sub({
      description: "Record a unit's morale state no check here decided: a rally, shock combat, terrain (GM)",
      who: 'gm',
      example: '/morale state unit:"61e de Ligne" state:disordered reason:"shock combat"',
      systems: ['percentile'],
      options: {
        unit: { kind: 'string', description: 'The unit', required: true, complete: unitNames },
        state: { kind: 'string', description: 'good, disordered or routing', required: true, choices: MORALE_STATES },
        reason: { kind: 'string', description: 'Why, in a few words' },
      },
      action: (o) => ({ type: 'PercentileSetMorale', unit: o.unit, state: o.state as MoraleState, ...(o.reason ? { reason: o.reason } : {}) }),
    }),
    brigade: sub({
      description: "A unit's morale test result, the GM's (how it is rolled is not in the source); once per phase (BRG-2.2.2)",
      who: 'gm',
      example: '/morale brigade unit:"1/15e de Ligne" result:passed',
      systems: ['brigade'],
      options: {
        unit: { kind: 'string', description: 'The unit that tested', required: true, complete: unitNames },
        result: { kind: 'string', description: 'Passed or failed', required: true, choices: ['passed', 'failed'] },
        elephants: { kind: 'boolean', description: 'A second test this phase: affected by stampeding elephants (BRG-2.2.2)' },
      },
      action: (o) => ({ type: 'BrigadeMoraleResult', unit: o.unit, result: o.result as 'passed' | 'failed', ...(o.elephants !== undefined ? { elephants: o.elephants } : {}) }),
    }),
    army: sub({
      description: 'Army morale: d6 against the Army Morale Table number; higher withdraws (GM; BRG-4.1-4.3)',
      who: 'gm',
      example: '/morale army broken:"Anglo-Portuguese=0; French Army of Portugal=1" table:"French Army of Portugal=4"',
      systems: ['brigade'],
      options: {
        broken: { kind: 'string', description: 'Each side=its broken brigades (the definition is not in the source)', required: true },
        table: { kind: 'string', description: 'Each side=its Army Morale Table number, or none (the table is not in the source)' },
        formed: { kind: 'string', description: 'Each side=formed infantry and cavalry brigades, where not the roster\'s (GM ruling)' },
      },
      action: (o) => {
        const table = new Map(parsePairs(o.table ?? '', 'number').map((p) => [p.name.toLowerCase(), p.value]));
        const formed = new Map(parsePairs(o.formed ?? '', 'number').map((p) => [p.name.toLowerCase(), p.value]));
        const count = (what: string, v: string) => (/^\d+$/.test(v) ? Number(v) : refuse(`${what} is a whole number (got "${v}").`));
        return {
          type: 'BrigadeArmyMorale',
          armies: parsePairs(o.broken, 'number').map((p) => {
            const n = table.get(p.name.toLowerCase());
            const f = formed.get(p.name.toLowerCase());
            return {
              side: p.name,
              broken: count(`${p.name}'s broken brigades`, p.value),
              ...(n !== undefined ? { tableNumber: n === 'none' ? null : count(`${p.name}'s table number`, n) } : {}),
              ...(f !== undefined ? { formed: count(`${p.name}'s formed brigades`, f) } : {}),
            };
          }),
        };
      },
    }),
  },
});
