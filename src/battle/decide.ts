import { getRuleSystem, ownerOfAction, systemIds } from './registry.ts';
import { checkUnitAttrs, unitProblems, type UnitAttrs } from '../rules/pack.ts';
import type { DecideContext, RuleSystem } from './system.ts';
import { CORE_ACTION_ROLE, UMPIRE, type Action, type CoreAction, type SystemAction } from './actions.ts';
import { decideAdvance, decideGoto, endHeldText, owedAtEnd } from './advance.ts';
import { decideBallot } from './decide-ballots.ts';
import { ballotConsequences } from './consequences.ts';
import { checkHouseRule, decideHouse } from './house.ts';
import { decideSystem, waitText, whileHeld } from './held.ts';
import { decideRevealRoll, decideRevealSeed, decideRoll } from './rolls.ts';
import { AFTER_END, decideShare } from './share.ts';
import { refuse } from '../rules/errors.ts';
import type { BattleEvent } from './events.ts';
import { draft } from './draft.ts';
import { applySetup } from './evolve.ts';
import { findCommand, findSide, findUnit } from './mechanics.ts';
import { checkOrderOfBattle } from './oob.ts';
import { exists, findByName, isGm, type BattleState } from './state.ts';
import { lines, say } from '../i18n/text.ts';
import { rulesNamePhrase, rulesNameStart } from './describe.ts';
import { mention } from '../messages.ts';
import { checkName, clashText, looksLike, NameIndex, sameName } from './names.ts';

export type { DecideContext } from './system.ts';

const command = findCommand;

/** Refuses a name that is, or only looks like, that of another thing of its kind (or is the id of one). */
function unique(s: BattleState, kind: 'side' | 'command' | 'unit', name: string, except?: string) {
  const pool: Record<string, { id: string; name: string }> = kind === 'side' ? s.sides : kind === 'command' ? s.commands : s.units;
  const clash = (Object.hasOwn(pool, name) && name !== except ? pool[name] : undefined) ?? Object.values(pool).find((t) => t.id !== except && looksLike(t.name, name));
  if (clash) refuse(clashText(kind, name, clash.name, true));
}

/** An officer may lead several commands under one name, never under one that only looks like another's: the name it looks like. */
function officerClash(officers: NameIndex, officer: string): string | undefined {
  const clash = officers.clash(officer);
  return clash !== undefined && !sameName(clash, officer) ? clash : undefined;
}
const officersOf = (s: BattleState) => new NameIndex(Object.values(s.commands).flatMap((c) => (c.officer ? [c.officer] : [])));

/** The battle is under way once it left its first phase or rolled a die. */
const underWay = (s: BattleState): boolean => s.diceCursor > 0 || JSON.stringify(s.position) !== JSON.stringify(getRuleSystem(s.system).sequence.start);

/**
 * A unit's attributes as the battle's pack takes them (a new unit's, or with `before` an edit's), or
 * one refusal naming every problem: each attribute the unit would lack (the pack's `required` and
 * `requiredWhen`), so a gap shows at /unit add and not when the unit is first fired on.
 */
function attrsOf(s: BattleState, unit: string, raw: Record<string, unknown>, before?: UnitAttrs): UnitAttrs {
  const { pack } = getRuleSystem(s.system);
  const checked = checkUnitAttrs(pack.attributes, raw, before);
  if (checked.ok) return checked.attrs;
  const whose = (attr: string) => systemIds().filter((id) => id !== s.system && getRuleSystem(id).pack.attributes.some((a) => a.name === attr)).map(rulesNamePhrase);
  return refuse(say('battle.decide.unitProblems', { problems: unitProblems(checked, unit, rulesNamePhrase(s.system), pack.attributes, whose) }));
}

/** decide(state, action): the events an action causes, or a RuleError saying why not. Pure. */
export function decide(s: BattleState, action: Action, ctx: DecideContext): BattleEvent[] {
  if (action.type === 'CreateBattle') {
    if (exists(s)) refuse(say('battle.decide.exists', { id: s.id }));
    if (!systemIds().includes(action.system)) refuse(say('battle.decide.unknownSystem', { system: action.system, systems: systemIds().join(', ') }));
    const data: Extract<BattleEvent, { type: 'BattleCreated' }>['data'] = { battleId: s.id, name: checkName('battle', action.name), system: action.system, channel: action.channel, gm: ctx.actor };
    if (ctx.seedHash) data.seedHash = ctx.seedHash;
    // English, the default, is not written: a log from before reads the same.
    if (action.language && action.language !== 'en') data.language = action.language;
    const options = checkOptions(getRuleSystem(action.system), action.options ?? {});
    if (Object.keys(options).length) data.options = options;
    if (!action.campaign) return [{ type: 'BattleCreated', data }];
    return campaignBattle(s, { ...data, campaign: action.campaign.id }, action.campaign);
  }
  if (!exists(s)) refuse(say('battle.decide.noBattle'));
  if (s.ended && !AFTER_END.has(action.type)) refuse(say('battle.decide.ended', { name: s.name }));
  const owner = ownerOfAction(action.type);
  const role = owner ? owner.actions[action.type] : Object.hasOwn(CORE_ACTION_ROLE, action.type) ? CORE_ACTION_ROLE[action.type as CoreAction['type']] : undefined;
  if (role === undefined) refuse(say('battle.decide.unknownAction', { type: String(action.type) }));
  if (role === 'gm' && !isGm(s, ctx.actor)) refuse(say('battle.decide.gmOnly'));
  if ((role === 'umpire') !== (ctx.actor === UMPIRE)) refuse(say(ctx.actor === UMPIRE ? 'battle.decide.notByUmpire' : 'battle.decide.umpireOnly'));

  if (owner) {
    if (owner.id !== s.system) refuse(say('battle.decide.otherSystem', { rules: rulesNamePhrase(owner.id), system: s.system }));
    return decideSystem(s, owner, action as SystemAction, ctx);
  }
  if (!s.held) return decideCore(s, action as CoreAction, ctx);
  // The held action and the dice after it stay one run of the stream, in the phase it was taken in (held.ts).
  if (action.type === 'RollDice' || action.type === 'AdvancePhase' || action.type === 'AdvanceTurn' || action.type === 'GotoPhase') refuse(waitText(s.held));
  return decideCore(s, action as CoreAction, whileHeld(ctx, s.held));
}

function decideCore(s: BattleState, action: CoreAction, ctx: DecideContext): BattleEvent[] {
  switch (action.type) {
    case 'CreateBattle': // decided above, before the battle exists
      return refuse(say('battle.decide.exists', { id: s.id }));
    case 'AddGm':
      if (isGm(s, action.user)) refuse(say('battle.decide.alreadyGm', { user: mention(action.user) }));
      return [{ type: 'GmAdded', data: { user: action.user } }];
    case 'RemoveGm':
      if (!isGm(s, action.user)) refuse(say('battle.decide.notGm', { user: mention(action.user) }));
      if (s.gms.length === 1) refuse(say('battle.decide.lastGm'));
      return [{ type: 'GmRemoved', data: { user: action.user } }];
    case 'AddSide': {
      const name = checkName('side', action.name);
      unique(s, 'side', name);
      return [{ type: 'SideAdded', data: { sideId: `s${s.nextId.side}`, name } }];
    }
    case 'JoinSide': {
      const target = findSide(s, action.side);
      if (target.players.includes(ctx.actor)) refuse(say('battle.decide.alreadyOnSide', { side: target.name }));
      const other = Object.values(s.sides).find((x) => x.players.includes(ctx.actor));
      if (other) refuse(say('battle.decide.onOtherSide', { side: other.name }));
      // Once the battle is under way a newcomer could act at once for a side's units: a GM lets them in.
      if (underWay(s) && !isGm(s, ctx.actor)) {
        if (s.joinRequests[ctx.actor] === target.id) refuse(say('battle.decide.askedAlready', { side: target.name }));
        return [{ type: 'JoinRequested', data: { sideId: target.id, user: ctx.actor } }];
      }
      return [{ type: 'SideJoined', data: { sideId: target.id, user: ctx.actor } }];
    }
    case 'AdmitPlayer': {
      const sideId = Object.hasOwn(s.joinRequests, action.user) ? s.joinRequests[action.user]! : refuse(Object.keys(s.joinRequests).length ? say('battle.decide.notAskedWaiting', { user: mention(action.user), waiting: Object.keys(s.joinRequests).map(mention).join(', ') }) : say('battle.decide.notAsked', { user: mention(action.user) }));
      return [action.admit ? { type: 'SideJoined', data: { sideId, user: action.user } } : { type: 'JoinRefused', data: { sideId, user: action.user, by: ctx.actor } }];
    }
    case 'AddCommand': {
      const name = checkName('command', action.name);
      unique(s, 'command', name);
      const data = { commandId: `c${s.nextId.command}`, name, sideId: findSide(s, action.side).id };
      if (!action.officer) return [{ type: 'CommandAdded', data }];
      const officer = checkName('officer', action.officer);
      const clash = officerClash(officersOf(s), officer);
      if (clash) refuse(clashText('officer', officer, clash, true));
      return [{ type: 'CommandAdded', data: { ...data, officer } }];
    }
    case 'AssignCommand': {
      const c = command(s, action.command);
      if (c.player === action.user) refuse(say('battle.decide.alreadyUnder', { command: c.name, user: mention(action.user) }));
      const onOther = Object.values(s.sides).find((x) => x.id !== c.sideId && x.players.includes(action.user));
      if (onOther) refuse(say('battle.decide.playsForOther', { user: mention(action.user), other: onOther.name, side: String(s.sides[c.sideId]?.name) }));
      const events: BattleEvent[] = [{ type: 'CommandAssigned', data: { commandId: c.id, user: action.user } }];
      if (!s.sides[c.sideId]?.players.includes(action.user)) events.unshift({ type: 'SideJoined', data: { sideId: c.sideId, user: action.user } });
      return events;
    }
    case 'AddUnit': {
      const name = checkName('unit', action.name);
      unique(s, 'unit', name);
      const c = command(s, action.command);
      return [{ type: 'UnitAdded', data: { unitId: `u${s.nextId.unit}`, name, commandId: c.id, attrs: attrsOf(s, name, action.attrs) } }];
    }
    case 'EditUnit': {
      const u = findUnit(s, action.unit);
      const attrs = attrsOf(s, u.name, action.attrs, u.attrs);
      const data: Extract<BattleEvent, { type: 'UnitEdited' }>['data'] = { unitId: u.id, attrs };
      if (action.name !== undefined) {
        data.name = checkName('unit', action.name);
        unique(s, 'unit', data.name, u.id);
      }
      if (action.command !== undefined) data.commandId = command(s, action.command).id;
      if (!Object.keys(attrs).length && data.name === undefined && data.commandId === undefined) refuse(say('battle.decide.nothingToChange'));
      return [{ type: 'UnitEdited', data }];
    }
    case 'RemoveUnit': {
      const u = findUnit(s, action.unit);
      return [{ type: 'UnitRemoved', data: { unitId: u.id, name: u.name } }];
    }
    case 'ImportOrderOfBattle':
      return importOrderOfBattle(s, action.source, action.oob);
    case 'AdvancePhase':
    case 'AdvanceTurn':
      return decideAdvance(s, action, ctx.actor);
    case 'GotoPhase':
      return decideGoto(s, action.phase, ctx.actor);
    case 'EndBattle': {
      const owed = owedAtEnd(s);
      if (owed.length && !action.skip) refuse(endHeldText(owed));
      const waived: BattleEvent[] = owed.length ? [{ type: 'DueWaived', data: { by: ctx.actor, items: owed.map(({ key, text }) => ({ key, text })) } }] : [];
      // The end publishes the seed: from now on anyone can re-derive every roll (docs/architecture.md, Dice).
      return [...waived, { type: 'BattleEnded', data: { by: ctx.actor } }, ...(s.revealedSeed || !ctx.seed ? [] : decideRevealSeed(s, ctx.seed))];
    }
    case 'RevealSeed':
      return decideRevealSeed(s, ctx.seed);
    case 'RollDice':
      return decideRoll(s, action, ctx.actor, ctx.dice);
    case 'RevealRoll':
      return decideRevealRoll(s, action.number, ctx.actor);
    case 'Undo': {
      // A held action's dice are logged and count: undo sets the action aside, never its dice (held.ts).
      if (s.held) return [{ type: 'HeldActionSetAside', data: { by: ctx.actor, held: s.held.version } }];
      const last = s.undoable.at(-1) ?? refuse(say('battle.decide.nothingToUndo'));
      return [{ type: 'ActionUndone', data: { voids: last.versions, summary: last.summary } }];
    }
    case 'OpenPoll':
    case 'CastVote':
    case 'RevealBallot':
    case 'VoidVote':
    case 'CloseBallot':
    case 'RemindBallot':
      return decideBallot(s, action, ctx, ballotConsequences);
    case 'ShareBattle':
    case 'RevokeShare':
    case 'AddBookmark':
    case 'RemoveBookmark':
      return decideShare(s, action, ctx.actor);
    case 'SetHouseRule':
    case 'UnsetHouseRule':
    case 'SetHouseRules': {
      const system = getRuleSystem(s.system);
      return decideHouse(s, action, ctx.actor, system.house ?? [], rulesNameStart(system.id));
    }
  }
}

/** The options agreed at creation, as the battle's rule system checks them; another system's are refused, named as theirs. */
export function checkOptions(system: RuleSystem, o: Record<string, unknown>): Record<string, unknown> {
  const given = Object.keys(o).filter((k) => o[k] !== undefined);
  const foreign = given.filter((k) => !system.options?.keys.includes(k));
  if (foreign.length) {
    const theirs = systemIds().map(getRuleSystem).find((x) => foreign.every((k) => x.options?.keys.includes(k)));
    const values = { options: foreign.join(', '), n: foreign.length, system: system.id, takes: system.options ? system.options.keys.join(', ') : say('battle.decide.none') };
    refuse(theirs ? say('battle.decide.optionsOf', { ...values, rules: rulesNamePhrase(theirs.id) }) : say('battle.decide.optionsOfNone', values));
  }
  return given.length && system.options ? system.options.check(Object.fromEntries(given.map((k) => [k, o[k]]))) : {};
}

/**
 * A campaign's battle, created whole: its GMs, its roster (the armies' units in their campaign state,
 * as an order of battle) and its sides' players, so it starts as the campaign left its armies.
 */
function campaignBattle(s: BattleState, data: Extract<BattleEvent, { type: 'BattleCreated' }>['data'], c: NonNullable<Extract<CoreAction, { type: 'CreateBattle' }>['campaign']>): BattleEvent[] {
  const scratch = draft(s);
  const events: BattleEvent[] = [];
  const emit = (e: BattleEvent) => {
    events.push(e);
    applySetup(scratch, e);
  };
  emit({ type: 'BattleCreated', data });
  for (const gm of c.gms) if (gm !== data.gm) emit({ type: 'GmAdded', data: { user: gm } });
  for (const e of importOrderOfBattle(scratch, `the campaign ${c.id}`, { sides: c.sides.map((x) => ({ name: x.name, commands: x.commands })) })) emit(e);
  for (const side of c.sides) {
    const sideId = findByName(scratch.sides, side.name)!.id;
    for (const user of side.players) if (!scratch.sides[sideId]!.players.includes(user)) emit({ type: 'SideJoined', data: { sideId, user } });
  }
  // The campaign's house rules, checked again by the system's rules as any /house upload is.
  const system = getRuleSystem(data.system);
  for (const h of c.house ?? []) {
    const r = checkHouseRule(system.house ?? [], h.key, h.value, rulesNameStart(system.id));
    events.push({ type: 'HouseRuleSet', data: { key: r.key, value: r.value, by: h.by, rules: r.rules, source: `the campaign ${c.id}` } });
  }
  return events;
}

function importOrderOfBattle(s: BattleState, source: string, raw: unknown): BattleEvent[] {
  const checked = checkOrderOfBattle(raw, getRuleSystem(s.system).pack.attributes);
  if (!checked.ok) {
    const shown = checked.errors.slice(0, 15);
    const more = checked.errors.length - shown.length;
    refuse(lines(say('battle.decide.importErrors', { source, n: checked.errors.length }), ...shown, ...(more > 0 ? [say('battle.decide.andMore', { n: String(more) })] : [])));
  }
  // Apply the file to a scratch state (one copy, changed in place) so names are checked against the
  // battle and the file alike; commands, officers and units by an index of their names (names.ts), so
  // a large file imports in linear time. The file's names come normalised (oob.ts).
  const events: BattleEvent[] = [];
  const scratch = draft(s);
  const commandNames = new NameIndex(Object.values(s.commands).map((c) => c.name));
  const officers = officersOf(s);
  const unitNames = new NameIndex(Object.values(s.units).map((u) => u.name));
  const clashed = (where: string, kind: string, name: string, existing: string): never => refuse(say('battle.decide.importClash', { source, where, clash: clashText(kind, name, existing) }));
  const emit = (e: BattleEvent) => {
    events.push(e);
    applySetup(scratch, e);
  };
  const counts = { sides: 0, commands: 0, units: 0 };
  checked.oob.sides.forEach((sd, si) => {
    const at = `sides[${si}]`;
    // A side the battle has (by its name or the one name it looks like) takes the file's commands.
    let target = findByName(scratch.sides, sd.name);
    if (!target) {
      const like = Object.values(scratch.sides).find((x) => looksLike(x.name, sd.name));
      if (like) clashed(`${at}.name`, 'side', sd.name, like.name);
      emit({ type: 'SideAdded', data: { sideId: `s${scratch.nextId.side}`, name: checkName('side', sd.name) } });
      target = findByName(scratch.sides, sd.name)!;
      counts.sides++;
    }
    sd.commands.forEach((cmd, ci) => {
      const cat = `${at}.commands[${ci}]`;
      const clash = (Object.hasOwn(scratch.commands, cmd.name) ? scratch.commands[cmd.name]!.name : undefined) ?? commandNames.clash(cmd.name);
      if (clash !== undefined) clashed(`${cat}.name`, 'command', cmd.name, clash);
      commandNames.add(cmd.name);
      if (cmd.officer) {
        const odd = officerClash(officers, cmd.officer);
        if (odd) clashed(`${cat}.officer`, 'officer', cmd.officer, odd);
        officers.add(cmd.officer);
      }
      const commandId = `c${scratch.nextId.command}`;
      emit({ type: 'CommandAdded', data: cmd.officer ? { commandId, name: cmd.name, sideId: target.id, officer: cmd.officer } : { commandId, name: cmd.name, sideId: target.id } });
      counts.commands++;
      if (cmd.player) {
        const onOther = Object.values(scratch.sides).find((x) => x.id !== target.id && x.players.includes(cmd.player!));
        if (onOther) refuse(say('battle.decide.importPlayer', { source, where: `${cat}.player`, player: cmd.player, side: onOther.name }));
        if (!scratch.sides[target.id]!.players.includes(cmd.player)) emit({ type: 'SideJoined', data: { sideId: target.id, user: cmd.player } });
        emit({ type: 'CommandAssigned', data: { commandId, user: cmd.player } });
      }
      cmd.units.forEach((u, ui) => {
        const clash = unitNames.clash(u.name);
        if (clash !== undefined) clashed(`${cat}.units[${ui}].name`, 'unit', u.name, clash);
        unitNames.add(u.name);
        emit({ type: 'UnitAdded', data: { unitId: `u${scratch.nextId.unit}`, name: u.name, commandId, attrs: u.attrs } });
        counts.units++;
      });
    });
  });
  return [{ type: 'OrderOfBattleImported', data: { source, ...counts } }, ...events];
}
