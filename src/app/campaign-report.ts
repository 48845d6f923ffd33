import type { LoggedCampaignEvent } from '../campaign/events.ts';
import { evolveCampaign } from '../campaign/evolve.ts';
import { armyStrength, initialCampaign, type CampaignState } from '../campaign/state.ts';
import { plural } from '../messages.ts';
import type { CampaignSeries } from './campaign-chart.ts';

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
  const points: string[] = [];
  const snapshots: CampaignState[] = [];
  const mark = (label: string) => {
    points.push(label);
    snapshots.push(s);
  };
  for (const l of log) {
    // A turn is measured as it opens: what its orders were written for.
    if (l.event.type === 'CampaignTurnOpened') {
      if (!points.length) mark('start');
      s = { ...evolveCampaign(s, l.event), version: l.version };
      mark(`turn ${l.event.data.turn}`);
      continue;
    }
    s = { ...evolveCampaign(s, l.event), version: l.version };
    if (l.event.type === 'BattleResultApplied') mark(`after ${s.battles[l.event.data.battleId]!.name} (${l.event.data.battleId})`);
  }
  if (!snapshots.length || snapshots.at(-1)!.version !== s.version) mark('now');
  const sides = Object.values(s.sides).map((side) => ({
    name: side.name,
    armies: Object.values(s.armies)
      .filter((a) => a.sideId === side.id)
      .map((a) => ({ name: a.name, strength: snapshots.map((snap) => (snap.armies[a.id] ? armyStrength(snap, a.id) : null)) })),
  }));
  return { series: { campaign: s.name, points, sides, unit: 'figures' }, state: s, firstHash };
}

/** The report in words: each army's strength at each point, and the battles with their results. */
export function campaignReportText(r: CampaignReport): string {
  const s = r.state;
  const lines = [`Report of the campaign "${s.name}" (${s.id}), ${plural(s.turns.length, 'turn')}, ${plural(Object.keys(s.battles).length, 'battle')}.`];
  lines.push(`Strength in figures at: ${r.series.points.join(' | ')}`);
  for (const side of r.series.sides) {
    lines.push(`**${side.name}**`);
    for (const a of side.armies) lines.push(`• ${a.name}: ${a.strength.map((n) => (n === null ? '–' : String(n))).join(' → ')}`);
  }
  const battles = Object.values(s.battles);
  if (battles.length) {
    lines.push('**Battles**');
    for (const b of battles) {
      const how = b.stage === 'applied' ? b.result!.text : b.stage === 'proposed' ? `${b.result!.text} (waiting for the GM's confirmation)` : b.stage === 'running' ? 'being fought' : 'cancelled';
      lines.push(`• ${b.name} (${b.id}, turn ${b.turn}, ${b.system}): ${how}`);
    }
  }
  return lines.join('\n');
}
