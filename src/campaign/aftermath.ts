import type { LoggedEvent } from '../battle/events.ts';
import { getRuleSystem } from '../battle/registry.ts';
import { findByName, type BattleState } from '../battle/state.ts';
import type { AttrAftermath, UnitAftermath } from '../battle/system.ts';
import { concat, either, joinedBy, say, type Text } from '../i18n/text.ts';
import { checkUnitAttrs, missingText, type AttributeSpec, type UnitAttrs } from '../rules/pack.ts';
import { figuresOf } from './decide.ts';
import type { AttrChange, LeaderResult, UnitResult, UnitStatus } from './events.ts';
import type { CampaignBattle, CampaignState } from './state.ts';
import { joined, statusWord } from './words.ts';

/**
 * What a battle's end proposes for each campaign unit that fought in it, read from the battle's
 * final state and its log by its rule system (`RuleSystem.aftermath`): figures lost, routed,
 * destroyed, leaders fallen, and every other attribute the battle changed (guns exploded, a GM's
 * edit), each with the event it came from. Nothing the seeds do not give: no attrition, no
 * recovery. A system without the hook carries its report's strength, and a unit with none left is
 * destroyed. `log` is the battle's whole log; the events an undo voided are left out here.
 */
export function proposeResult(c: CampaignState, b: CampaignBattle, battle: BattleState, log: readonly LoggedEvent[]): { units: UnitResult[]; leaders: LeaderResult[]; result: Text; sides?: Text[] } {
  const system = getRuleSystem(battle.system);
  const live = standing(log);
  const units: UnitResult[] = [];
  const leaders: LeaderResult[] = [];
  for (const id of b.units) {
    const cu = c.units[id];
    if (!cu) continue;
    const before = { figures: figuresOf(cu.attrs), status: cu.status };
    const bu = findByName(battle.units, cu.name);
    if (!bu) {
      // A GM removed it from the battle's roster: the log says nothing of it, so it stays as it was.
      units.push({ unitId: id, name: cu.name, before, after: { attrs: cu.attrs, status: cu.status }, why: [say('campaign.aftermath.notInRoster')] });
      continue;
    }
    const a: UnitAftermath = system.aftermath?.(battle, bu, live) ?? fallback(battle, bu);
    const figures = Math.max(0, Math.min(a.figures, before.figures));
    const changes = attrChanges(cu.attrs, [...edits(live, bu.id, bu.attrs), ...(a.attrs ?? [])]);
    const attrs = { ...applied(cu.attrs, changes), figures };
    units.push({ unitId: id, name: cu.name, before, after: { attrs, status: a.status }, why: [...a.why, ...unfit(system.pack.attributes, attrs, a.status, changes)], ...(changes.length ? { changes } : {}) });
    if (a.leaderFallen) {
      const army = c.armies[cu.armyId]!;
      const command = army.commands.find((x) => x.officer === a.leaderFallen) ?? army.commands.find((x) => x.name === cu.command)!;
      if (!leaders.some((l) => l.officer === a.leaderFallen)) leaders.push({ armyId: army.id, command: command.name, officer: a.leaderFallen, why: say('campaign.aftermath.fellWith', { unit: cu.name }), unitId: id });
    }
  }
  const sides = system.sideAftermath?.(battle) ?? [];
  return { units, leaders, result: resultText(c, b, units, sides), ...(sides.length ? { sides } : {}) };
}

/** The log's events that stand: those an undo voided are left out, as a replay leaves them. */
function standing(log: readonly LoggedEvent[]): LoggedEvent[] {
  const voided = new Set(log.flatMap((e) => (e.event.type === 'ActionUndone' ? e.event.data.voids : [])));
  return log.filter((e) => !voided.has(e.version));
}

/** A GM's edits of the unit in the battle (/unit edit), each attribute but its figures at its value at the end, from the last edit that set it. */
function edits(log: readonly LoggedEvent[], unitId: string, end: UnitAttrs): AttrAftermath[] {
  const last = new Map<string, number>();
  for (const { event: e, version } of log) if (e.type === 'UnitEdited' && e.data.unitId === unitId) for (const k of Object.keys(e.data.attrs)) if (k !== 'figures') last.set(k, version);
  return [...last].map(([name, version]) => ({ name, value: end[name] ?? null, why: say('campaign.aftermath.gmEdit'), version }));
}

/** The changes that leave the unit's campaign attributes different, the system's over a GM's edit of the same attribute. */
function attrChanges(attrs: UnitAttrs, given: readonly AttrAftermath[]): AttrChange[] {
  const byName = new Map(given.map((g) => [g.name, g]));
  return [...byName.values()].flatMap((g) => ((attrs[g.name] ?? null) === g.value ? [] : [{ attr: g.name, from: attrs[g.name] ?? null, to: g.value, why: g.why, version: g.version }]));
}

/**
 * A unit still to fight whose carried attributes its rules do not field (a battery with no gun
 * left: `cannon` counts from 1) is said, for a GM to rule on before its next battle: the next
 * battle's roster would refuse it, and the umpire does not make up what it becomes.
 */
function unfit(attributes: readonly AttributeSpec[], attrs: UnitAttrs, status: UnitStatus, changes: readonly AttrChange[]): Text[] {
  if (!changes.length || status === 'destroyed' || status === 'captured') return [];
  const checked = checkUnitAttrs(attributes, { ...attrs, figures: Math.max(1, figuresOf(attrs)) });
  if (checked.ok) return [];
  return [say('campaign.aftermath.unfit', { why: joinedBy([...checked.invalid, ...(checked.missing.length ? [say('campaign.decide.needs', { what: missingText(checked.missing) })] : [])], '; ') })];
}

function applied(attrs: UnitAttrs, changes: readonly AttrChange[]): UnitAttrs {
  const out = { ...attrs };
  for (const c of changes) {
    if (c.to === null) delete out[c.attr];
    else out[c.attr] = c.to;
  }
  return out;
}

function fallback(battle: BattleState, u: BattleState['units'][string]): UnitAftermath {
  const hooks = getRuleSystem(battle.system).report;
  const start = figuresOf(u.attrs);
  const figures = hooks ? hooks.unit(battle, u).strength : start;
  const lost = start - figures;
  return { figures, status: figures <= 0 ? 'destroyed' : 'fit', why: [lost > 0 ? say('campaign.aftermath.lost', { lost: String(lost), start: String(start), n: start }) : say('campaign.aftermath.noLosses')] };
}

/**
 * Each side's figures before and after, and what the battle's end says of a side as a whole (an
 * army's withdrawal): the battle's result as its log gives it, without naming a winner the rules do not.
 */
export function resultText(c: CampaignState, b: CampaignBattle, units: readonly UnitResult[], sides: readonly Text[] = []): Text {
  const bySide = new Map<string, { before: number; after: number; lost: number }>();
  for (const r of units) {
    const side = c.sides[c.armies[c.units[r.unitId]!.armyId]!.sideId]!.name;
    const t = bySide.get(side) ?? { before: 0, after: 0, lost: 0 };
    t.before += r.before.figures;
    t.after += r.after.status === 'destroyed' || r.after.status === 'captured' ? 0 : figuresOf(r.after.attrs);
    if (r.after.status !== 'fit' && r.before.status === 'fit') t.lost++;
    bySide.set(side, t);
  }
  const parts = [...bySide].map(([side, t]) => {
    const values = { side, before: String(t.before), after: String(t.after), n: t.after };
    return t.lost ? say('campaign.result.sideLost', { ...values, lost: t.lost, how: lostWords(getRuleSystem(b.system).carriedStatuses) }) : say('campaign.result.side', values);
  });
  return sides.length ? say('campaign.result.textThen', { sides: joined(parts, 'semi'), then: joinedBy(sides, ' ') }) : say('campaign.result.text', { sides: joined(parts, 'semi') });
}

/** "routed, destroyed or captured", of the statuses the battle's rules have. */
function lostWords(statuses: readonly string[] | undefined): Text {
  return either((statuses ?? ['routed', 'destroyed', 'captured']).filter((x) => x !== 'fit').map(statusWord));
}

/** The attributes besides figures a battle changed, each with the battle's event it came from: "; cannon 3 → 2 (1 gun exploded (MED-RANGE.9), event 14)". */
export const changesText = (r: Pick<UnitResult, 'changes'>): Text => {
  const value = (v: string | number | null): Text => (v === null ? say('campaign.word.none') : String(v));
  return concat(...(r.changes ?? []).map((c) => say('campaign.word.change', { attr: c.attr, from: value(c.from), to: value(c.to), why: c.why, version: String(c.version) })));
};
