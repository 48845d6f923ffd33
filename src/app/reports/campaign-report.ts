import type { LoggedCampaignEvent, UnitResult } from '../../campaign/events.ts';
import { changesText } from '../../campaign/aftermath.ts';
import { evolveCampaign } from '../../campaign/evolve.ts';
import { figuresOf } from '../../campaign/decide.ts';
import { armyStrength, currentTurn, initialCampaign, officerWords, rulingLine, type CampaignState } from '../../campaign/state.ts';
import type { Locale } from '../../i18n/locales.ts';
import { lines, say, type Text } from '../../i18n/text.ts';
import { mention } from '../../messages.ts';
import { statusWord } from '../../campaign/words.ts';
import type { CampaignSeries } from './campaign-chart.ts';
import type { MessageFile } from '../../messages.ts';

export interface CampaignReport {
  series: CampaignSeries;
  state: CampaignState;
  /** The hash of the campaign's first event, for the chart's file name. */
  firstHash: string;
}

/**
 * Each army's strength across the campaign, read from its log: at the start of each turn, after
 * each battle's result was carried in, and now. Strength is the figures of its units neither
 * destroyed nor captured (`armyStrength`).
 */
export function campaignReport(id: string, log: readonly LoggedCampaignEvent[], firstHash: string): CampaignReport {
  let s = initialCampaign(id);
  const points: Text[] = [];
  const snapshots: CampaignState[] = [];
  const mark = (label: Text) => {
    points.push(label);
    snapshots.push(s);
  };
  for (const l of log) {
    // A turn is measured as it opens: what its orders were written for.
    if (l.event.type === 'CampaignTurnOpened') {
      if (!points.length) mark(say('reports.campaign.start'));
      s = { ...evolveCampaign(s, l.event), version: l.version };
      mark(say('reports.campaign.turn', { turn: String(l.event.data.turn) }));
      continue;
    }
    s = { ...evolveCampaign(s, l.event), version: l.version };
    if (l.event.type === 'BattleResultApplied') mark(say('reports.campaign.after', { battle: s.battles[l.event.data.battleId]!.name, id: l.event.data.battleId }));
  }
  if (!snapshots.length || snapshots.at(-1)!.version !== s.version) mark(say('reports.campaign.now'));
  const sides = Object.values(s.sides).map((side) => ({
    name: side.name,
    armies: Object.values(s.armies)
      .filter((a) => a.sideId === side.id)
      .map((a) => ({ name: a.name, strength: snapshots.map((snap) => (snap.armies[a.id] ? armyStrength(snap, a.id) : null)) })),
  }));
  return { series: { campaign: s.name, points, sides, unit: say('reports.campaign.figures') }, state: s, firstHash };
}

/**
 * The report in words: each army's strength at each point, the battles with their results as
 * confirmed (or proposed, while waiting) and a line for each unit a battle changed, with a GM's
 * ruling beside what the log proposed, then every GM's ruling (issue 41).
 */
export function campaignReportText(r: CampaignReport): Text {
  const s = r.state;
  const out: Text[] = [say('reports.campaign.head', { campaign: s.name, id: s.id, turns: s.turns.length, battles: Object.keys(s.battles).length })];
  out.push(say('reports.campaign.strengthAt', { points: joinedBy(r.series.points, ' | ') }));
  for (const side of r.series.sides) {
    out.push(say('campaign.reply.side', { side: side.name }));
    for (const a of side.armies) out.push(say('campaign.report.strength', { army: a.name, strengths: a.strength.map((n) => (n === null ? '–' : String(n))).join(' → ') }));
  }
  const battles = Object.values(s.battles);
  if (battles.length) {
    out.push(say('reports.campaign.battles'));
    for (const b of battles) {
      const how: Text = b.stage === 'applied' ? b.result!.text : b.stage === 'proposed' ? say('reports.campaign.waitingConfirmation', { result: b.result!.text }) : say(b.stage === 'running' ? 'reports.campaign.beingFought' : 'reports.campaign.cancelled');
      out.push(say('reports.campaign.battle', { battle: b.name, id: b.id, turn: String(b.turn), system: b.system, how }));
      for (const r of b.result?.units ?? []) if (changed(r)) out.push(say('reports.campaign.unitChange', { change: unitChange(r) }));
    }
  }
  if (s.rulings.length) {
    out.push(say('reports.campaign.rulings'));
    for (const r of s.rulings) out.push(say('reports.campaign.ruling', { turn: String(r.turn), ruling: rulingLine(r) }));
  }
  return lines(...out);
}

/** Texts run together by a separator that is no word ("a | b"): each worded in the reader's locale. */
const joinedBy = (texts: readonly Text[], separator: string): Text => texts.slice(1).reduce<Text>((a, b) => say('reports.join', { a, separator, b }), texts[0] ?? '');

/** A unit the battle changed: its figures, status or another attribute, or a GM ruled on it. */
const changed = (r: UnitResult): boolean => r.before.figures !== figuresOf(r.after.attrs) || r.before.status !== r.after.status || !!r.changes?.length || !!r.ruling;

/** "a; b; c" in the reader's words. */
const semicolons = (texts: readonly Text[]): Text => (texts.length ? texts.reduce((first, next) => say('app.semicolons', { first, next })) : '');

function unitChange(r: UnitResult): Text {
  const ruling: Text = r.ruling
    ? r.proposed
      ? say('reports.campaign.rulingProposed', { user: mention(r.ruling.by), note: r.ruling.note, figures: String(figuresOf(r.proposed.attrs)), status: statusWord(r.proposed.status) })
      : say('reports.campaign.rulingOnly', { user: mention(r.ruling.by), note: r.ruling.note })
    : '';
  const values = { unit: r.name, before: String(r.before.figures), after: String(figuresOf(r.after.attrs)), status: statusWord(r.after.status), was: statusWord(r.before.status), why: semicolons(r.why), changes: changesText(r), ruling };
  return say(r.before.status !== r.after.status ? 'reports.campaign.unitWas' : 'reports.campaign.unit', values);
}

/**
 * A campaign's state in words, as `umpire replay --campaign` prints it at a turn or a version: the
 * turn, each side's armies with their commands and units (as /campaign army show names them), and
 * the battles with their stage. Orders not yet revealed are counted, never shown. `latest` is the
 * log's last version, said beside the state's when the state is an earlier one.
 */
export function campaignStateText(s: CampaignState, latest?: number): Text {
  const t = currentTurn(s);
  const head = { campaign: s.name, id: s.id, version: String(s.version), when: t ? say('campaign.replay.turn', { turn: String(t.number) }) : say('campaign.replay.beforeFirst'), ended: s.ended ? 'yes' : 'no' };
  const out: Text[] = [latest !== undefined && latest !== s.version ? say('campaign.replay.headOf', { ...head, latest: String(latest) }) : say('campaign.replay.head', head)];
  if (t) {
    const sent = t.voters.filter((v) => t.orders[v.armyId]).length;
    const turn = String(t.number);
    out.push(t.revealed ? say('campaign.announce.turnRevealed', { turn }) : say('campaign.replay.ordersFrom', { turn, sent: String(sent), n: t.voters.length, paused: t.paused ? 'yes' : 'no' }));
  }
  const armies = Object.values(s.armies);
  for (const side of Object.values(s.sides)) {
    out.push(`**${side.name}**${side.players.length ? ` (${side.players.map(mention).join(', ')})` : ''}`);
    for (const a of armies.filter((x) => x.sideId === side.id)) {
      out.push(say('campaign.replay.army', { army: a.name, id: a.id, system: a.system, figures: String(armyStrength(s, a.id)) }));
      for (const c of a.commands) {
        out.push(say('campaign.replay.command', { command: c.name, hasOfficer: c.officer ? 'yes' : 'no', officer: officerWords(c), hasPlayer: c.player ? 'yes' : 'no', player: c.player ? mention(c.player) : '' }));
        for (const u of Object.values(s.units).filter((x) => x.armyId === a.id && x.command === c.name)) {
          const values = { unit: u.name, figures: String(figuresOf(u.attrs)), status: statusWord(u.status) };
          out.push(u.ruling ? say('campaign.replay.unitRuled', values) : say('campaign.replay.unit', values));
        }
      }
    }
  }
  if (!armies.length) out.push(say('campaign.replay.noArmy'));
  const battles = Object.values(s.battles);
  if (battles.length) {
    out.push(say('campaign.replay.battles'));
    for (const b of battles) {
      const stage =
        b.stage === 'applied'
          ? say('campaign.replay.confirmed', { result: b.result!.text })
          : b.stage === 'proposed'
            ? say('campaign.replay.proposed', { result: b.result!.text })
            : b.stage === 'running'
              ? say('campaign.replay.beingFought')
              : say('campaign.replay.cancelled');
      out.push(say('campaign.replay.battle', { battle: b.name, id: b.id, turn: String(b.turn), system: b.system, stage }));
    }
  }
  return lines(...out);
}

/** The report's chart as a file, its renderer loaded on the first report (and imported from src/, where the build rewrites it: see renderReportChart). */
export async function campaignChartFile(r: CampaignReport, locale: Locale = 'en'): Promise<MessageFile> {
  const { campaignChart, campaignReportFileName } = await import('./campaign-chart.ts');
  const chart = await campaignChart(r.series, locale);
  return { name: campaignReportFileName(r.state.name, r.state.id, r.firstHash, r.state.turns.length), data: chart.png, description: chart.description };
}
