import { defineCommand, sub } from '../src/app/slash/commands.ts';
import { matching } from '../src/app/slash/complete.ts';
import { getRuleSystem } from '../src/battle/registry.ts';
import { FALLBACK, type Locale } from '../src/i18n/locales.ts';
import { word } from '../src/i18n/text.ts';
import type { BattleState } from '../src/battle/state.ts';
import type { TurnPosition } from '../src/rules/sequence.ts';

/** The phases ahead of the battle's, to the end of the next turn, by name in the reader's language: what /phase goto completes. */
function phasesAhead(s: BattleState, locale: Locale): string[] {
  const { sequence } = getRuleSystem(s.system);
  const names: string[] = [];
  let p: TurnPosition = s.position;
  do {
    p = sequence.nextPhase(p);
    // /phase goto reads a phase's name in any of the languages.
    const name = word(sequence.describe(p).name, locale);
    if (!names.includes(name)) names.push(name);
  } while (p.turn <= s.position.turn);
  return names;
}

const skip = { kind: 'boolean', description: 'Pass over what the phase still owes (GM; logged)' } as const;

export default defineCommand({
  name: 'phase',
  description: "The turn sequence of the battle's rule system",
  rank: 70,
  subcommands: {
    next: sub({
      description: 'Advance to the next phase and say what is due; held while the phase owes something (GM)',
      who: 'gm',
      example: '/phase next',
      options: { skip },
      action: (o) => ({ type: 'AdvancePhase', ...(o.skip ? { skip: true } : {}) }),
    }),
    goto: sub({
      description: 'Walk forward to a phase, stopping early where something is owed (GM)',
      who: 'gm',
      example: '/phase goto phase:"Normal Movement and Firing (side A)"',
      options: {
        phase: {
          kind: 'string',
          description: 'The phase: its name, or its number as the rules print it',
          required: true,
          default: true,
          complete: (ctx) => (ctx.state ? matching(phasesAhead(ctx.state, ctx.locale ?? FALLBACK), ctx.typed) : []),
        },
      },
      action: (o) => ({ type: 'GotoPhase', phase: o.phase }),
    }),
  },
});
