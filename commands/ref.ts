import { defineCommand, sub, type CommandDef, type SystemPlugin } from '../src/app/slash/commands.ts';
import { reply } from '../src/app/slash/replies.ts';
import { getRuleSystem } from '../src/battle/registry.ts';
import { RuleError } from '../src/rules/errors.ts';
import { nearestIds, ruleText } from '../src/rules/reference.ts';
import { rulesNamePhrase } from '../src/battle/describe.ts';
import { say } from '../src/i18n/text.ts';

/**
 * /ref: the rules for players at the table. `rule` answers any rule ID the installed systems cite,
 * from their references (docs/rules/); the systems add their charts (/ref movement, /ref rates).
 * A query: nothing is logged, and it needs no battle.
 */
export default function ref(systems: readonly SystemPlugin[]): CommandDef {
  const all = systems.flatMap((x) => (x.reference ?? []).map((r) => ({ ...r, system: x })));
  const ids = all.map((r) => r.id);
  return defineCommand({
    name: 'ref',
    description: 'The rules for players at the table: a rule by its id, and the charts of the battle\'s rules',
    rank: 240,
    subcommands: {
      rule: sub({
        description: 'One rule by its id (PCT-11.87): what it says and what the umpire does with it',
        who: 'anyone',
        needsBattle: false,
        example: '/ref rule id:PCT-11.87',
        // In a battle, a rule of its own system: the first its phase cites, else the first of its reference.
        exampleFor: ({ state }) => {
          const system = getRuleSystem(state.system);
          const cited = new Set((system.reference ?? []).map((r) => r.id));
          const id = system.sequence.describe(state.position).rules.find((r) => cited.has(r)) ?? system.reference?.[0]?.id;
          return id ? `/ref rule id:${id}` : undefined;
        },
        options: { id: { kind: 'string', description: 'A rule ID, e.g. PCT-11.87 or MED-MORALE', required: true, default: true, complete: (c) => ids.filter((id) => id.toUpperCase().startsWith(c.typed.trim().toUpperCase())).slice(0, 25) } },
        query: (o, ctx) => {
          const typed = o.id.trim();
          const r = all.find((x) => x.id.toUpperCase() === typed.toUpperCase());
          if (!r) throw new RuleError(say('slash.ref.noRule', { id: typed, nearest: nearestIds(ids, typed).join(', ') }));
          return [reply(ctx, ruleText(r.system.id, r), say('slash.ref.title', { id: r.id, rules: rulesNamePhrase(r.system.id), use: say(`slash.ref.use.${r.use}`) }))];
        },
      }),
    },
  });
}
