import { z } from 'zod';
import { normalizeName } from './names.ts';
import { say, type Text } from '../i18n/text.ts';
import { issueAt, phraseError } from '../rules/issue-text.ts';
import { checkUnitAttrs, missingText, type AttributeSpec, type UnitAttrs } from '../rules/pack.ts';

/**
 * An order of battle as a file holds it (YAML or JSON), before its units are checked against the
 * pack. Names come out normalised as every name the battle stores (names.ts).
 */
const expected = (what: string) => phraseError(say(`battle.oob.${what}`));
export const Name = z
  .string({ error: expected('expectedName') })
  .transform(normalizeName)
  .pipe(z.string().min(1, { error: expected('expectedName') }).max(80, { error: expected('expectedShortName') }));
/** A player is a user id, not a name the battle gives anything. */
export const Player = z.string({ error: expected('expectedUser') }).trim().min(1, { error: expected('expectedUser') }).max(80, { error: expected('expectedShortUser') });
const OobFile = z.strictObject({
  sides: z
    .array(
      z.strictObject({
        name: Name,
        commands: z
          .array(
            z.strictObject({
              name: Name,
              officer: Name.optional(),
              player: Player.optional(),
              units: z.array(z.looseObject({ name: Name }), { error: expected('expectedUnits') }),
            }),
            { error: expected('expectedCommands') },
          )
          .default([]),
      }),
      { error: expected('expectedSides') },
    )
    .min(1, { error: expected('expectedOneSide') }),
});

export interface OobUnit {
  name: string;
  attrs: UnitAttrs;
}
export interface OobCommand {
  name: string;
  officer?: string;
  player?: string;
  units: OobUnit[];
}
export interface OrderOfBattle {
  sides: { name: string; commands: OobCommand[] }[];
}

/** Where in a file a problem is: `sides[0].commands[1].units[3]`. */
export const pathText = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${String(k)}` : String(k)), '');

/**
 * Validates a parsed file against the shape and the system's unit attributes.
 * Returns every problem as `sides[0].commands[1].units[3].figures: expected a positive whole number`,
 * and each unit's missing attributes on one line: `sides[0].commands[0].units[2] ("Royal Ordnance") needs cannon (...)`.
 */
export function checkOrderOfBattle(
  raw: unknown,
  attributes: readonly AttributeSpec[],
): { ok: true; oob: OrderOfBattle } | { ok: false; errors: Text[] } {
  const shape = OobFile.safeParse(raw);
  if (!shape.success) {
    return { ok: false, errors: shape.error.issues.map((i) => issueAt(pathText(i.path), i)) };
  }
  const errors: Text[] = [];
  const oob: OrderOfBattle = { sides: [] };
  shape.data.sides.forEach((side, si) => {
    const commands: OobCommand[] = [];
    side.commands.forEach((cmd, ci) => {
      const units: OobUnit[] = [];
      cmd.units.forEach((unit, ui) => {
        const { name, ...attrs } = unit;
        const checked = checkUnitAttrs(attributes, attrs);
        const at = `sides[${si}].commands[${ci}].units[${ui}]`;
        if (checked.ok) {
          units.push({ name, attrs: checked.attrs });
          return;
        }
        if (checked.unknown.length) errors.push(say('rules.issue.at', { path: at, problem: say('rules.attr.unknown', { names: checked.unknown.map((k) => `"${k}"`).join(', '), attributes: attributes.map((a) => a.name).join(', ') }) }));
        for (const i of checked.invalid) errors.push(say('battle.oob.within', { at, problem: i }));
        if (checked.missing.length) errors.push(say('battle.oob.needs', { at, unit: name, what: missingText(checked.missing) }));
      });
      commands.push({ name: cmd.name, officer: cmd.officer, player: cmd.player, units });
    });
    oob.sides.push({ name: side.name, commands });
  });
  return errors.length ? { ok: false, errors } : { ok: true, oob };
}
