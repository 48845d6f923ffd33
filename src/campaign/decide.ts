import { checkOptions } from '../battle/decide.ts';
import { checkHouseFile, checkHouseRule } from '../battle/house.ts';
import { getRuleSystem, systemIds } from '../battle/registry.ts';
import { checkName, findNamed, lookAlike, NameIndex, nameClash, sameName } from '../battle/names.ts';
import { findByName } from '../battle/state.ts';
import { didYouMean } from '../nearest.ts';
import { mention } from '../messages.ts';
import { say, type Text } from '../i18n/text.ts';
import { rulesNamePhrase, rulesNameStart } from '../battle/describe.ts';
import type { Language } from '../i18n/locales.ts';
import { fateWord, joined, stageWord, statusWord } from './words.ts';
import { checkUnitAttrs, missingText, type UnitAttrs } from '../rules/pack.ts';
import { refuse } from '../rules/errors.ts';
import { checkRoster, rosterRefusal, type RosterArmy } from './roster.ts';
import { UNIT_STATUSES, type CampaignEvent, type LeaderFate, type LeaderResult, type UnitRecord, type UnitResult, type UnitStatus } from './events.ts';
import { armyUsers, currentTurn, isCampaignGm, liveLink, officerOut, sideOf, strayCommands, unitsInBattle, type Army, type CampaignBattle, type CampaignSide, type CampaignState, type CampaignUnit } from './state.ts';

/** Requests to change a campaign: the input of `decideCampaign`. Names may be given by name (any case) or id. */
export type CampaignAction =
  /** `language`: its posts' and its battles' (default English). */
  | { type: 'CreateCampaign'; name: string; channel: string; language?: Language }
  | { type: 'AddCampaignGm'; user: string }
  | { type: 'AddCampaignSide'; name: string }
  | { type: 'JoinCampaignSide'; side: string }
  | { type: 'ImportArmies'; side?: string; source: string; file: unknown }
  | { type: 'ReinforceArmy'; army: string; source: string; file: unknown; note?: string }
  | { type: 'SetUnitState'; unit: string; figures?: number; status?: UnitStatus; leader?: string; note: string }
  /** To another army (`army`), or to another command of its own (`command` alone). */
  | { type: 'TransferUnit'; unit: string; army?: string; command?: string; note?: string }
  /** A GM's ruling on a leader between battles: fallen, captured, fit again, or replaced; or the first officer (`replacement`) of a `command` that has none. */
  | { type: 'RuleLeader'; leader?: string; command?: string; fate?: LeaderFate; replacement?: string; note: string }
  /** Gives an army's commands (all, or the one named) to a player. */
  | { type: 'AssignArmy'; army: string; command?: string; user: string }
  | { type: 'OpenCampaignTurn'; deadline?: string }
  | { type: 'SendOrders'; army: string; text: string; onBehalf?: boolean }
  | { type: 'ExtendDeadline'; deadline: string }
  | { type: 'PauseCampaignTurn' }
  | { type: 'ResumeCampaignTurn' }
  | { type: 'RevealOrders' }
  /** The umpire's own: a turn whose deadline passed is revealed; late players are reminded. */
  | { type: 'CloseCampaignTurn' }
  | { type: 'RemindOrders' }
  /** `units`: the units or commands of those armies it fields (a detachment); all that can fight when left out. `options`: /battle create's, changing the campaign's for this battle alone. */
  | { type: 'StartCampaignBattle'; name: string; system: string; channel: string; armies: string[]; units?: string[]; options?: Record<string, unknown>; language?: Language }
  /** The campaign's house rules and creation options for its battles of a rule system (issue 41). */
  | { type: 'SetCampaignHouseRule'; system: string; key: string; value: unknown }
  | { type: 'SetCampaignHouseRules'; system: string; source: string; rules: unknown }
  | { type: 'UnsetCampaignHouseRule'; system: string; key: string }
  | { type: 'SetCampaignOptions'; system: string; options: Record<string, unknown> }
  /** The umpire's own: the battle it reserved could not be created. */
  | { type: 'CancelCampaignBattle'; battle: string; reason: Text }
  /** Made by the app from the ended battle's log (aftermath.ts): what it proposes for each unit. */
  | { type: 'ProposeBattleResult'; battle: string; through: { version: number; hash: string }; units: UnitResult[]; leaders: LeaderResult[]; result: Text; sides?: Text[] }
  /** On a unit (`unit` with figures or status) or on a leader (`leader` with `fate`). */
  | { type: 'AdjustBattleResult'; battle: string; unit?: string; figures?: number; status?: UnitStatus; leader?: string; fate?: LeaderFate; note: string }
  | { type: 'ConfirmBattleResult'; battle: string }
  | { type: 'EndCampaign' }
  /** A link to the campaign's page (issue 30), and its revocation: on an ended campaign too. */
  | { type: 'ShareCampaign' }
  | { type: 'RevokeCampaignShare' };

export interface CampaignContext {
  actor: string;
  /** ISO time of the decision. */
  now: string;
}

/** The actor of the umpire's own actions (deadlines, reminders): the battle's UMPIRE. */
export const CAMPAIGN_UMPIRE = 'umpire:system';

type Role = 'gm' | 'anyone' | 'umpire' | 'gm or umpire';
const ROLE: Record<CampaignAction['type'], Role> = {
  CreateCampaign: 'anyone',
  AddCampaignGm: 'gm',
  AddCampaignSide: 'gm',
  JoinCampaignSide: 'anyone',
  ImportArmies: 'anyone',
  ReinforceArmy: 'gm',
  SetUnitState: 'gm',
  TransferUnit: 'gm',
  RuleLeader: 'gm',
  AssignArmy: 'gm',
  OpenCampaignTurn: 'gm',
  SendOrders: 'anyone',
  ExtendDeadline: 'gm',
  PauseCampaignTurn: 'gm',
  ResumeCampaignTurn: 'gm',
  RevealOrders: 'gm',
  CloseCampaignTurn: 'umpire',
  RemindOrders: 'umpire',
  StartCampaignBattle: 'gm',
  CancelCampaignBattle: 'umpire',
  ProposeBattleResult: 'gm or umpire',
  AdjustBattleResult: 'gm',
  ConfirmBattleResult: 'gm',
  SetCampaignHouseRule: 'gm',
  SetCampaignHouseRules: 'gm',
  UnsetCampaignHouseRule: 'gm',
  SetCampaignOptions: 'gm',
  EndCampaign: 'gm',
  ShareCampaign: 'gm',
  RevokeCampaignShare: 'gm',
};

/** What an ended campaign still takes: its page is worth sharing once it is over. */
const AFTER_END = new Set<CampaignAction['type']>(['ShareCampaign', 'RevokeCampaignShare']);

/** The longest orders a player sends for one army: the longest text any command takes (MAX_TEXT, src/app/slash/commands.ts). */
export const MAX_ORDERS = 1000;

export function findArmy(s: CampaignState, ref: string): Army {
  return findByName(s.armies, ref) ?? refuse(say('campaign.decide.noArmy', { ref, campaign: s.name, armies: Object.values(s.armies).map((a) => a.name).join(', ') || say('campaign.decide.noneYet') }));
}

export function findUnit(s: CampaignState, ref: string): CampaignUnit {
  const u = (Object.hasOwn(s.units, ref) ? s.units[ref] : undefined) ?? findNamed(Object.values(s.units), ref, (x) => x.name);
  return u ?? refuse(say('campaign.decide.noUnit', { ref, campaign: s.name, hint: didYouMean(Object.values(s.units).map((x) => x.name), ref, (n) => `"${n}"`) }));
}

function ruleSystem(ref: string) {
  const id = ref.trim().toLowerCase();
  if (!systemIds().includes(id)) refuse(unknownSystem(ref));
  return getRuleSystem(id);
}

function findSide(s: CampaignState, ref: string) {
  return findByName(s.sides, ref) ?? refuse(say('campaign.decide.noSide', { ref, campaign: s.name, sides: Object.values(s.sides).map((x) => x.name).join(', ') || say('campaign.decide.noSidesYet') }));
}

function openTurn(s: CampaignState) {
  const t = currentTurn(s);
  if (!t || t.revealed) refuse(t ? say('campaign.decide.turnRevealed', { turn: String(t.number) }) : say('campaign.decide.noTurnOpen'));
  return t;
}

/** The refusal of a rule system no plugin gives: what was typed, and the systems installed. */
export const unknownSystem = (ref: string): Text => say('campaign.decide.unknownSystem', { ref, systems: systemIds().join(', ') });

/** The statuses a unit of a rule system may carry (RuleSystem.carriedStatuses): the brigade game has no rout. */
export const carriedStatuses = (system: string): readonly UnitStatus[] => getRuleSystem(system).carriedStatuses ?? UNIT_STATUSES;

/** The figures a unit counts (its `figures` attribute, which every system's pack requires). */
export const figuresOf = (attrs: Record<string, unknown>): number => (typeof attrs.figures === 'number' ? attrs.figures : 0);

/** Decides a campaign action against the state: the events it appends, or a RuleError saying what is wrong. */
export function decideCampaign(s: CampaignState, action: CampaignAction, ctx: CampaignContext): CampaignEvent[] {
  if (action.type === 'CreateCampaign') {
    if (s.version > 0) refuse(say('campaign.decide.exists', { id: s.id }));
    // Logged only when not English, as BattleCreated logs a battle's.
    const language = action.language && action.language !== 'en' ? { language: action.language } : {};
    return [{ type: 'CampaignCreated', data: { campaignId: s.id, name: checkName('campaign', action.name), channel: action.channel, gm: ctx.actor, ...language } }];
  }
  if (s.version === 0) refuse(say('campaign.decide.noCampaign'));
  if (s.ended && !AFTER_END.has(action.type)) refuse(say('campaign.decide.ended', { campaign: s.name }));
  const role = ROLE[action.type];
  const umpire = ctx.actor === CAMPAIGN_UMPIRE;
  if (role === 'umpire' && !umpire) refuse(say('campaign.decide.umpireOnly'));
  if ((role === 'gm' || (role === 'gm or umpire' && !umpire)) && !isCampaignGm(s, ctx.actor)) refuse(say('campaign.decide.gmOnly', { campaign: s.name }));
  switch (action.type) {
    case 'AddCampaignGm':
      if (isCampaignGm(s, action.user)) refuse(say('campaign.decide.alreadyGm', { user: mention(action.user), campaign: s.name }));
      return [{ type: 'CampaignGmAdded', data: { user: action.user } }];
    case 'AddCampaignSide': {
      const name = checkName('side', action.name);
      const clash = lookAlike(Object.values(s.sides).map((x) => x.name), name);
      if (clash) refuse(say('campaign.decide.clash', { clash: nameClash('side', name, clash) }));
      return [{ type: 'CampaignSideAdded', data: { sideId: `s${s.nextId.side}`, name } }];
    }
    case 'JoinCampaignSide': {
      const side = findSide(s, action.side);
      const now = sideOf(s, ctx.actor);
      if (now) refuse(now.id === side.id ? say('campaign.decide.alreadyOnSide', { side: side.name }) : say('campaign.decide.onOtherSide', { side: now.name }));
      // An older log's roster may name a player of no side (issue 38): that player plays the army's side or none.
      const theirs = Object.values(s.armies).find((a) => a.sideId !== side.id && a.commands.some((c) => c.player === ctx.actor));
      if (theirs) refuse(say('campaign.decide.playsCommandOf', { army: theirs.name, side: s.sides[theirs.sideId]!.name }));
      return [{ type: 'CampaignSideJoined', data: { sideId: side.id, user: ctx.actor } }];
    }
    case 'ImportArmies':
      return importArmies(s, action, ctx.actor);
    case 'ReinforceArmy':
      return reinforce(s, action);
    case 'SetUnitState':
      return setUnitState(s, action, ctx.actor);
    case 'TransferUnit':
      return transfer(s, action, ctx.actor);
    case 'RuleLeader':
      return ruleLeader(s, action, ctx.actor);
    case 'AssignArmy':
      return assign(s, action);
    case 'OpenCampaignTurn': {
      const t = currentTurn(s);
      if (t && !t.revealed) refuse(say('campaign.decide.turnStillOpen', { turn: String(t.number) }));
      const armies = Object.values(s.armies).filter((a) => Object.values(s.units).some((u) => u.armyId === a.id && u.status !== 'destroyed' && u.status !== 'captured'));
      if (!armies.length) refuse(say('campaign.decide.noArmyForOrders', { campaign: s.name }));
      noStrays(s, armies, say('campaign.decide.noTurnOpened'));
      const voters = armies.map((a) => ({ armyId: a.id, users: armyUsers(s, a) }));
      return [{ type: 'CampaignTurnOpened', data: { turn: (t?.number ?? 0) + 1, openedAt: ctx.now, ...(action.deadline ? { deadline: action.deadline } : {}), voters } }];
    }
    case 'SendOrders':
      return sendOrders(s, action, ctx.actor);
    case 'ExtendDeadline': {
      const t = openTurn(s);
      if (t.paused) refuse(say('campaign.decide.turnPaused', { turn: String(t.number) }));
      if (t.deadline && action.deadline <= t.deadline) refuse(say('campaign.decide.deadlineNotLater', { turn: String(t.number), deadline: t.deadline }));
      return [{ type: 'TurnDeadlineExtended', data: { turn: t.number, deadline: action.deadline } }];
    }
    case 'PauseCampaignTurn': {
      const t = openTurn(s);
      if (t.paused) refuse(say('campaign.decide.alreadyPaused', { turn: String(t.number) }));
      const remainingMs = t.deadline ? Math.max(0, Date.parse(t.deadline) - Date.parse(ctx.now)) : undefined;
      return [{ type: 'CampaignTurnPaused', data: { turn: t.number, ...(remainingMs !== undefined ? { remainingMs } : {}) } }];
    }
    case 'ResumeCampaignTurn': {
      const t = openTurn(s);
      if (!t.paused) refuse(say('campaign.decide.notPaused', { turn: String(t.number) }));
      const remaining = t.paused.remainingMs;
      const resumed: CampaignEvent = { type: 'CampaignTurnResumed', data: { turn: t.number, ...(remaining !== undefined ? { deadline: new Date(Date.parse(ctx.now) + remaining).toISOString() } : {}) } };
      // Orders that all came in during the pause are revealed as it ends.
      return t.voters.every((v) => t.orders[v.armyId]) ? [resumed, reveal(s, t.number, 'all sent')] : [resumed];
    }
    case 'RevealOrders':
      return [reveal(s, openTurn(s).number, 'gm')];
    case 'CloseCampaignTurn': {
      const t = openTurn(s);
      if (t.paused || !t.deadline || t.deadline > ctx.now) refuse(say('campaign.decide.deadlineNotPassed', { turn: String(t.number) }));
      return [reveal(s, t.number, 'deadline')];
    }
    case 'RemindOrders': {
      const t = openTurn(s);
      if (t.reminded || t.paused) refuse(say('campaign.decide.alreadyReminded', { turn: String(t.number) }));
      const waitingFor = t.voters.filter((v) => !t.orders[v.armyId]).map((v) => v.armyId);
      if (!waitingFor.length) refuse(say('campaign.decide.waitsForNobody', { turn: String(t.number) }));
      return [{ type: 'OrdersReminded', data: { turn: t.number, waitingFor } }];
    }
    case 'StartCampaignBattle':
      return startBattle(s, action);
    case 'CancelCampaignBattle': {
      const b = s.battles[action.battle];
      if (b?.stage !== 'running') refuse(say('campaign.decide.notRunning', { battle: action.battle, campaign: s.name }));
      return [{ type: 'CampaignBattleCancelled', data: { battleId: b.id, reason: action.reason } }];
    }
    case 'ProposeBattleResult': {
      const b = findCampaignBattle(s, action.battle);
      if (b.stage !== 'running') refuse(notWaiting(b));
      return [{ type: 'BattleResultProposed', data: { battleId: b.id, through: action.through, units: action.units, leaders: action.leaders, result: action.result, ...(action.sides ? { sides: action.sides } : {}) } }];
    }
    case 'AdjustBattleResult':
      return adjust(s, action, ctx.actor);
    case 'ConfirmBattleResult': {
      const b = findCampaignBattle(s, action.battle);
      if (b.stage !== 'proposed' || !b.result) refuse(b.stage === 'running' ? say('campaign.decide.notEnded', { battle: b.name, id: b.id }) : say('campaign.decide.noResultWaiting', { battle: b.name, id: b.id, stage: stageWord(b.stage) }));
      return [{ type: 'BattleResultApplied', data: { battleId: b.id, units: b.result.units, leaders: b.result.leaders } }];
    }
    case 'SetCampaignHouseRule': {
      const sys = ruleSystem(action.system);
      const r = checkHouseRule(sys.house ?? [], action.key, action.value, rulesNameStart(sys.id));
      return [{ type: 'CampaignHouseRuleSet', data: { system: sys.id, key: r.key, value: r.value, rules: r.rules, by: ctx.actor } }];
    }
    case 'SetCampaignHouseRules': {
      const sys = ruleSystem(action.system);
      return checkHouseFile(action.source, action.rules, sys.house ?? [], rulesNameStart(sys.id)).map((r) => ({ type: 'CampaignHouseRuleSet', data: { system: sys.id, key: r.key, value: r.value, rules: r.rules, by: ctx.actor, source: action.source } }));
    }
    case 'UnsetCampaignHouseRule': {
      const sys = ruleSystem(action.system);
      const key = action.key.trim().toLowerCase();
      if (!s.systems[sys.id]?.house[key]) refuse(say('campaign.decide.noHouseRule', { campaign: s.name, key, system: sys.id }));
      return [{ type: 'CampaignHouseRuleUnset', data: { system: sys.id, key, by: ctx.actor } }];
    }
    case 'SetCampaignOptions': {
      const sys = ruleSystem(action.system);
      if (!Object.values(action.options).some((v) => v !== undefined))
        refuse(sys.options ? say('campaign.decide.giveOptions', { system: sys.id, keys: sys.options.keys.join(', ') }) : say('campaign.decide.noOptions', { system: sys.id }));
      const options = checkOptions(sys, { ...(s.systems[sys.id]?.options ?? {}), ...action.options });
      return [{ type: 'CampaignOptionsSet', data: { system: sys.id, options, by: ctx.actor } }];
    }
    case 'EndCampaign': {
      const running = Object.values(s.battles).filter((b) => b.stage === 'running' || b.stage === 'proposed');
      if (running.length) refuse(say('campaign.decide.endUnsettled', { battles: joined(running.map(unsettled), 'sentences') }));
      return [{ type: 'CampaignEnded', data: { by: ctx.actor } }];
    }
    case 'ShareCampaign': {
      const live = liveLink(s);
      if (live) refuse(say('campaign.decide.alreadyShared', { campaign: s.name, link: live.id }));
      return [{ type: 'CampaignShared', data: { link: `l${s.nextId.link}` } }];
    }
    case 'RevokeCampaignShare': {
      const live = liveLink(s) ?? refuse(say('campaign.decide.nothingToRevoke', { campaign: s.name }));
      return [{ type: 'CampaignShareRevoked', data: { link: live.id, by: ctx.actor } }];
    }
  }
}

export function findCampaignBattle(s: CampaignState, ref: string) {
  return findByName(s.battles, ref) ?? refuse(say('campaign.decide.noBattle', { ref, campaign: s.name, battles: Object.values(s.battles).map((b) => `${b.name} (${b.id})`).join(', ') || say('campaign.decide.noneYet') }));
}

/** The refusal of a battle's result before its end: what stage it is at. */
export const notWaiting = (b: CampaignBattle): Text => say('campaign.decide.notWaiting', { battle: b.name, id: b.id, stage: stageWord(b.stage) });

/** Names of a kind across the campaign: a unit or command name is one thing in every battle it is drawn into. */
function nameIndexes(s: CampaignState) {
  return {
    armies: new NameIndex(Object.values(s.armies).map((a) => a.name)),
    commands: new NameIndex(Object.values(s.armies).flatMap((a) => a.commands.map((c) => c.name))),
    units: new NameIndex(Object.values(s.units).map((u) => u.name)),
  };
}

function records(roster: RosterArmy['units'], firstUnit: number): UnitRecord[] {
  return roster.map((u, i) => ({ unitId: `u${firstUnit + i}`, name: u.name, command: u.command, attrs: u.attrs, status: u.status }));
}

function checkRosterNames(s: CampaignState, source: string, armies: RosterArmy[], newArmies: boolean): void {
  const names = nameIndexes(s);
  const clash = (where: Text, msg: string): never => refuse(say('campaign.decide.rosterClash', { source, where, clash: msg }));
  armies.forEach((a, ai) => {
    if (newArmies) {
      const c = names.armies.clash(a.name);
      if (c !== undefined) clash(`armies[${ai}].name`, nameClash('army', a.name, c));
      names.armies.add(a.name);
      for (const [ci, cmd] of a.commands.entries()) {
        const cc = names.commands.clash(cmd.name);
        if (cc !== undefined) clash(`armies[${ai}].commands[${ci}].name`, nameClash('command', cmd.name, cc));
        names.commands.add(cmd.name);
      }
    }
    for (const u of a.units) {
      const uc = names.units.clash(u.name);
      if (uc !== undefined) clash(say('campaign.decide.rosterUnit', { path: `armies[${ai}]`, unit: u.name }), nameClash('unit', u.name, uc));
      names.units.add(u.name);
    }
  });
}

function importArmies(s: CampaignState, action: Extract<CampaignAction, { type: 'ImportArmies' }>, actor: string): CampaignEvent[] {
  const gm = isCampaignGm(s, actor);
  const own = sideOf(s, actor);
  const side = action.side ? findSide(s, action.side) : own ?? refuse(gm ? say('campaign.decide.nameSide') : say('campaign.decide.onNoSide', { campaign: s.name }));
  if (!gm && own?.id !== side.id) refuse(say('campaign.decide.importNotYours', { side: side.name }));
  const checked = checkRoster(action.file);
  if (!checked.ok) refuse(rosterRefusal(action.source, checked.errors));
  checkRosterNames(s, action.source, checked.armies, true);
  const joining = rosterPlayers(s, action.source, checked.armies, side, gm);
  let unit = s.nextId.unit;
  const armies = checked.armies.map((a, i) => {
    const units = records(a.units, unit);
    unit += units.length;
    return { armyId: `a${s.nextId.army + i}`, name: a.name, system: a.system, commands: a.commands, units };
  });
  return [...joining.map((user): CampaignEvent => ({ type: 'CampaignSideJoined', data: { sideId: side.id, user } })), { type: 'ArmiesImported', data: { sideId: side.id, source: action.source, armies } }];
}

/**
 * The side rule (issue 38): a roster's players are its side's. One of another side is refused, so
 * nobody is asked for, or may send, an enemy army's orders; one of no side is refused in a player's
 * roster and joins the side in a GM's, as /oob import and /command assign join a battle's. Returns
 * the users who join.
 */
function rosterPlayers(s: CampaignState, source: string, armies: RosterArmy[], side: CampaignSide, gm: boolean): string[] {
  const joining = new Set<string>();
  armies.forEach((a, ai) =>
    a.commands.forEach((c, ci) => {
      if (c.player === undefined || side.players.includes(c.player)) return;
      const at = `${source}: armies[${ai}].commands[${ci}].player`;
      const other = sideOf(s, c.player);
      if (other) refuse(say('campaign.decide.rosterOtherSide', { at, user: mention(c.player), other: other.name, side: side.name }));
      if (!gm) refuse(say('campaign.decide.rosterNotPlayer', { at, user: mention(c.player), side: side.name }));
      joining.add(c.player);
    }),
  );
  return [...joining];
}

/** Refuses to ask for an army's orders, or draw it into a battle, while another side's player plays a command of it (strayCommands). */
function noStrays(s: CampaignState, armies: Army[], nothing: Text): void {
  const strays = armies.flatMap((a) => strayCommands(s, a).map((x) => say('campaign.decide.stray', { command: x.command, army: a.name, user: mention(x.player), side: x.side.name })));
  if (strays.length) refuse(say('campaign.decide.strays', { strays: joined(strays, 'semi'), n: strays.length, nothing }));
}

/** A GM gives an army's commands, or one of them, to a player of its side; one of no side joins it (as /command assign does in a battle). */
function assign(s: CampaignState, action: Extract<CampaignAction, { type: 'AssignArmy' }>): CampaignEvent[] {
  const army = findArmy(s, action.army);
  const side = s.sides[army.sideId]!;
  const commands = action.command
    ? [findNamed(army.commands, action.command, (c) => c.name) ?? refuse(say('campaign.decide.noCommandInArmy', { army: army.name, ref: action.command, commands: army.commands.map((c) => c.name).join(', ') }))]
    : army.commands;
  const other = sideOf(s, action.user);
  if (other && other.id !== side.id) refuse(say('campaign.decide.assignOtherSide', { user: mention(action.user), other: other.name, side: side.name, army: army.name }));
  const given = commands.filter((c) => c.player !== action.user);
  if (!given.length) refuse(say('campaign.decide.alreadyAssigned', { commands: commands.map((c) => c.name).join(', '), n: commands.length, army: army.name, user: mention(action.user) }));
  const assigned: CampaignEvent = { type: 'ArmyAssigned', data: { armyId: army.id, commands: given.map((c) => c.name), user: action.user } };
  return other ? [assigned] : [{ type: 'CampaignSideJoined', data: { sideId: side.id, user: action.user } }, assigned];
}

function reinforce(s: CampaignState, action: Extract<CampaignAction, { type: 'ReinforceArmy' }>): CampaignEvent[] {
  const army = findArmy(s, action.army);
  const checked = checkRoster(action.file);
  if (!checked.ok) refuse(rosterRefusal(action.source, checked.errors));
  const wrong = checked.armies.find((a) => a.system !== army.system);
  if (wrong) refuse(say('campaign.decide.reinforceSystem', { source: action.source, army: army.name, system: army.system, roster: wrong.name, other: wrong.system }));
  checkRosterNames(s, action.source, checked.armies, false);
  const units = records(checked.armies.flatMap((a) => a.units), s.nextId.unit);
  return [{ type: 'UnitsReinforced', data: { armyId: army.id, units, ...(action.note ? { note: action.note } : {}) } }];
}

/** A battle not settled, as a refusal leads with it (issue 41): what it waits for, and whose command does it. */
function unsettled(b: CampaignBattle): Text {
  return b.stage === 'running' ? say('campaign.decide.unsettledRunning', { battle: b.name, id: b.id, channel: `<#${b.channel}>` }) : say('campaign.decide.unsettledProposed', { battle: b.name, id: b.id });
}

/** Names as a refusal lists them after its reason: the first few, then how many more. */
const someNames = (names: string[], shown = 4): Text => (names.length > shown ? say('campaign.decide.someNames', { names: names.slice(0, shown).join(', '), n: names.length - shown }) : names.join(', '));

function busy(s: CampaignState, u: CampaignUnit): void {
  const b = unitsInBattle(s).get(u.unitId);
  if (b) refuse(say('campaign.decide.busy', { battle: unsettled(b), unit: u.name }));
}

function setUnitState(s: CampaignState, action: Extract<CampaignAction, { type: 'SetUnitState' }>, actor: string): CampaignEvent[] {
  const u = findUnit(s, action.unit);
  busy(s, u);
  if (action.figures === undefined && action.status === undefined && action.leader === undefined) refuse(say('campaign.decide.giveUnitState'));
  const status = action.status ?? u.status;
  const attrs = changedAttrs(s.armies[u.armyId]!.system, u.name, u.attrs, { figures: action.figures, leader: action.leader }, status);
  return [{ type: 'UnitStateSet', data: { unitId: u.unitId, attrs, status, note: action.note, by: actor } }];
}

function transfer(s: CampaignState, action: Extract<CampaignAction, { type: 'TransferUnit' }>, actor: string): CampaignEvent[] {
  const u = findUnit(s, action.unit);
  busy(s, u);
  const from = s.armies[u.armyId]!;
  const to = action.army ? findArmy(s, action.army) : from;
  if (to.id === from.id && !action.command) refuse(say('campaign.decide.alreadyInArmy', { unit: u.name, army: to.name }));
  if (to.system !== from.system) refuse(say('campaign.decide.transferSystem', { unit: u.name, system: from.system, army: to.name, other: to.system }));
  const named = action.command ? findNamed(to.commands, action.command, (c) => c.name) : to.commands[0];
  const command = named?.name ?? checkName('command', action.command!);
  if (to.id === from.id && command === u.command) refuse(say('campaign.decide.alreadyInCommand', { unit: u.name, command, army: to.name }));
  const other = Object.values(s.armies).find((a) => a.id !== to.id && a.commands.some((c) => c.name === command));
  if (other) refuse(say('campaign.decide.commandTaken', { other: other.name, command, army: to.name }));
  if (!named) {
    // A new command (a detachment) is named as any command: not like another of the campaign's.
    const clash = nameIndexes(s).commands.clash(command);
    if (clash !== undefined) refuse(say('campaign.decide.newCommandClash', { unit: u.name, command, clash: nameClash('command', command, clash) }));
  }
  const note = action.note?.trim();
  return [{ type: 'UnitTransferred', data: { unitId: u.unitId, from: from.id, to: to.id, command, ...(note ? { note } : {}), by: actor } }];
}

/**
 * A unit's attributes with its figures or its leader changed by a GM, checked against its system's
 * pack. A pack counts figures from 1; a campaign also keeps a unit with none left, destroyed or captured.
 */
function changedAttrs(system: string, name: string, attrs: UnitAttrs, change: { figures?: number | undefined; leader?: string | undefined }, status: UnitStatus): UnitAttrs {
  const statuses = carriedStatuses(system);
  if (!statuses.includes(status)) refuse(say('campaign.decide.noSuchStatus', { unit: name, status: statusWord(status), rules: rulesNamePhrase(system), statuses: joined([joined(statuses.slice(0, -1).map(statusWord), 'comma'), statusWord(statuses.at(-1)!)], 'or') }));
  const { figures, leader } = change;
  if (figures === undefined && leader === undefined) return attrs;
  if (figures === 0 && status !== 'destroyed' && status !== 'captured') refuse(say('campaign.decide.noFiguresLeft', { unit: name }));
  const next = { ...attrs, ...(figures !== undefined ? { figures: Math.max(1, figures) } : {}), ...(leader !== undefined ? { leader: leader.trim() } : {}) };
  const checked = checkUnitAttrs(getRuleSystem(system).pack.attributes, next);
  if (!checked.ok) {
    const why: Text[] = [...checked.unknown.map((k) => say('campaign.decide.noSuchAttribute', { system, attribute: k })), ...checked.invalid, ...(checked.missing.length ? [say('campaign.decide.needs', { what: missingText(checked.missing) })] : [])];
    refuse(say('campaign.decide.cannotTake', { unit: name, why: joined(why, 'semi') }));
  }
  return figures === undefined ? checked.attrs : { ...checked.attrs, figures };
}

/** A named leader of the campaign: a command's officer, or the leader a unit's `leader` names, or both. */
export interface CampaignLeader {
  armyId: string;
  command: string;
  officer: string;
  /** The unit the roster attached him to. */
  unitId?: string;
  /** He is the command's officer (not only a unit's leader). */
  commands: boolean;
  out?: 'fallen' | 'captured';
}

/** Whether a system's units name their leader (brigade's `leader` is a name; charge's is a rank). */
const namesLeaders = (system: string): boolean => getRuleSystem(system).pack.attributes.some((a) => a.name === 'leader' && a.type === 'text');

/**
 * The campaign's named leaders (issue 41): each command's officer, and each leader a unit's `leader`
 * attribute names where the rules take a name there. `fought`: only those of these units and their commands.
 */
export function campaignLeaders(s: CampaignState, fought?: ReadonlySet<string>): CampaignLeader[] {
  const out: CampaignLeader[] = [];
  const units = Object.values(s.units).filter((u) => !fought || fought.has(u.unitId));
  for (const a of Object.values(s.armies)) {
    for (const c of a.commands) {
      if (!c.officer || (fought && (officerOut(c) || !units.some((u) => u.armyId === a.id && u.command === c.name)))) continue;
      const out_ = officerOut(c);
      out.push({ armyId: a.id, command: c.name, officer: c.officer, commands: true, ...(out_ ? { out: out_ } : {}) });
    }
    if (!namesLeaders(a.system)) continue;
    for (const u of units.filter((x) => x.armyId === a.id && typeof x.attrs.leader === 'string' && x.attrs.leader.trim())) {
      const name = String(u.attrs.leader).trim();
      const same = out.find((l) => l.armyId === a.id && sameName(l.officer, name));
      if (same) same.unitId ??= u.unitId;
      else out.push({ armyId: a.id, command: u.command, officer: name, unitId: u.unitId, commands: false });
    }
  }
  return out;
}

function findLeader(s: CampaignState, ref: string, leaders: CampaignLeader[], where: string): CampaignLeader {
  return (
    findNamed(leaders, ref, (l) => l.officer) ??
    refuse(say('campaign.decide.noLeader', { ref, where, hint: didYouMean(leaders.map((l) => l.officer), ref, (n) => `"${n}"`), leaders: leaders.map((l) => `${l.officer} (${l.command})`).join(', ') || say('campaign.decide.noLeaders') }))
  );
}

/** A GM's ruling on a leader between battles (issue 41): what the log cannot say, and the replacement a GM names. */
function ruleLeader(s: CampaignState, action: Extract<CampaignAction, { type: 'RuleLeader' }>, actor: string): CampaignEvent[] {
  if ((action.leader === undefined) === (action.command === undefined)) refuse(say('campaign.decide.leaderOrCommand'));
  if (action.command !== undefined) return firstOfficer(s, action, actor);
  const l = findLeader(s, action.leader!, campaignLeaders(s), s.name);
  if (action.fate === undefined && action.replacement === undefined) refuse(say('campaign.decide.giveFate', { leader: l.officer }));
  const busyIn = unitsInBattle(s);
  const led = Object.values(s.units).find((u) => busyIn.has(u.unitId) && (u.unitId === l.unitId || (l.commands && u.armyId === l.armyId && u.command === l.command)));
  if (led) {
    const b = busyIn.get(led.unitId)!;
    refuse(say(b.stage === 'proposed' ? 'campaign.decide.leaderInResult' : 'campaign.decide.leaderInBattle', { leader: l.officer, unit: led.name, battle: b.name, id: b.id }));
  }
  const now = l.out ?? 'fit';
  if (action.fate === now && action.replacement === undefined) refuse(say('campaign.decide.alreadyFate', { leader: l.officer, fate: fateWord(now) }));
  const replacement = action.replacement === undefined ? undefined : checkName('leader', action.replacement);
  if (replacement !== undefined && sameName(replacement, l.officer)) refuse(say('campaign.decide.replaceHimself', { leader: l.officer }));
  const fate = action.fate;
  return [{ type: 'LeaderRuled', data: { armyId: l.armyId, command: l.command, ...(l.unitId ? { unitId: l.unitId } : {}), officer: l.officer, ...(fate ? { fate } : {}), ...(replacement ? { replacement } : {}), note: action.note, by: actor } }];
}

/** A GM names the first officer of a command that has none (a new command a transfer made, a detachment). */
function firstOfficer(s: CampaignState, action: Extract<CampaignAction, { type: 'RuleLeader' }>, actor: string): CampaignEvent[] {
  const commands = Object.values(s.armies).flatMap((a) => a.commands.map((c) => ({ army: a, c })));
  const { army, c } =
    findNamed(commands, action.command!, (x) => x.c.name) ?? refuse(say('campaign.decide.noCommand', { ref: action.command!, campaign: s.name, hint: didYouMean(commands.map((x) => x.c.name), action.command!, (n) => `"${n}"`) }));
  if (c.officer !== undefined) refuse(say('campaign.decide.ledBy', { command: c.name, leader: c.officer }));
  if (action.fate !== undefined) refuse(say('campaign.decide.noOfficerFate', { command: c.name }));
  const replacement = action.replacement === undefined ? refuse(say('campaign.decide.nameOfficer', { command: c.name })) : checkName('leader', action.replacement);
  return [{ type: 'LeaderRuled', data: { armyId: army.id, command: c.name, replacement, note: action.note, by: actor } }];
}

function sendOrders(s: CampaignState, action: Extract<CampaignAction, { type: 'SendOrders' }>, actor: string): CampaignEvent[] {
  const t = openTurn(s);
  const army = findArmy(s, action.army);
  const voter = t.voters.find((v) => v.armyId === army.id) ?? refuse(say('campaign.decide.noOrdersThisTurn', { army: army.name, turn: String(t.number) }));
  if (action.onBehalf) {
    if (!isCampaignGm(s, actor)) refuse(say('campaign.decide.gmEntersOrders'));
  } else if (!voter.users.includes(actor)) {
    refuse(voter.users.length ? say('campaign.decide.notYourArmy', { army: army.name, users: joined(voter.users.map(mention), 'or') }) : say('campaign.decide.noPlayer', { army: army.name }));
  }
  const text = action.text.trim();
  if (!text) refuse(say('campaign.decide.ordersEmpty'));
  if (text.length > MAX_ORDERS) refuse(say('campaign.decide.ordersTooLong', { length: text.length, max: MAX_ORDERS }));
  const sent: CampaignEvent = { type: 'OrdersSent', data: { turn: t.number, armyId: army.id, text, by: actor, onBehalf: !!action.onBehalf } };
  // The last orders in reveal all at once (docs/architecture.md, Secrecy: revealed together).
  const all = t.voters.every((v) => v.armyId === army.id || t.orders[v.armyId]);
  return all && !t.paused ? [sent, reveal(s, t.number, 'all sent', { armyId: army.id, text, by: actor, onBehalf: !!action.onBehalf })] : [sent];
}

function reveal(s: CampaignState, turn: number, reason: 'all sent' | 'deadline' | 'gm', pending?: { armyId: string; text: string; by: string; onBehalf: boolean }): CampaignEvent {
  const t = s.turns.find((x) => x.number === turn)!;
  const orders = t.voters.map((v) => {
    const o = pending?.armyId === v.armyId ? pending : t.orders[v.armyId];
    const army = s.armies[v.armyId]!.name;
    return o ? { armyId: v.armyId, army, text: o.text, by: o.by, onBehalf: o.onBehalf } : { armyId: v.armyId, army, text: null };
  });
  return { type: 'OrdersRevealed', data: { turn, reason, orders } };
}

function startBattle(s: CampaignState, action: Extract<CampaignAction, { type: 'StartCampaignBattle' }>): CampaignEvent[] {
  if (!systemIds().includes(action.system)) refuse(unknownSystem(action.system));
  if (action.channel === s.channel) refuse(say('campaign.decide.ownChannel', { campaign: s.name }));
  const name = checkName('battle', action.name);
  const refs = [...new Set(action.armies.map((a) => a.trim()).filter(Boolean))];
  if (refs.length < 2) refuse(say('campaign.decide.twoArmies'));
  const armies = refs.map((r) => findArmy(s, r));
  const wrong = armies.filter((a) => a.system !== action.system);
  if (wrong.length) refuse(say('campaign.decide.wrongSystem', { armies: joined(wrong.map((a) => say('campaign.decide.fightsUnder', { army: a.name, system: a.system })), 'semi'), system: action.system }));
  if (new Set(armies.map((a) => a.sideId)).size < 2) refuse(say('campaign.decide.oneSide', { armies: joined(armies.map((a) => a.name), 'and') }));
  const inBattle = unitsInBattle(s);
  const units = action.units ? detachment(s, armies, action.units) : Object.values(s.units).filter((u) => armies.some((a) => a.id === u.armyId) && canFight(u));
  const taken = new Map<CampaignBattle, string[]>();
  for (const u of units) {
    const b = inBattle.get(u.unitId);
    if (b) taken.set(b, [...(taken.get(b) ?? []), u.name]);
  }
  if (taken.size) refuse(say('campaign.decide.taken', { battles: joined([...taken].map(([b, names]) => say('campaign.decide.takenBy', { battle: unsettled(b), n: names.length, units: someNames(names) })), 'sentences') }));
  for (const a of armies) {
    if (!units.some((u) => u.armyId === a.id)) refuse(action.units ? say('campaign.decide.fieldsNone', { army: a.name }) : say('campaign.decide.noUnitLeft', { army: a.name }));
  }
  noStrays(s, armies, say('campaign.decide.nothingStarted'));
  const t = currentTurn(s);
  // The campaign's rules for the system, the battle's own options over them (issue 41).
  const rules = s.systems[action.system];
  const options = checkOptions(getRuleSystem(action.system), { ...(rules?.options ?? {}), ...(action.options ?? {}) });
  const house = Object.values(rules?.house ?? {});
  return [
    {
      type: 'CampaignBattleStarted',
      data: {
        battleId: `${s.id}-b${s.nextId.battle}`,
        name,
        channel: action.channel,
        system: action.system,
        turn: t?.number ?? 0,
        armies: armies.map((a) => a.id),
        units: units.map((u) => u.unitId),
        ...(Object.keys(options).length ? { options } : {}),
        ...(house.length ? { house } : {}),
        ...(action.language ? { language: action.language } : {}),
      },
    },
  ];
}

const canFight = (u: CampaignUnit): boolean => u.status !== 'destroyed' && u.status !== 'captured';

/**
 * The units a battle fields of its armies (issue 41), named one by one or by their command: a
 * detachment. A unit destroyed or captured cannot be named; a command fields those of its units that can fight.
 */
function detachment(s: CampaignState, armies: Army[], refs: string[]): CampaignUnit[] {
  const named = [...new Set(refs.map((r) => r.trim()).filter(Boolean))];
  if (!named.length) refuse(say('campaign.decide.nameUnits'));
  const pool = Object.values(s.units).filter((u) => armies.some((a) => a.id === u.armyId));
  const commands = armies.flatMap((a) => a.commands.map((c) => ({ army: a, name: c.name })));
  const picked = new Set<string>();
  for (const r of named) {
    const unit = findNamed(pool, r, (u) => u.name);
    if (unit) {
      if (!canFight(unit)) refuse(say('campaign.decide.cannotFight', { unit: unit.name, status: statusWord(unit.status) }));
      picked.add(unit.unitId);
      continue;
    }
    const command = findNamed(commands, r, (c) => c.name);
    if (command) {
      for (const u of pool.filter((x) => x.armyId === command.army.id && x.command === command.name && canFight(x))) picked.add(u.unitId);
      continue;
    }
    const elsewhere = findNamed(Object.values(s.units), r, (u) => u.name);
    refuse(
      elsewhere
        ? say('campaign.decide.notDrawn', { unit: elsewhere.name, army: s.armies[elsewhere.armyId]!.name })
        : say('campaign.decide.notInArmies', { ref: r, armies: joined(armies.map((a) => a.name), 'or'), hint: didYouMean([...pool.map((u) => u.name), ...commands.map((c) => c.name)], r, (n) => `"${n}"`) }),
    );
  }
  return pool.filter((u) => picked.has(u.unitId));
}

function adjust(s: CampaignState, action: Extract<CampaignAction, { type: 'AdjustBattleResult' }>, actor: string): CampaignEvent[] {
  const b = findCampaignBattle(s, action.battle);
  if (b.stage !== 'proposed' || !b.result) refuse(say(b.stage === 'applied' ? 'campaign.decide.alreadyConfirmed' : 'campaign.decide.noProposedResult', { battle: b.name, id: b.id }));
  if ((action.unit === undefined) === (action.leader === undefined)) refuse(say('campaign.decide.unitOrLeader'));
  if (action.leader !== undefined) return adjustLeader(s, b, b.result.leaders, action, actor);
  if (action.fate !== undefined) refuse(say('campaign.decide.fateIsLeaders'));
  const u = findUnit(s, action.unit!);
  const r = b.result.units.find((x) => x.unitId === u.unitId) ?? refuse(say('campaign.decide.didNotFight', { unit: u.name, battle: b.name }));
  if (action.figures === undefined && action.status === undefined) refuse(say('campaign.decide.giveUnitResult'));
  const status = action.status ?? r.after.status;
  const attrs = changedAttrs(b.system, u.name, r.after.attrs, { figures: action.figures }, status);
  return [{ type: 'BattleResultAdjusted', data: { battleId: b.id, unitId: u.unitId, after: { attrs, status }, note: action.note, by: actor } }];
}

/** A GM's ruling on a leader of the battle (issue 41): fallen (killed or wounded), captured, or fit where the log proposed him fallen. */
function adjustLeader(s: CampaignState, b: CampaignBattle, proposed: LeaderResult[], action: Extract<CampaignAction, { type: 'AdjustBattleResult' }>, actor: string): CampaignEvent[] {
  if (action.figures !== undefined || action.status !== undefined) refuse(say('campaign.decide.unitsNotLeaders'));
  const fate = action.fate ?? refuse(say('campaign.decide.giveLeaderFate'));
  const l = findLeader(s, action.leader!, campaignLeaders(s, new Set(b.units)), b.name);
  const was = proposed.find((x) => sameName(x.officer, l.officer));
  const now = was ? (was.fate ?? 'fallen') : 'fit';
  if (now === fate) refuse(say('campaign.decide.resultHasFate', { battle: b.name, leader: l.officer, fate: fateWord(fate) }));
  return [{ type: 'BattleLeaderAdjusted', data: { battleId: b.id, armyId: l.armyId, command: l.command, ...(l.unitId ? { unitId: l.unitId } : {}), officer: l.officer, fate, note: action.note, by: actor } }];
}
