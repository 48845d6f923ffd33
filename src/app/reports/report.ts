import slugify from '@sindresorhus/slugify';
import type { LoggedEvent, SystemEvent } from '../../battle/events.ts';
import { houseLine } from '../../battle/house.ts';
import { foldAll, replay } from '../../battle/replay.ts';
import { initialState, type BattleState } from '../../battle/state.ts';
import type { UnitStanding } from '../../battle/system.ts';
import { getRuleSystem, ownerOfEvent } from '../../battle/registry.ts';
import { mention } from '../../messages.ts';
import { concat, joinedBy, lines, say, type Text } from '../../i18n/text.ts';
import { rulesNameStart } from '../../battle/describe.ts';
import type { Locale } from '../../i18n/locales.ts';
import { RuleError } from '../../rules/errors.ts';
import type { BattleReport } from './battle-report.ts';
import { statusWord, strengthCount, strengthName } from './words.ts';

export type { BattleReport } from './battle-report.ts';

export interface ReportRange {
  from?: number;
  to?: number;
}

/** Events an undo voided are not part of the battle (replay skips them too). */
function voidedIn(log: readonly LoggedEvent[]): Set<number> {
  const voided = new Set<number>();
  for (const e of log) if (e.event.type === 'ActionUndone') for (const v of e.event.data.voids) voided.add(v);
  return voided;
}

export function battleReport(battleId: string, log: readonly LoggedEvent[], range: ReportRange = {}): BattleReport {
  if (!log.length) throw new RuleError(say('reports.report.noLog', { id: battleId }));
  const end = replay(battleId, log);
  const system = getRuleSystem(end.system);
  const voided = voidedIn(log);
  const live = log.filter((e) => !voided.has(e.version));
  // The turn each event happened in, and the last version of each turn.
  const turnOf = new Map<number, number>();
  const lastOfTurn = new Map<number, number>();
  let turn = system.sequence.start.turn;
  for (const e of live) {
    if (e.event.type === 'PhaseAdvanced') turn = e.event.data.to.turn;
    turnOf.set(e.version, turn);
    lastOfTurn.set(turn, e.version);
  }
  const reached = end.position.turn;
  const from = Math.max(range.from ?? system.sequence.start.turn, system.sequence.start.turn);
  const to = Math.min(range.to ?? reached, reached);
  if (from > to) {
    const values = { reached: String(reached), start: String(system.sequence.start.turn), from: range.from === undefined ? '' : String(range.from) };
    throw new RuleError(range.to === undefined ? say('reports.report.badRange', values) : say('reports.report.badRangeTo', { ...values, to: String(range.to) }));
  }

  const hooks = system.report;
  const series: BattleReport['series'] = [];
  const casualties: BattleReport['casualties'] = [];
  if (hooks) {
    type Standing = { unit: string; side: string } & UnitStanding;
    const standing = (s: BattleState) =>
      new Map(
        Object.values(s.units).map((u) => {
          const side = s.sides[s.commands[u.commandId]?.sideId ?? '']?.name ?? 'no side';
          return [u.id, { unit: u.name, side, ...hooks.unit(s, u) }] as const;
        }),
      );
    const point = (turn: number, x: Standing, event?: number): BattleReport['series'][number] => ({
      turn,
      ...(event !== undefined ? { event } : {}),
      unit: x.unit,
      side: x.side,
      strength: x.strength,
      morale: x.morale,
      ...(hooks.apart ? { apart: x.apart ?? 0 } : {}),
    });
    // The range starts from the end of the turn before it or, for the first turn, the battle as set
    // up: before its first move through the sequence or its first event of the rule system's.
    let base = 0;
    if (from > system.sequence.start.turn) for (let k = from - 1; k >= system.sequence.start.turn && !base; k--) base = lastOfTurn.get(k) ?? 0;
    else {
      const firstPlay = live.find((e) => e.event.type === 'PhaseAdvanced' || ownerOfEvent(e.event.type));
      base = firstPlay ? (live.filter((e) => e.version < firstPlay.version).at(-1)?.version ?? 0) : live.at(-1)!.version;
    }
    let last = new Map<string, Standing>();
    const lost = new Map<string, { lost: number; apart: number }>();
    // Every live event folded once; each unit read after each event of the range, so that a change
    // the turn's end hides (disordered, then routing) is a point of its own.
    const after = (e: LoggedEvent, s: BattleState) => {
      const t = turnOf.get(e.version)!;
      if (e.version === base) {
        last = standing(s);
        for (const x of last.values()) series.push(point(from - 1, x));
      }
      if (e.version <= base || t > to) return;
      const now = standing(s);
      for (const [id, x] of now) {
        // A unit that joined later starts from its roster's strength.
        const was = last.get(id) ?? { ...x, strength: x.start, apart: 0 };
        if (was.strength === x.strength && was.morale === x.morale && (was.apart ?? 0) === (x.apart ?? 0)) continue;
        series.push(point(t, x, e.version));
        const side = lost.get(x.side) ?? { lost: 0, apart: 0 };
        lost.set(x.side, { lost: side.lost + Math.max(0, was.strength - x.strength), apart: side.apart + Math.max(0, (x.apart ?? 0) - (was.apart ?? 0)) });
      }
      last = now;
      if (lastOfTurn.get(t) !== e.version) return;
      for (const x of now.values()) series.push(point(t, x));
      for (const side of new Set([...now.values()].map((x) => x.side))) {
        const n = lost.get(side) ?? { lost: 0, apart: 0 };
        casualties.push({ turn: t, side, lost: n.lost, ...(hooks.apart ? { apart: n.apart } : {}) });
      }
      lost.clear();
    };
    let previous: LoggedEvent | undefined;
    const final = foldAll(initialState(battleId), live, (e, before) => {
      if (previous) after(previous, before);
      previous = e;
    });
    if (previous) after(previous, final);
  }
  const melees: BattleReport['melees'] = [];
  for (const e of live) {
    const t = turnOf.get(e.version)!;
    if (t < from || t > to) continue;
    const owner = ownerOfEvent(e.event.type);
    if (!owner?.report?.melee) continue;
    const m = owner.report.melee(e.event as SystemEvent, replay(battleId, log, e.version - 1));
    if (m) melees.push({ ...m, turn: t, event: e.version });
  }
  const inForce = new Map<string, BattleReport['houseRules'][number]>();
  for (const e of live) {
    if (turnOf.get(e.version)! > to || (e.event.type !== 'HouseRuleSet' && e.event.type !== 'HouseRuleUnset')) continue;
    const d = e.event.data;
    inForce.delete(d.key);
    if (e.event.type === 'HouseRuleSet') inForce.set(d.key, { key: d.key, turn: turnOf.get(e.version)!, event: e.version, by: d.by, ...(e.event.data.source ? { source: e.event.data.source } : {}), text: houseLine(d.key, d.rules, e.event.data.value) });
  }
  const houseRules = [...inForce.values()];
  const sides = [...new Set([...Object.values(end.sides).map((x) => x.name), ...series.map((p) => p.side)])];
  return { battle: { id: end.id, name: end.name, system: end.system, commitment: commitmentOf(log[0]!) }, sides, turns: { from, to }, ...(hooks ? { strength: hooks.strength } : {}), ...(hooks?.apart ? { apart: hooks.apart } : {}), series, casualties, melees, houseRules };
}

/** The dice commitment a battle posted at its creation (a hash of its 32-byte secret seed): no two battles share one. */
const commitmentOf = (e: LoggedEvent): string => {
  const d = (e.event as { data?: { seedHash?: unknown } }).data;
  return typeof d?.seedHash === 'string' ? d.seedHash : '';
};

/** The longest slug of a battle's name a chart's file name carries (the name stays readable, the path short). */
const SLUG_MAX = 40;

/**
 * The chart's file name: `<slug of the name>-<id>-<8 hex of its dice commitment>-t<from>-t<to>.png`,
 * e.g. `stoke-field-b1-3fa9c2d1-t1-t2.png`. The commitment keeps two databases' b1 apart; the same battle and
 * turns re-rendered give the same name (and replace their own file). ASCII letters, digits and
 * hyphens only (no path separator, no dot but the extension's): a name is transliterated
 * ("Бородино" → borodino) and one with no letter left (emoji only) is called "battle".
 */
export function reportFileName(r: Pick<BattleReport, 'battle' | 'turns'>): string {
  const slug = (s: string) => slugify(s).slice(0, SLUG_MAX).replace(/-+$/, '');
  const hash = /^[0-9a-f]{8}/.exec(r.battle.commitment)?.[0] ?? '00000000';
  return `${slug(r.battle.name) || 'battle'}-${slug(r.battle.id) || 'battle'}-${hash}-t${r.turns.from}-t${r.turns.to}.png`;
}


/** The report in words: a line a unit, casualties by side and turn, the melees; the working of each in the log. */
export function reportText(r: BattleReport): Text {
  const range = say('reports.text.range', { single: r.turns.from === r.turns.to ? 'yes' : 'no', from: String(r.turns.from), to: String(r.turns.to) });
  const out: Text[] = [say('reports.text.head', { name: r.battle.name, id: r.battle.id, range })];
  const lost = (n: number | Text): Text => say('reports.text.lost', { n: typeof n === 'number' ? String(n) : n });
  if (!r.strength) out.push(say('reports.text.noStrength', { rulesName: rulesNameStart(r.battle.system) }));
  else {
    out.push('', say('reports.text.unitsHead', { strength: strengthName(r.strength), range, apart: r.apart ? lost(strengthName(r.apart)) : '' }));
    // Each unit's points in one pass (a filter of the series for each unit was quadratic in the units).
    const seriesOf = new Map<string, BattleReport['series']>();
    for (const p of r.series) {
      const points = seriesOf.get(p.unit);
      if (points) points.push(p);
      else seriesOf.set(p.unit, [p]);
    }
    for (const [unit, points] of seriesOf) {
      const first = points[0]!;
      const last = points.at(-1)!;
      const changes = points.slice(1).filter((p, i) => p.morale !== points[i]!.morale);
      const morale = concat(statusWord(first.morale), ...changes.map((p) => say('reports.text.moraleChange', { morale: statusWord(p.morale), turn: String(p.turn) })));
      const apart = r.apart && (last.apart ?? 0) > (first.apart ?? 0) ? lost(strengthCount((last.apart ?? 0) - (first.apart ?? 0), r.apart)) : '';
      out.push(say('reports.text.unit', { unit, side: last.side, first: String(first.strength), last: String(last.strength), strength: strengthName(r.strength), lost: first.strength > last.strength ? lost(first.strength - last.strength) : '', apart, morale }));
    }
    out.push('', say('reports.text.casualtiesHead'));
    const sides = [...new Set(r.casualties.map((c) => c.side))];
    for (const side of sides) {
      const rows = r.casualties.filter((c) => c.side === side);
      const total = rows.reduce((n, c) => n + c.lost, 0);
      const turns = (n: (c: (typeof rows)[number]) => number) => joinedBy(rows.map((c) => say('reports.text.turnCount', { turn: String(c.turn), n: String(n(c)) })), ', ');
      const apart = r.apart ? say('reports.text.sideApart', { apart: strengthName(r.apart), turns: turns((c) => c.apart ?? 0), total: strengthCount(rows.reduce((n, c) => n + (c.apart ?? 0), 0), r.apart) }) : '';
      out.push(say('reports.text.side', { side, turns: turns((c) => c.lost), total: strengthCount(total, r.strength), apart }));
    }
  }
  out.push('', say(r.melees.length ? 'reports.text.melees' : 'reports.text.noMelee'));
  for (const m of r.melees) out.push(say('reports.text.melee', { turn: String(m.turn), event: String(m.event), text: m.text }));
  if (r.houseRules.length) {
    out.push('', say('reports.text.houseHead', { n: String(r.houseRules.length) }));
    for (const h of r.houseRules) {
      const values = { text: h.text, user: mention(h.by), turn: String(h.turn), event: String(h.event) };
      out.push(h.source ? say('reports.text.houseFrom', { ...values, source: h.source }) : say('reports.text.house', values));
    }
  }
  return lines(...out);
}

/**
 * The chart's PNG, its renderer (vega, resvg) loaded on the first report rather than at start. The
 * import is made here, in src/, where the build rewrites its extension for dist/ (tsc leaves a
 * dynamic import in commands/ as written, which the compiled program cannot load).
 */
export const renderReportChart = async (r: BattleReport, locale: Locale = 'en'): Promise<Uint8Array> => (await import('./report-chart.ts')).reportChart(r, locale);

/** The chart as SVG markup, for a battle's page (issue 30); loaded as the PNG's renderer is. */
export const renderReportSvg = async (r: BattleReport, locale: Locale = 'en'): Promise<string> => (await import('./report-chart.ts')).reportSvg(r, locale);
