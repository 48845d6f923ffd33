import { sub } from '../../../app/slash/commands.ts';
import { labelled, matchingLastCode, unitNames } from '../../../app/slash/complete.ts';
import { parseModifierList, parseReasonChoices } from '../battle/parse.ts';
import { moraleReasonMisfit, typedUnit } from '../battle/reasons.ts';
import { medievalPack, type MoraleIntent } from '../index.ts';

const INTENTS: readonly MoraleIntent[] = ['receive', 'evade', 'rally', 'restore'];

export const morale = {
  test: sub({
    description: 'One Morale Test for all the reasons a unit has this phase; the result is applied (MED-MORALE)',
    who: 'player',
    rank: -1,
    example: '/morale test unit:"Welsh Spearmen" reasons:7',
    options: {
      unit: { kind: 'string', description: 'The testing unit', required: true, complete: unitNames },
      reasons: {
        kind: 'string',
        description: 'MED-MORALE-REASONS, e.g. "1 7"; .4 .8 .9 .11 come from the log (GM drops with -4)',
        // In a battle with the unit typed, only the reasons that fit it.
        ...labelled((ctx) => {
          const u = typedUnit(ctx.state, ctx.options);
          const intent = typeof ctx.options?.intent === 'string' ? (ctx.options.intent as MoraleIntent) : undefined;
          const fit = medievalPack.morale.reasons.filter((r) => !u || !ctx.state || moraleReasonMisfit(ctx.state, u, r.id, intent) === null);
          return matchingLastCode(fit, ctx.typed);
        }),
      },
      intent: { kind: 'string', description: 'Reason 3: receive or evade the charge; reason 10: rally or restore', choices: INTENTS },
      modifiers: {
        kind: 'string',
        description: 'MED-MORALE-MOD ids, e.g. "4x2 24"; class, losses, disorder derived (/ref modifiers)',
        ...labelled((ctx) => matchingLastCode(medievalPack.morale.modifiers, ctx.typed)),
      },
      commander_dead: { kind: 'boolean', description: 'Its contingent Commander is killed, wounded or not in sight (MED-MORALE-MOD.28)' },
      friends_routing: { kind: 'integer', description: 'Friendly units routing / falling back within 150yds (MED-MORALE-MOD.6)', min: 0, max: 50 },
    },
    action: (o) => {
      const { ids, drop } = parseReasonChoices(o.reasons, 'MED-MORALE-REASONS');
      return {
        type: 'MedievalMoraleTest',
        unit: o.unit,
        reasons: ids.map((id) => ({ id, ...(o.intent ? { intent: o.intent as MoraleIntent } : {}) })),
        ...(drop.length ? { dropReasons: drop } : {}),
        ...(o.modifiers ? { modifiers: parseModifierList(o.modifiers, 'MED-MORALE-MOD') } : {}),
        ...(o.commander_dead !== undefined ? { commanderDead: o.commander_dead } : {}),
        ...(o.friends_routing !== undefined ? { friendsRouting: o.friends_routing } : {}),
      };
    },
  }),
  set: sub({
    description: 'Record what the log cannot know: disorder (terrain), a rally, guns manned again (GM)',
    who: 'gm',
    rank: -1,
    example: '/morale set unit:"Welsh Spearmen" disordered:false',
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
};
