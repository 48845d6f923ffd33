import { getRuleSystem } from '../battle/registry.ts';
import { findByName, type BattleState } from '../battle/state.ts';
import type { UnitAftermath } from '../battle/system.ts';
import { plural } from '../messages.ts';
import { figuresOf } from './decide.ts';
import type { LeaderResult, UnitResult } from './events.ts';
import type { CampaignBattle, CampaignState } from './state.ts';

/**
 * What a battle's end proposes for each campaign unit that fought in it, read from the battle's
 * final state by its rule system (`RuleSystem.aftermath`): figures lost, routed, destroyed, leaders
 * fallen. Nothing the seeds do not give: no attrition, no recovery. A system without the hook
 * carries its report's strength, and a unit with none left is destroyed.
 */
export function proposeResult(c: CampaignState, b: CampaignBattle, battle: BattleState): { units: UnitResult[]; leaders: LeaderResult[]; result: string } {
  const system = getRuleSystem(battle.system);
  const units: UnitResult[] = [];
  const leaders: LeaderResult[] = [];
  for (const id of b.units) {
    const cu = c.units[id];
    if (!cu) continue;
    const before = { figures: figuresOf(cu.attrs), status: cu.status };
    const bu = findByName(battle.units, cu.name);
    if (!bu) {
      // A GM removed it from the battle's roster: the log says nothing of it, so it stays as it was.
      units.push({ unitId: id, name: cu.name, before, after: { attrs: cu.attrs, status: cu.status }, why: ['not in the battle\'s roster at its end (removed by a GM): unchanged'] });
      continue;
    }
    const a: UnitAftermath = system.aftermath?.(battle, bu) ?? fallback(battle, bu);
    const figures = Math.max(0, Math.min(a.figures, before.figures));
    // A leader who fell is no longer the unit's: the next battle draws it without him.
    const { leader, ...rest } = cu.attrs;
    const attrs = a.leaderFallen !== undefined && leader === a.leaderFallen ? { ...rest, figures } : { ...cu.attrs, figures };
    units.push({ unitId: id, name: cu.name, before, after: { attrs, status: a.status }, why: a.why });
    if (a.leaderFallen) {
      const army = c.armies[cu.armyId]!;
      const command = army.commands.find((x) => x.officer === a.leaderFallen) ?? army.commands.find((x) => x.name === cu.command)!;
      if (!leaders.some((l) => l.officer === a.leaderFallen)) leaders.push({ armyId: army.id, command: command.name, officer: a.leaderFallen, why: `fell with ${cu.name}`, unitId: id });
    }
  }
  return { units, leaders, result: resultText(c, b, units) };
}

function fallback(battle: BattleState, u: BattleState['units'][string]): UnitAftermath {
  const hooks = getRuleSystem(battle.system).report;
  const start = figuresOf(u.attrs);
  const figures = hooks ? hooks.unit(battle, u).strength : start;
  const lost = start - figures;
  return { figures, status: figures <= 0 ? 'destroyed' : 'fit', why: [lost > 0 ? `lost ${lost} of ${plural(start, 'figure')}` : 'no losses'] };
}

/** Each side's figures before and after: the battle's result as its log gives it, without naming a winner the rules do not. */
function resultText(c: CampaignState, b: CampaignBattle, units: UnitResult[]): string {
  const bySide = new Map<string, { before: number; after: number; lost: number }>();
  for (const r of units) {
    const side = c.sides[c.armies[c.units[r.unitId]!.armyId]!.sideId]!.name;
    const t = bySide.get(side) ?? { before: 0, after: 0, lost: 0 };
    t.before += r.before.figures;
    t.after += r.after.status === 'destroyed' || r.after.status === 'captured' ? 0 : figuresOf(r.after.attrs);
    if (r.after.status !== 'fit' && r.before.status === 'fit') t.lost++;
    bySide.set(side, t);
  }
  const parts = [...bySide].map(([side, t]) => `${side} ${t.before} → ${plural(t.after, 'figure')}${t.lost ? ` (${plural(t.lost, 'unit')} routed, destroyed or captured)` : ''}`);
  return `${parts.join("; ")}.`;
}
