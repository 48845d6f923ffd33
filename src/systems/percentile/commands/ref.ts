import { english } from '../../../i18n/text.ts';
import { sub } from '../../../app/slash/commands.ts';
import { reply } from '../../../app/slash/replies.ts';
import type { BattleState } from '../../../battle/state.ts';
import { houseValue } from '../../../battle/house.ts';
import { asked, battleRules } from '../battle/house.ts';
import { NIGHT_MORALE_PERCENT, type FireModifier } from '../index.ts';

/**
 * /ref modifiers in a percentile battle (the medieval game defines /ref; this is its percentile
 * variant): the Fire Chart modifiers by id for /fire percentile's modifiers option (PCT-11.15.step9,
 * 11.16.step8) and the night morale reduction (NIGHT-18.61), each marked as the log derives it, as a
 * house rule of the battle set it, or open. A query: nothing is logged.
 */

/** How a modifier comes into a fire: derived from the log, from an option, or named by the player. */
const HOW: Record<string, string> = {
  night: "derived by the umpire from the turn's period; a player may not name it",
  'skirmish-screen': 'applied by the umpire when the target is screened (screened:true); artillery only',
};

function valueText(m: FireModifier): string {
  if (m.kind === null || m.value === null) return 'open';
  return m.kind === 'multiplier' ? `x${m.value}` : `${Number(m.value) >= 0 ? '+' : ''}${m.value}`;
}

function fireLines(s: BattleState): string {
  const r = battleRules(s);
  return r.fire.modifiers
    .map((m) => {
      const key = m.id === 'skirmish-screen' ? 'skirmish-screen' : `modifier.${m.id}`;
      const how = [HOW[m.id], r.house[key] && english(r.house[key]), valueText(m) === 'open' ? `${m.kind !== null && m.id !== 'skirmish-screen' ? `give it as ${m.id}=value, or ` : ''}${asked(key)}` : ''].filter(Boolean);
      return `${m.id} ${m.label}: ${valueText(m)} (${m.rule})${how.length ? ` — ${how.join('; ')}` : ''}`;
    })
    .join('\n');
}

/** Still English strings (issue 43 moves /ref's chart lines to phrases): a house rule's note is worded in English here. */
function moraleLines(s: BattleState): string {
  const set = houseValue(s, 'night.morale');
  const what = set?.value === 'fifth' ? 'x4/5' : set?.value === 'points' ? `-${NIGHT_MORALE_PERCENT}` : `open: ${NIGHT_MORALE_PERCENT} points or a fifth, ${asked('night.morale')}`;
  return `night Night: morale checks to rally a routing unit or declare (or receive) a cavalry charge are -${NIGHT_MORALE_PERCENT}%, squares exempt from the charge checks: ${what} (NIGHT-18.61) — derived by the umpire from the turn's period and the check's kind${set ? `; ${english(set.note)}` : ''}`;
}

const CHARTS = { fire: fireLines, morale: moraleLines } as const;

export const ref = {
  modifiers: sub({
    description: 'Fire Chart modifiers by id for /fire percentile, and the night morale reduction; how each is set',
    who: 'anyone',
    example: '/ref modifiers chart:fire',
    options: { chart: { kind: 'string', description: 'fire, melee, control or morale', required: true, choices: Object.keys(CHARTS) } },
    query: (o, ctx) => [reply(ctx, CHARTS[o.chart as keyof typeof CHARTS](ctx.state!), `Modifiers: ${o.chart}`)],
  }),
};
