import { sameName } from '../battle/names.ts';
import type { UnitAttrs } from '../rules/pack.ts';
import { concat, say, type Text } from '../i18n/text.ts';
import { resultText } from './aftermath.ts';
import { figuresOf } from './decide.ts';
import type { ArmyCommand, CampaignEvent, LeaderFate, LeaderResult, LoggedCampaignEvent, UnitRecord, UnitStatus } from './events.ts';
import { armyUsers, currentTurn, initialCampaign, type Army, type CampaignState, type CampaignTurn, type GmRuling } from './state.ts';
import { fateWord, joined, statusWord } from './words.ts';

const withTurn = (s: CampaignState, turn: number, change: (t: CampaignTurn) => CampaignTurn): CampaignTurn[] =>
  s.turns.map((t) => (t.number === turn ? change(t) : t));

const addUnits = (units: CampaignState['units'], armyId: string, added: UnitRecord[]): CampaignState['units'] => {
  const out = { ...units };
  for (const u of added) out[u.unitId] = { ...u, armyId, original: figuresOf(u.attrs) };
  return out;
};

const figures = (attrs: UnitAttrs): number => (typeof attrs.figures === 'number' ? attrs.figures : 0);

/** A GM's ruling added to the list the status post and the report show (issue 41). */
const ruled = (s: CampaignState, version: number, r: Omit<GmRuling, 'version' | 'turn'>): GmRuling[] => [...s.rulings, { version, turn: currentTurn(s)?.number ?? 0, ...r }];

const stateChange = (before: { figures: number; status: UnitStatus }, after: { attrs: UnitAttrs; status: UnitStatus }): Text =>
  say('campaign.ruling.state', { before: String(before.figures), after: String(figures(after.attrs)), status: before.status === after.status ? statusWord(after.status) : concat(statusWord(before.status), ' → ', statusWord(after.status)) });

/** A ruling's change, said as after `battle` and beside what the log proposed, where they are. */
const afterBattle = (change: Text, battle: string | undefined, proposed: Text | undefined): Text => {
  const after = battle === undefined ? change : say('campaign.ruling.after', { change, battle });
  return proposed === undefined ? after : say('campaign.ruling.proposed', { change: after, proposed });
};

/** A command's officer as a fate leaves him: out of its battles when fallen or captured, back when fit. */
function officerFate(c: ArmyCommand, fate: LeaderFate, ruling?: { by: string; note: string }): ArmyCommand {
  const { officerFallen: _f, officerCaptured: _c, officerRuling: _r, ...rest } = c;
  return { ...rest, ...(fate === 'fallen' ? { officerFallen: true } : fate === 'captured' ? { officerCaptured: true } : {}), ...(ruling ? { officerRuling: ruling } : {}) };
}

/** A unit's attributes with the leader the roster attached to it there (fit) or gone (fallen, captured). */
function withLeader(attrs: UnitAttrs, officer: string, fate: LeaderFate): UnitAttrs {
  const { leader: _l, ...rest } = attrs;
  return fate === 'fit' ? { ...rest, leader: officer } : rest;
}

const leaderWords = (l: Pick<LeaderResult, 'fate'>): Text => (l.fate === 'fit' ? say('campaign.announce.unhurt') : fateWord(l.fate ?? 'fallen'));

/** A rule system's house rules and options in the campaign, none yet where it has set none. */
const systemRules = (s: CampaignState, system: string): CampaignState['systems'][string] => s.systems[system] ?? { options: {}, house: {} };

/** The open turn's voters of the armies picked, as their players now stand (armyUsers). */
function revote(s: CampaignState, pick: (a: Army) => boolean): CampaignState {
  const t = currentTurn(s);
  if (!t || t.revealed) return s;
  const voters = t.voters.map((v) => {
    const army = s.armies[v.armyId];
    return army && pick(army) ? { ...v, users: armyUsers(s, army) } : v;
  });
  return { ...s, turns: withTurn(s, t.number, (x) => ({ ...x, voters })) };
}

/** A campaign event's effect on the state: pure, each change a new object (states are cached and shared). `version` is the event's own. */
export function evolveCampaign(s: CampaignState, e: CampaignEvent, version = s.version + 1): CampaignState {
  switch (e.type) {
    case 'CampaignCreated':
      return { ...s, name: e.data.name, channel: e.data.channel, gms: [e.data.gm], language: e.data.language ?? 'en' };
    case 'CampaignGmAdded':
      return { ...s, gms: [...s.gms, e.data.user] };
    case 'CampaignSideAdded':
      return { ...s, sides: { ...s.sides, [e.data.sideId]: { id: e.data.sideId, name: e.data.name, players: [] } }, nextId: { ...s.nextId, side: s.nextId.side + 1 } };
    case 'CampaignSideJoined': {
      const side = s.sides[e.data.sideId];
      if (!side) return s;
      // In an open turn, the newcomer sends the orders of the side's armies its side's players send (armyUsers).
      return revote({ ...s, sides: { ...s.sides, [side.id]: { ...side, players: [...new Set([...side.players, e.data.user])] } } }, (a) => a.sideId === side.id);
    }
    case 'ArmiesImported': {
      let units = s.units;
      const armies = { ...s.armies };
      let unitCount = 0;
      for (const a of e.data.armies) {
        armies[a.armyId] = { id: a.armyId, name: a.name, sideId: e.data.sideId, system: a.system, commands: a.commands };
        units = addUnits(units, a.armyId, a.units);
        unitCount += a.units.length;
      }
      return { ...s, armies, units, nextId: { ...s.nextId, army: s.nextId.army + e.data.armies.length, unit: s.nextId.unit + unitCount } };
    }
    case 'UnitsReinforced': {
      const army = s.armies[e.data.armyId];
      if (!army) return s;
      const known = new Set(army.commands.map((c) => c.name));
      const commands = [...army.commands, ...[...new Set(e.data.units.map((u) => u.command))].filter((c) => !known.has(c)).map((name) => ({ name }))];
      return { ...s, armies: { ...s.armies, [army.id]: { ...army, commands } }, units: addUnits(s.units, army.id, e.data.units), nextId: { ...s.nextId, unit: s.nextId.unit + e.data.units.length } };
    }
    case 'UnitStateSet': {
      const u = s.units[e.data.unitId];
      if (!u) return s;
      const { by, note } = e.data;
      const state = stateChange({ figures: figures(u.attrs), status: u.status }, e.data);
      const change = u.attrs.leader !== e.data.attrs.leader ? say('campaign.ruling.leader', { change: state, leader: e.data.attrs.leader === undefined ? say('campaign.announce.none') : String(e.data.attrs.leader) }) : state;
      return {
        ...s,
        units: { ...s.units, [u.unitId]: { ...u, attrs: e.data.attrs, status: e.data.status, ruling: { ...(by ? { by } : {}), note } } },
        rulings: ruled(s, version, { subject: u.name, change, note, ...(by ? { by } : {}) }),
      };
    }
    case 'UnitTransferred': {
      const u = s.units[e.data.unitId];
      const to = s.armies[e.data.to];
      if (!u || !to) return s;
      const commands = to.commands.some((c) => c.name === e.data.command) ? to.commands : [...to.commands, { name: e.data.command }];
      const from = s.armies[e.data.from]?.name ?? e.data.from;
      return {
        ...s,
        armies: { ...s.armies, [to.id]: { ...to, commands } },
        units: { ...s.units, [u.unitId]: { ...u, armyId: to.id, command: e.data.command } },
        rulings: ruled(s, version, { subject: u.name, change: say('campaign.ruling.moved', { from: u.command, fromArmy: from, to: e.data.command, toArmy: to.name }), note: e.data.note ?? '', ...(e.data.by ? { by: e.data.by } : {}) }),
      };
    }
    case 'LeaderRuled': {
      const army = s.armies[e.data.armyId];
      if (!army) return s;
      const d = e.data;
      const ruling = { by: d.by, note: d.note };
      const commands = army.commands.map((c) => {
        if (c.name !== d.command || (d.officer === undefined ? c.officer !== undefined : c.officer === undefined || !sameName(c.officer, d.officer))) return c;
        const fated = d.fate ? officerFate(c, d.fate, ruling) : { ...c, officerRuling: ruling };
        return d.replacement ? { ...officerFate(fated, 'fit', ruling), officer: d.replacement } : fated;
      });
      const u = d.unitId ? s.units[d.unitId] : undefined;
      const attrs = u && (d.replacement ? { ...u.attrs, leader: d.replacement } : d.fate && d.officer ? withLeader(u.attrs, d.officer, d.fate) : u.attrs);
      const units = u && attrs ? { ...s.units, [u.unitId]: { ...u, attrs, ruling: { by: d.by, note: d.note } } } : s.units;
      const fate = d.fate && (d.fate === 'fit' ? say('campaign.announce.fitAgain') : fateWord(d.fate));
      const change = joined([...(fate ? [fate] : []), ...(d.replacement ? [say(d.officer ? 'campaign.announce.replacedBy' : 'campaign.ruling.ledBy', { replacement: d.replacement })] : [])], 'comma');
      return { ...s, armies: { ...s.armies, [army.id]: { ...army, commands } }, units, rulings: ruled(s, version, { subject: d.officer ? `${d.officer} (${d.command})` : d.command, change, note: d.note, by: d.by }) };
    }
    case 'ArmyAssigned': {
      const army = s.armies[e.data.armyId];
      if (!army) return s;
      const given = new Set(e.data.commands);
      const commands = army.commands.map((c) => (given.has(c.name) ? { ...c, player: e.data.user } : c));
      // In an open turn, the army's orders are its new player's from now on.
      return revote({ ...s, armies: { ...s.armies, [army.id]: { ...army, commands } } }, (a) => a.id === army.id);
    }
    case 'CampaignTurnOpened':
      return {
        ...s,
        turns: [...s.turns, { number: e.data.turn, openedAt: e.data.openedAt, ...(e.data.deadline ? { deadline: e.data.deadline } : {}), reminded: false, voters: e.data.voters, orders: {} }],
      };
    case 'OrdersSent':
      return {
        ...s,
        turns: withTurn(s, e.data.turn, (t) => ({
          ...t,
          orders: { ...t.orders, [e.data.armyId]: { text: e.data.text, by: e.data.by, onBehalf: e.data.onBehalf } },
          ...(e.data.onBehalf && !t.orders[e.data.armyId] ? { enteredBy: { ...t.enteredBy, [e.data.armyId]: e.data.by } } : {}),
        })),
      };
    case 'OrdersReminded':
      return { ...s, turns: withTurn(s, e.data.turn, (t) => ({ ...t, reminded: true })) };
    case 'TurnDeadlineExtended':
      // A new deadline earns a new reminder before it.
      return { ...s, turns: withTurn(s, e.data.turn, (t) => ({ ...t, deadline: e.data.deadline, reminded: false })) };
    case 'CampaignTurnPaused':
      return {
        ...s,
        turns: withTurn(s, e.data.turn, ({ deadline: _d, ...t }) => ({ ...t, paused: e.data.remainingMs !== undefined ? { remainingMs: e.data.remainingMs } : {} })),
      };
    case 'CampaignTurnResumed':
      return { ...s, turns: withTurn(s, e.data.turn, ({ paused: _p, ...t }) => ({ ...t, ...(e.data.deadline ? { deadline: e.data.deadline } : {}) })) };
    case 'OrdersRevealed':
      return { ...s, turns: withTurn(s, e.data.turn, (t) => ({ ...t, revealed: e.data.orders })) };
    case 'CampaignBattleStarted': {
      const { battleId, ...rest } = e.data;
      return { ...s, battles: { ...s.battles, [battleId]: { id: battleId, ...rest, stage: 'running' } }, nextId: { ...s.nextId, battle: s.nextId.battle + 1 } };
    }
    case 'CampaignBattleCancelled': {
      const b = s.battles[e.data.battleId];
      return b ? { ...s, battles: { ...s.battles, [b.id]: { ...b, stage: 'cancelled' } } } : s;
    }
    case 'BattleResultProposed': {
      const b = s.battles[e.data.battleId];
      if (!b) return s;
      return { ...s, battles: { ...s.battles, [b.id]: { ...b, stage: 'proposed', result: { through: e.data.through, units: e.data.units, leaders: e.data.leaders, text: e.data.result, ...(e.data.sides ? { sides: e.data.sides } : {}) } } } };
    }
    case 'BattleResultAdjusted': {
      const b = s.battles[e.data.battleId];
      if (!b?.result) return s;
      // What the log proposed stays beside the GM's ruling (the first ruling's `proposed`, a later one keeps it).
      const units = b.result.units.map((u) => (u.unitId === e.data.unitId ? { ...u, proposed: u.proposed ?? u.after, after: e.data.after, ruling: { by: e.data.by, note: e.data.note } } : u));
      return { ...s, battles: { ...s.battles, [b.id]: { ...b, result: { ...b.result, units, text: resultText(s, b, units, b.result.sides) } } } };
    }
    case 'BattleLeaderAdjusted': {
      const b = s.battles[e.data.battleId];
      if (!b?.result) return s;
      const d = e.data;
      const ruling = { by: d.by, note: d.note };
      const known = b.result.leaders.some((l) => sameName(l.officer, d.officer));
      const leaders: LeaderResult[] = known
        ? b.result.leaders.map((l) => (sameName(l.officer, d.officer) ? { ...l, fate: d.fate, ruling, proposed: l.proposed ?? l.fate ?? 'fallen' } : l))
        : [...b.result.leaders, { armyId: d.armyId, command: d.command, officer: d.officer, why: say('campaign.aftermath.noFall'), ...(d.unitId ? { unitId: d.unitId } : {}), fate: d.fate, ruling, proposed: 'fit' }];
      // The unit he led goes into its next battle with him (fit) or without him.
      const units = d.unitId ? b.result.units.map((u) => (u.unitId === d.unitId ? { ...u, after: { ...u.after, attrs: withLeader(u.after.attrs, d.officer, d.fate) } } : u)) : b.result.units;
      return { ...s, battles: { ...s.battles, [b.id]: { ...b, result: { ...b.result, units, leaders } } } };
    }
    case 'BattleResultApplied': {
      const b = s.battles[e.data.battleId];
      const units = { ...s.units };
      let rulings = s.rulings;
      for (const r of e.data.units) {
        const u = units[r.unitId];
        if (!u) continue;
        // A GM's ruling stands as the unit's state until a battle's log gives it again.
        const { ruling: _r, ...rest } = u;
        const proposed = r.proposed && { figures: figures(r.proposed.attrs), status: r.proposed.status };
        units[r.unitId] = { ...rest, attrs: r.after.attrs, status: r.after.status, ...(r.ruling ? { ruling: { ...r.ruling, battle: e.data.battleId, ...(proposed ? { proposed } : {}) } } : {}) };
        if (r.ruling) rulings = ruled({ ...s, rulings }, version, { subject: r.name, change: afterBattle(stateChange(r.before, r.after), b?.name, proposed && say('campaign.ruling.figuresStatus', { figures: String(proposed.figures), status: statusWord(proposed.status) })), ...r.ruling });
      }
      const armies = { ...s.armies };
      for (const l of e.data.leaders) {
        const a = armies[l.armyId];
        if (a) armies[a.id] = { ...a, commands: a.commands.map((c) => (c.name === l.command && c.officer === l.officer && l.fate !== 'fit' ? officerFate(c, l.fate ?? 'fallen', l.ruling) : c)) };
        if (l.ruling) rulings = ruled({ ...s, rulings }, version, { subject: `${l.officer} (${l.command})`, change: afterBattle(leaderWords(l), b?.name, l.proposed && leaderWords({ fate: l.proposed })), ...l.ruling });
      }
      return { ...s, units, armies, rulings, battles: b ? { ...s.battles, [b.id]: { ...b, stage: 'applied', result: b.result && { ...b.result, units: e.data.units, leaders: e.data.leaders, text: resultText(s, b, e.data.units, b.result.sides) } } } : s.battles };
    }
    case 'CampaignHouseRuleSet': {
      const now = systemRules(s, e.data.system);
      const rule = { key: e.data.key, value: e.data.value, rules: e.data.rules, by: e.data.by };
      return { ...s, systems: { ...s.systems, [e.data.system]: { ...now, house: { ...now.house, [e.data.key]: rule } } } };
    }
    case 'CampaignHouseRuleUnset': {
      const now = systemRules(s, e.data.system);
      return { ...s, systems: { ...s.systems, [e.data.system]: { ...now, house: Object.fromEntries(Object.entries(now.house).filter(([k]) => k !== e.data.key)) } } };
    }
    case 'CampaignOptionsSet':
      return { ...s, systems: { ...s.systems, [e.data.system]: { ...systemRules(s, e.data.system), options: e.data.options } } };
    case 'CampaignEnded':
      return { ...s, ended: true };
    case 'CampaignShared':
      return { ...s, links: { ...s.links, [e.data.link]: { id: e.data.link, version, revoked: false } }, nextId: { ...s.nextId, link: Math.max(s.nextId.link, Number(e.data.link.slice(1)) + 1) } };
    case 'CampaignShareRevoked': {
      const l = s.links[e.data.link];
      return l ? { ...s, links: { ...s.links, [l.id]: { ...l, revoked: true } } } : s;
    }
  }
}

/** Folds logged events onto a state (the campaign's version follows the log's). */
export function foldCampaign(s: CampaignState, events: readonly LoggedCampaignEvent[]): CampaignState {
  let out = s;
  for (const l of events) {
    out = { ...evolveCampaign(out, l.event, l.version), version: l.version };
  }
  return out;
}

export const replayCampaign = (id: string, events: readonly LoggedCampaignEvent[]): CampaignState => foldCampaign(initialCampaign(id), events);
