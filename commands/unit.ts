import { say } from '../src/i18n/text.ts';
import { defineCommand, sub, type SystemPlugin } from '../src/app/slash/commands.ts';
import { attributeOptions, commandNames, unitNames } from '../src/app/slash/complete.ts';
import { findUnit } from '../src/battle/mechanics.ts';
import { unitText, unitsText } from '../src/app/reports/views.ts';
import { reply } from '../src/app/slash/replies.ts';

/** Built from the systems installed: /unit add and set take every attribute their packs declare. */
export default (systems: readonly SystemPlugin[]) => {
  const attrs = attributeOptions(systems);
  const attrNames = Object.keys(attrs);
  /** The attribute options the user gave, for the pack to validate. */
  const pickAttrs = (o: Record<string, unknown>) => Object.fromEntries(attrNames.filter((n) => o[n] !== undefined).map((n) => [n, o[n]]));

  return defineCommand({
    name: 'unit',
    description: 'Units: battalions, regiments, batteries, squadrons, screens, trains',
    rank: 50,
    subcommands: {
      add: sub({
        description: "Add a unit to a command (GM); attributes as the battle's rule system needs",
        who: 'gm',
        example: '/unit add name:"1/45th Line" command:"I Corps" arm:infantry figures:24 formation:line weapon:musket class:B',
        options: {
          name: { kind: 'string', description: 'The unit name', required: true },
          command: { kind: 'string', description: 'Its command', required: true, complete: commandNames },
          ...attrs,
        },
        action: (o) => ({ type: 'AddUnit', name: o.name, command: o.command, attrs: pickAttrs(o) }),
      }),
      set: sub({
        description: "Change a unit's attributes, name or command (GM)",
        who: 'gm',
        example: '/unit set unit:"1/45th Line" figures:20',
        options: {
          unit: { kind: 'string', description: 'The unit', required: true, complete: unitNames },
          rename: { kind: 'string', description: 'A new name' },
          command: { kind: 'string', description: 'Move it to this command', complete: commandNames },
          ...attrs,
        },
        action: (o) => ({ type: 'EditUnit', unit: o.unit, name: o.rename, command: o.command, attrs: pickAttrs(o) }),
      }),
      remove: sub({
        description: 'Remove a unit (GM)',
        who: 'gm',
        example: '/unit remove unit:"1/45th Line"',
        options: { unit: { kind: 'string', description: 'The unit', required: true, complete: unitNames } },
        action: (o) => ({ type: 'RemoveUnit', unit: o.unit }),
      }),
      show: sub({
        description: 'Show a unit, or every unit',
        who: 'anyone',
        // After the subcommands the systems add.
        rank: 1,
        example: '/unit show unit:"1/45th Line"',
        options: { unit: { kind: 'string', description: 'The unit (all when left out)', complete: unitNames } },
        query: (o, ctx) => {
          const s = ctx.state!;
          if (!o.unit) return [reply(ctx, unitsText(s), say('reports.views.unitsTitle'))];
          const u = findUnit(s, o.unit);
          return [reply(ctx, unitText(s, u), u.name)];
        },
      }),
    },
  });
};
