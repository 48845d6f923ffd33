import type { Language } from '../i18n/locales.ts';
import { say, type Text } from '../i18n/text.ts';
import { mention } from '../messages.ts';
import { fateWord } from './words.ts';
import type { SystemId } from '../rules/pack.ts';
import type { ArmyCommand, CampaignEvent, CampaignHouseRule, LeaderResult, LoggedCampaignEvent, RevealedOrders, UnitRecord, UnitResult } from './events.ts';

export interface CampaignSide {
  id: string;
  name: string;
  players: string[];
}

export interface Army {
  id: string;
  name: string;
  sideId: string;
  system: SystemId;
  commands: ArmyCommand[];
}

export interface CampaignUnit extends UnitRecord {
  armyId: string;
  /** Its state is a GM's ruling (issue 41): their words, the battle it was given after, what that battle's log proposed. Gone once a battle's log gives its state again. */
  ruling?: { by?: string; note: string; battle?: string; proposed?: { figures: number; status: string } };
  /** Its figures as its roster or reinforcement gave them: its original strength in the campaign (issue 41). */
  original: number;
}

/** A GM's ruling as the status post and the report list it (issue 41): on what, what it changed, their words. */
export interface GmRuling {
  version: number;
  /** The campaign turn it was given in (0 before the first). */
  turn: number;
  subject: string;
  /** What it changed: a phrase (an older log's English). */
  change: Text;
  note: string;
  by?: string;
}

export interface SentOrders {
  text: string;
  by: string;
  onBehalf: boolean;
}

export interface CampaignTurn {
  number: number;
  openedAt: string;
  /** When the orders are revealed if not all in before; absent while paused or when none was set. */
  deadline?: string;
  paused?: { remainingMs?: number };
  reminded: boolean;
  voters: { armyId: string; users: string[] }[];
  /** Secret until revealed (docs/architecture.md, Secrecy). */
  orders: Record<string, SentOrders>;
  /** The GM who entered an army's first orders of the turn: the status post marks them so, and keeps the mark if its players change them (a change is told to nobody). */
  enteredBy?: Record<string, string>;
  revealed?: RevealedOrders[];
}

export type CampaignBattleStage = 'running' | 'cancelled' | 'proposed' | 'applied';

export interface CampaignBattle {
  id: string;
  name: string;
  channel: string;
  system: SystemId;
  turn: number;
  armies: string[];
  units: string[];
  stage: CampaignBattleStage;
  /** What it started with of the campaign's rules for its system (issue 41). */
  options?: Record<string, unknown>;
  house?: CampaignHouseRule[];
  /** The language it was started in, if given; else the campaign's. */
  language?: Language;
  /** The proposal, as adjusted, while the GM has not confirmed it; then what was applied. `text` follows the units as they stand (resultText). */
  result?: { through: { version: number; hash: string }; units: UnitResult[]; leaders: LeaderResult[]; text: Text; sides?: Text[] };
}

/** A link to the campaign's page: the event that made it, and whether it was revoked (then it never opens again). */
export interface CampaignLink {
  id: string;
  version: number;
  revoked: boolean;
}

export interface CampaignState {
  id: string;
  version: number;
  name: string;
  channel: string;
  gms: string[];
  /** The language of its posts, and of its battles unless started in another (`/campaign create language:`); English for a log from before. */
  language: Language;
  sides: Record<string, CampaignSide>;
  armies: Record<string, Army>;
  units: Record<string, CampaignUnit>;
  /** Campaign turns by number; the latest is the current one. */
  turns: CampaignTurn[];
  battles: Record<string, CampaignBattle>;
  /** The GM's rulings on units and leaders, in the order given. */
  rulings: GmRuling[];
  ended: boolean;
  /** Per rule system, what its battles start with: /battle create's options, and house rules by key (issue 41). */
  systems: Record<string, { options: Record<string, unknown>; house: Record<string, CampaignHouseRule> }>;
  /** The links to its page, live and revoked, by id. */
  links: Record<string, CampaignLink>;
  /** A link id is never reused, so a revoked link stays dead. */
  nextId: { side: number; army: number; unit: number; battle: number; link: number };
}

export const initialCampaign = (id: string): CampaignState => ({
  id,
  version: 0,
  name: '',
  channel: '',
  gms: [],
  language: 'en',
  sides: {},
  armies: {},
  units: {},
  turns: [],
  battles: {},
  rulings: [],
  ended: false,
  systems: {},
  links: {},
  nextId: { side: 1, army: 1, unit: 1, battle: 1, link: 1 },
});

/** The campaign's live link, if it has one. */
export const liveLink = (s: CampaignState): CampaignLink | undefined => Object.values(s.links).find((l) => !l.revoked);

export const currentTurn = (s: CampaignState): CampaignTurn | undefined => s.turns.at(-1);
export const isCampaignGm = (s: CampaignState, user: string): boolean => s.gms.includes(user);
export const sideOf = (s: CampaignState, user: string): CampaignSide | undefined => Object.values(s.sides).find((x) => x.players.includes(user));
/** A player of the campaign: on a side, playing a command of an army (as its roster names them), or a GM. */
export const isCampaignPlayer = (s: CampaignState, user: string): boolean =>
  isCampaignGm(s, user) || sideOf(s, user) !== undefined || Object.values(s.armies).some((a) => a.commands.some((c) => c.player === user));

/**
 * Orders that replace those an army already sent for the turn (`s` the state before them): its
 * players' own business, of which nobody else is told, lest the change itself say something (issue 37).
 */
export const changesOrders = (s: CampaignState, e: CampaignEvent): boolean =>
  e.type === 'OrdersSent' && s.turns.find((t) => t.number === e.data.turn)?.orders[e.data.armyId] !== undefined;

/**
 * The versions of the orders that never count, so are never revealed (issue 37): each replaced by
 * later orders of the same army in the same turn. Those up to `through` only.
 */
export function neverRevealedOrders(events: readonly LoggedCampaignEvent[], through = Infinity): Set<number> {
  const current = new Map<string, number>();
  const never = new Set<number>();
  for (const { version, event: e } of events) {
    if (version > through) break;
    if (e.type !== 'OrdersSent') continue;
    const key = `${e.data.turn}\n${e.data.armyId}`;
    const before = current.get(key);
    if (before !== undefined) never.add(before);
    current.set(key, version);
  }
  return never;
}

/** The users who send an army's orders: its commands' players where set, else every player of its side. */
export function armyUsers(s: CampaignState, army: Army): string[] {
  const assigned = [...new Set(army.commands.map((c) => c.player).filter((p): p is string => !!p))];
  return assigned.length ? assigned : [...(s.sides[army.sideId]?.players ?? [])];
}

/**
 * An army's commands played by a player of another side (issue 38). A roster names its side's own
 * players and a GM gives a command only to a player of its side, so no log written since has one; an
 * older log may, until a GM gives the command to a player of its side with /campaign army assign.
 */
export function strayCommands(s: CampaignState, army: Army): { command: string; player: string; side: CampaignSide }[] {
  return army.commands.flatMap((c) => {
    const side = c.player === undefined ? undefined : sideOf(s, c.player);
    return side && side.id !== army.sideId ? [{ command: c.name, player: c.player!, side }] : [];
  });
}

/** A GM's ruling as the status post and the report list it. */
export function rulingLine(r: GmRuling): Text {
  const values = { subject: r.subject, change: r.change };
  if (r.note) return r.by ? say('campaign.announce.rulingNoteBy', { ...values, note: r.note, user: mention(r.by) }) : say('campaign.announce.rulingNote', { ...values, note: r.note });
  return r.by ? say('campaign.announce.rulingBy', { ...values, user: mention(r.by) }) : say('campaign.announce.ruling', values);
}

/** What keeps a command's officer out of its battles, if anything: fallen or captured. */
export const officerOut = (c: ArmyCommand): 'fallen' | 'captured' | undefined => (c.officerCaptured ? 'captured' : c.officerFallen ? 'fallen' : undefined);

/** A command's officer as the campaign's texts name him, in the reader's words: "John de Vere (fallen)". */
export const officerWords = (c: ArmyCommand): Text => {
  const out = officerOut(c);
  return c.officer ? (out ? say('campaign.reply.officerOut', { officer: c.officer, fate: fateWord(out) }) : c.officer) : '';
};

/** The units of the campaign in a battle not yet settled (running, or its result not applied). */
export function unitsInBattle(s: CampaignState): Map<string, CampaignBattle> {
  const busy = new Map<string, CampaignBattle>();
  for (const b of Object.values(s.battles)) if (b.stage === 'running' || b.stage === 'proposed') for (const u of b.units) busy.set(u, b);
  return busy;
}

/** An army's strength: the figures of its units still fit or routed (destroyed and captured count none). */
export const armyStrength = (s: CampaignState, armyId: string): number =>
  Object.values(s.units)
    .filter((u) => u.armyId === armyId && (u.status === 'fit' || u.status === 'routed'))
    .reduce((sum, u) => sum + (typeof u.attrs.figures === 'number' ? u.attrs.figures : 0), 0);
