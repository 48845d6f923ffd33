import { z } from 'zod';
import { getRuleSystem, systemIds } from '../battle/registry.ts';
import { Name, pathText, Player } from '../battle/oob.ts';
import { issueAt, phraseError } from '../rules/issue-text.ts';
import { checkUnitAttrs, missingText, type UnitAttrs } from '../rules/pack.ts';
import { lines, say, type Text } from '../i18n/text.ts';
import { UNIT_STATUSES, type ArmyCommand, type UnitStatus } from './events.ts';

/**
 * A side's armies as a roster file holds them (YAML or JSON), each unit with its campaign state:
 *
 *     armies:
 *       - name: The King's Army
 *         system: medieval
 *         commands:
 *           - name: Oxford's Battle
 *             officer: John de Vere, Earl of Oxford
 *             units:
 *               - { name: Oxford's Archers, status: fit, arm: archers, figures: 18, class: B, armour: light }
 *
 * Every unit's attributes are checked against its army's rule system, as a battle's order of battle is
 * (its names and players read as oob.ts reads them).
 */
/** A roster file's own error, worded where it is shown. */
const oob = (what: string) => phraseError(say(`battle.oob.${what}`));

const RosterFile = z.strictObject({
  armies: z
    .array(
      z.strictObject({
        name: Name,
        system: z
          .string({ error: oob('expectedSystem') })
          .refine((v) => systemIds().includes(v), { error: (i) => phraseError(say('battle.oob.unknownSystem', { system: String(i.input), systems: systemIds().join(', ') })) }),
        commands: z
          .array(
            z.strictObject({
              name: Name,
              officer: Name.optional(),
              player: Player.optional(),
              units: z.array(z.looseObject({ name: Name, status: z.enum(UNIT_STATUSES as [UnitStatus, ...UnitStatus[]], { error: phraseError(say('battle.oob.expectedStatus', { statuses: UNIT_STATUSES.join(', ') })) }).optional() }), {
                error: oob('expectedUnits'),
              }),
            }),
            { error: oob('expectedCommands') },
          )
          .min(1, { error: oob('expectedOneCommand') }),
      }),
      { error: oob('expectedArmies') },
    )
    .min(1, { error: oob('expectedOneArmy') }),
});

export interface RosterUnit {
  name: string;
  command: string;
  attrs: UnitAttrs;
  status: UnitStatus;
}
export interface RosterArmy {
  name: string;
  system: string;
  commands: ArmyCommand[];
  units: RosterUnit[];
}

/** Checks a roster file whole: every problem, one line each, or the armies as the campaign records them. */
export function checkRoster(raw: unknown): { ok: true; armies: RosterArmy[] } | { ok: false; errors: Text[] } {
  const shape = RosterFile.safeParse(raw);
  if (!shape.success) return { ok: false, errors: shape.error.issues.map((i) => issueAt(pathText(i.path), i)) };
  const errors: Text[] = [];
  const armies: RosterArmy[] = [];
  shape.data.armies.forEach((a, ai) => {
    const attributes = getRuleSystem(a.system).pack.attributes;
    const units: RosterUnit[] = [];
    a.commands.forEach((c, ci) =>
      c.units.forEach((u, ui) => {
        const { name, status, ...attrs } = u;
        const at = `armies[${ai}].commands[${ci}].units[${ui}]`;
        const checked = checkUnitAttrs(attributes, attrs);
        if (checked.ok) {
          units.push({ name, command: c.name, attrs: checked.attrs, status: status ?? 'fit' });
          return;
        }
        if (checked.unknown.length) errors.push(say('campaign.roster.unknownAttribute', { at, attributes: checked.unknown.map((k) => `"${k}"`).join(', '), system: a.system, known: attributes.map((x) => x.name).join(', ') }));
        for (const i of checked.invalid) errors.push(say('battle.oob.within', { at, problem: i }));
        if (checked.missing.length) errors.push(say('campaign.roster.needs', { at, unit: name, what: missingText(checked.missing) }));
      }),
    );
    armies.push({ name: a.name, system: a.system, commands: a.commands.map(({ units: _u, ...c }) => c), units });
  });
  return errors.length ? { ok: false, errors } : { ok: true, armies };
}

/** A refusal listing a roster's problems, at most 15 shown. */
export function rosterRefusal(source: string, errors: readonly Text[]): Text {
  const shown = errors.slice(0, 15);
  const more = errors.length - shown.length;
  return lines(say('campaign.roster.errors', { source, n: errors.length }), ...shown, ...(more > 0 ? [say('campaign.roster.more', { n: more })] : []));
}
