import { sub, type ExampleContext } from '../../../app/slash/commands.ts';
import { quoted } from '../../../app/slash/examples.ts';
import { unitSideId } from '../../../battle/mechanics.ts';
import { routingSeen } from '../battle/advance.ts';
import { figuresNow, phaseId } from '../battle/state.ts';
import { labelled, matchingLastCode, unitNames } from '../../../app/slash/complete.ts';
import { wordedRows } from '../words.ts';
import { parseModifierList, parseReasonChoices } from '../battle/parse.ts';
import { LOG_REASONS_PHASE, moraleReasonMisfit, typedUnit } from '../battle/reasons.ts';
import { medievalPack, type MoraleIntent } from '../index.ts';

const INTENTS: readonly MoraleIntent[] = ['receive', 'evade', 'rally', 'restore'];

/**
 * The reasons a phase's Morale Test is for (MED-SEQ.4-10), as an example gives them: a charger
 * seeing the enemy it advances on (.7), a counter-charge (.1), meeting a charge (.3), charging home
 * under fire (.2), seeing friends rout (.6). Phase 15's come from the log (MED-SEQ.15).
 */
const PHASE_REASONS: Readonly<Record<string, readonly { id: number; intent?: MoraleIntent }[]>> = {
  'MED-SEQ.4': [{ id: 7 }],
  'MED-SEQ.5': [{ id: 1 }, { id: 7 }],
  'MED-SEQ.6': [{ id: 3, intent: 'receive' }],
  'MED-SEQ.7': [{ id: 3, intent: 'receive' }],
  'MED-SEQ.8': [{ id: 2 }],
  'MED-SEQ.9': [{ id: 2 }],
  'MED-SEQ.10': [{ id: 6 }],
};

/**
 * A Morale Test for a unit that owes it: in phase 15 a unit the log gives reasons (they are added,
 * so none is typed); in phase 10 a friend of a unit routing or falling back in disorder (MED-SEQ.10);
 * in phases 4 to 9 a unit of the side testing, for a reason of that phase that fits it.
 */
function moraleExample({ state: s, units, owing }: ExampleContext): string[] {
  const pid = phaseId(s.position);
  if (pid === LOG_REASONS_PHASE) return owing.map((u) => `/morale test unit:${quoted(u.name)}`);
  const seen = pid === 'MED-SEQ.10' ? routingSeen(s, s.position.turn) : [];
  const testing = pid === 'MED-SEQ.10' ? units.filter((u) => seen.some((id) => id !== u.id && unitSideId(s, s.units[id]!) === unitSideId(s, u))) : units;
  return testing.flatMap((u) =>
    (PHASE_REASONS[pid] ?? [])
      .filter((r) => figuresNow(s, u) > 0 && moraleReasonMisfit(s, u, `MED-MORALE-REASONS.${r.id}`, r.intent) === null)
      .map((r) => `/morale test unit:${quoted(u.name)} reasons:${r.id}${r.intent ? ` intent:${r.intent}` : ''}`),
  );
}

export const morale = {
  test: sub({
    description: 'One Morale Test for all the reasons a unit has this phase; the result is applied (MED-MORALE)',
    who: 'player',
    rank: -1,
    example: '/morale test unit:"Welsh Spearmen" reasons:7',
    exampleFor: moraleExample,
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
          return matchingLastCode(wordedRows('reason', fit, ctx.locale), ctx.typed);
        }),
      },
      intent: { kind: 'string', description: 'Reason 3: receive or evade the charge; reason 10: rally or restore', choices: INTENTS },
      modifiers: {
        kind: 'string',
        description: 'MED-MORALE-MOD ids, e.g. "4x2 24"; class, losses, disorder derived (/ref modifiers)',
        ...labelled((ctx) => matchingLastCode(wordedRows('modifier', medievalPack.morale.modifiers, ctx.locale), ctx.typed)),
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
