import { lines, say, type Text } from '../../../i18n/text.ts';
import { sub } from '../../../app/slash/commands.ts';
import { reply } from '../../../app/slash/replies.ts';
import type { BattleState } from '../../../battle/state.ts';
import { houseValue } from '../../../battle/house.ts';
import { asked, battleRules } from '../battle/house.ts';
import { modifierLabel, NIGHT_MORALE_PERCENT, type FireModifier } from '../index.ts';

/**
 * /ref modifiers in a percentile battle (the medieval game defines /ref; this is its percentile
 * variant): the Fire Chart modifiers by id for /fire percentile's modifiers option (PCT-11.15.step9,
 * 11.16.step8) and the night morale reduction (NIGHT-18.61), each marked as the log derives it, as a
 * house rule of the battle set it, or open. A query: nothing is logged.
 */

/** How a modifier comes into a fire: derived from the log, or from an option. */
const HOW: Record<string, Text> = {
  night: say('percentile.ref.howNight'),
  'skirmish-screen': say('percentile.ref.howScreen'),
};

function valueText(m: FireModifier): Text {
  if (m.kind === null || m.value === null) return say('percentile.ref.open');
  return m.kind === 'multiplier' ? `x${m.value}` : `${Number(m.value) >= 0 ? '+' : ''}${m.value}`;
}

function fireLines(s: BattleState): Text {
  const r = battleRules(s);
  return lines(
    ...r.fire.modifiers.map((m) => {
      const key = m.id === 'skirmish-screen' ? 'skirmish-screen' : `modifier.${m.id}`;
      const open = m.kind === null || m.value === null;
      const how: Text[] = [
        ...(HOW[m.id] ? [HOW[m.id]!] : []),
        ...(r.house[key] ? [r.house[key]!] : []),
        ...(open ? [say('percentile.ref.howOpen', { give: m.kind !== null && m.id !== 'skirmish-screen' ? 'yes' : 'no', id: m.id, house: asked(key) })] : []),
      ];
      return say('percentile.ref.modifier', { id: m.id, label: modifierLabel(m), value: valueText(m), rule: m.rule, hasHow: how.length ? 'yes' : 'no', how: how.length ? how.reduce((a, b) => say('percentile.ref.then', { a, b })) : '' });
    }),
  );
}

function moraleLines(s: BattleState): Text {
  const set = houseValue(s, 'night.morale');
  const what = set?.value === 'fifth' ? 'x4/5' : set?.value === 'points' ? `-${NIGHT_MORALE_PERCENT}` : say('percentile.ref.moraleOpen', { points: NIGHT_MORALE_PERCENT, house: asked('night.morale') });
  return say('percentile.ref.morale', { points: NIGHT_MORALE_PERCENT, what, hasNote: set ? 'yes' : 'no', note: set ? set.note : '' });
}

const CHARTS = { fire: fireLines, morale: moraleLines } as const;

export const ref = {
  modifiers: sub({
    description: 'Fire Chart modifiers by id for /fire percentile, and the night morale reduction; how each is set',
    who: 'anyone',
    example: '/ref modifiers chart:fire',
    options: { chart: { kind: 'string', description: 'fire, melee, control or morale', required: true, choices: Object.keys(CHARTS) } },
    query: (o, ctx) => [reply(ctx, CHARTS[o.chart as keyof typeof CHARTS](ctx.state!), say('percentile.ref.title', { chart: o.chart }))],
  }),
};
