import type { DiceStream } from '../dice/stream.ts';
import { getRuleSystem } from '../rules/index.ts';
import { SYSTEM_IDS, unitSchema, type SystemId, type UnitAttrs } from '../rules/system.ts';
import { ACTION_ROLE, UMPIRE, type Action } from './actions.ts';
import { decideBallot } from './decide-ballots.ts';
import { ballotConsequences } from './consequences.ts';
import { aroundAdvance, decideNight } from './night.ts';
import { decideGrandTac } from './initiative.ts';
import { decideMedieval, isMedievalAction, medievalDue } from './medieval.ts';
import { decidePercentile, isPercentileAction, percentileDue } from './percentile.ts';
import { decideRevealRoll, decideRevealSeed, decideRoll } from './rolls.ts';
import { refuse } from '../rules/errors.ts';
import type { BattleEvent } from './events.ts';
import { evolveSetup } from './evolve.ts';
import { checkOrderOfBattle } from './oob.ts';
import { exists, findByName, findSide, findUnit, isGm, type BattleOptions, type BattleState } from './state.ts';
import { mention } from '../messages.ts';

export interface DecideContext {
  actor: string;
  /** SHA-256 of the new battle's dice seed, posted at creation (DESIGN.md, Dice). */
  seedHash?: string;
  /** ISO time of the decision (ballot deadlines). */
  now: string;
  /** The battle's dice stream at its cursor, for actions that roll (DESIGN.md, Dice). */
  dice?: DiceStream;
  /** The battle's secret seed (hex), given only to the actions that publish it. */
  seed?: string;
}

const MAX_NAME = 80;

function checkName(what: string, name: string): string {
  const n = name.trim();
  if (!n) refuse(`The ${what} needs a name.`);
  if (n.length > MAX_NAME) refuse(`The ${what} name is too long (${n.length} characters; at most ${MAX_NAME}).`);
  return n;
}

function command(s: BattleState, ref: string) {
  return findByName(s.commands, ref) ?? refuse(`There is no command "${ref}". Commands: ${list(Object.values(s.commands))}.`);
}
const list = (xs: { name: string }[]) => (xs.length ? xs.map((x) => x.name).join(', ') : 'none yet');

function unique(s: BattleState, kind: 'side' | 'command' | 'unit', name: string, except?: string) {
  const pool: Record<string, { id: string; name: string }> = kind === 'side' ? s.sides : kind === 'command' ? s.commands : s.units;
  const clash = findByName(pool, name);
  if (clash && clash.id !== except) refuse(`There is already a ${kind} named "${clash.name}".`);
}

function attrsOf(s: BattleState, raw: Record<string, unknown>, mode: 'full' | 'partial'): UnitAttrs {
  const { pack, name } = getRuleSystem(s.system);
  const parsed = unitSchema(pack.attributes, mode).safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
    refuse(`That unit does not fit ${name}: ${issues.join('; ')}.`);
  }
  return parsed.data as UnitAttrs;
}

/** decide(state, action): the events an action causes, or a RuleError saying why not. Pure. */
export function decide(s: BattleState, action: Action, ctx: DecideContext): BattleEvent[] {
  if (action.type === 'CreateBattle') {
    if (exists(s)) refuse(`Battle ${s.id} already exists.`);
    if (!SYSTEM_IDS.includes(action.system)) refuse(`Unknown rule system "${action.system}"; choose one of ${SYSTEM_IDS.join(', ')}.`);
    const data: Extract<BattleEvent, { type: 'BattleCreated' }>['data'] = { battleId: s.id, name: checkName('battle', action.name), system: action.system, channel: action.channel, gm: ctx.actor };
    if (ctx.seedHash) data.seedHash = ctx.seedHash;
    const options = checkOptions(action.system, action.options ?? {});
    if (Object.keys(options).length) data.options = options;
    return [{ type: 'BattleCreated', data }];
  }
  if (!exists(s)) refuse('There is no battle here yet. A GM starts one with /battle create.');
  if (s.ended) refuse(`Battle "${s.name}" has ended; its log can still be read and replayed.`);
  if (ACTION_ROLE[action.type] === 'gm' && !isGm(s, ctx.actor)) refuse('Only a GM of this battle may do that.');
  if ((ACTION_ROLE[action.type] === 'umpire') !== (ctx.actor === UMPIRE)) refuse(ctx.actor === UMPIRE ? 'The umpire does not do that by itself.' : 'Only the umpire does that, by itself.');

  if (isMedievalAction(action)) {
    if (s.system !== 'medieval') refuse(`That belongs to the medieval d10 rules; this battle plays ${s.system}.`);
    return decideMedieval(s, action, ctx);
  }
  if (isPercentileAction(action)) {
    if (s.system !== 'percentile') refuse(`That belongs to the percentage-dice rules; this battle plays ${s.system}.`);
    return decidePercentile(s, action, ctx);
  }

  switch (action.type) {
    case 'AddGm':
      if (isGm(s, action.user)) refuse(`${mention(action.user)} is already a GM.`);
      return [{ type: 'GmAdded', data: { user: action.user } }];
    case 'RemoveGm':
      if (!isGm(s, action.user)) refuse(`${mention(action.user)} is not a GM.`);
      if (s.gms.length === 1) refuse('A battle needs a GM: add another GM before removing the last one.');
      return [{ type: 'GmRemoved', data: { user: action.user } }];
    case 'AddSide': {
      const name = checkName('side', action.name);
      unique(s, 'side', name);
      return [{ type: 'SideAdded', data: { sideId: `s${s.nextId.side}`, name } }];
    }
    case 'JoinSide': {
      const target = findSide(s, action.side);
      if (target.players.includes(ctx.actor)) refuse(`You are already on ${target.name}.`);
      const other = Object.values(s.sides).find((x) => x.players.includes(ctx.actor));
      if (other) refuse(`You are already on ${other.name}; a player plays for one side.`);
      return [{ type: 'SideJoined', data: { sideId: target.id, user: ctx.actor } }];
    }
    case 'AddCommand': {
      const name = checkName('command', action.name);
      unique(s, 'command', name);
      const data = { commandId: `c${s.nextId.command}`, name, sideId: findSide(s, action.side).id };
      return [{ type: 'CommandAdded', data: action.officer ? { ...data, officer: checkName('officer', action.officer) } : data }];
    }
    case 'AssignCommand': {
      const c = command(s, action.command);
      if (c.player === action.user) refuse(`${c.name} is already under ${mention(action.user)}.`);
      const onOther = Object.values(s.sides).find((x) => x.id !== c.sideId && x.players.includes(action.user));
      if (onOther) refuse(`${mention(action.user)} plays for ${onOther.name}, not ${s.sides[c.sideId]?.name}.`);
      const events: BattleEvent[] = [{ type: 'CommandAssigned', data: { commandId: c.id, user: action.user } }];
      if (!s.sides[c.sideId]?.players.includes(action.user)) events.unshift({ type: 'SideJoined', data: { sideId: c.sideId, user: action.user } });
      return events;
    }
    case 'AddUnit': {
      const name = checkName('unit', action.name);
      unique(s, 'unit', name);
      const c = command(s, action.command);
      return [{ type: 'UnitAdded', data: { unitId: `u${s.nextId.unit}`, name, commandId: c.id, attrs: attrsOf(s, action.attrs, 'full') } }];
    }
    case 'EditUnit': {
      const u = findUnit(s, action.unit);
      const attrs = attrsOf(s, action.attrs, 'partial');
      const data: Extract<BattleEvent, { type: 'UnitEdited' }>['data'] = { unitId: u.id, attrs };
      if (action.name !== undefined) {
        data.name = checkName('unit', action.name);
        unique(s, 'unit', data.name, u.id);
      }
      if (action.command !== undefined) data.commandId = command(s, action.command).id;
      if (!Object.keys(attrs).length && data.name === undefined && data.commandId === undefined) refuse('Nothing to change: give at least one attribute, a new name or a command.');
      return [{ type: 'UnitEdited', data }];
    }
    case 'RemoveUnit': {
      const u = findUnit(s, action.unit);
      return [{ type: 'UnitRemoved', data: { unitId: u.id, name: u.name } }];
    }
    case 'ImportOrderOfBattle':
      return importOrderOfBattle(s, action.source, action.oob);
    case 'AdvancePhase':
    case 'AdvanceTurn': {
      const { sequence } = getRuleSystem(s.system);
      if (action.type === 'AdvanceTurn' && action.period !== undefined && !sequence.periods.includes(action.period)) {
        refuse(sequence.periods.length ? `Unknown period "${action.period}"; choose one of ${sequence.periods.join(', ')}.` : `This rule system has no periods; use /turn next alone.`);
      }
      const next = action.type === 'AdvancePhase' ? sequence.nextPhase(s.position) : sequence.nextTurn(s.position, action.period);
      const around = aroundAdvance(s, next, action.type === 'AdvanceTurn' ? action.period : undefined, (period) => sequence.nextTurn(s.position, period));
      const info = sequence.describe(around.to);
      return [...around.before, { type: 'PhaseAdvanced', data: { from: s.position, to: around.to, phaseId: info.id, phaseName: info.name, phaseNumber: info.number, due: [...info.due, ...around.due, ...medievalDue(s, around.to), ...percentileDue(s, around.to)] } }];
    }
    case 'EndBattle':
      // The end publishes the seed: from now on anyone can re-derive every roll (DESIGN.md, Dice).
      return [{ type: 'BattleEnded', data: { by: ctx.actor } }, ...(s.revealedSeed || !ctx.seed ? [] : decideRevealSeed(s, ctx.seed))];
    case 'RevealSeed':
      return decideRevealSeed(s, ctx.seed);
    case 'RollDice':
      return decideRoll(s, action, ctx.actor, ctx.dice);
    case 'RevealRoll':
      return decideRevealRoll(s, action.number, ctx.actor);
    case 'Undo': {
      const last = s.undoable.at(-1) ?? refuse('There is nothing to undo: nothing was done since the battle began, or since the last resolution on the dice, which stands with all it was resolved on.');
      return [{ type: 'ActionUndone', data: { voids: last.versions, summary: last.summary } }];
    }
    case 'OpenPoll':
    case 'CastVote':
    case 'RevealBallot':
    case 'CloseBallot':
    case 'RemindBallot':
      return decideBallot(s, action, ctx, ballotConsequences);
    case 'OpenNightVote':
    case 'OpenDawnBallot':
    case 'OpenOrders':
    case 'SetOrder':
    case 'TriggerCommand':
    case 'SetNightConditions':
    case 'SetDemoralization':
    case 'ReachMfpCritical':
      return decideNight(s, action, ctx);
    case 'OpenGrandTac':
      return decideGrandTac(s, action, ctx);
  }
}

/** Battle options are the medieval rules' (MED-AUTOKILL, MED-PARTDICE, MED-INIT.1); other systems take none. */
function checkOptions(system: SystemId, o: BattleOptions): BattleOptions {
  const given = (Object.keys(o) as (keyof BattleOptions)[]).filter((k) => o[k] !== undefined);
  if (system !== 'medieval' && given.length) refuse(`${given.join(', ')}: ${given.length > 1 ? 'these are options' : 'this is an option'} of the medieval d10 rules only; a ${system} battle takes none.`);
  if (o.initiativeDie !== undefined && o.initiativeDie !== 6 && o.initiativeDie !== 10) refuse(`The initiative die is a d6 (MED-INIT.1) or a d10 (MED-SEQ.1), not a d${o.initiativeDie}.`);
  return Object.fromEntries(given.map((k) => [k, o[k]]));
}

function importOrderOfBattle(s: BattleState, source: string, raw: unknown): BattleEvent[] {
  const checked = checkOrderOfBattle(raw, getRuleSystem(s.system).pack.attributes);
  if (!checked.ok) {
    const shown = checked.errors.slice(0, 15);
    const more = checked.errors.length - shown.length;
    refuse(`${source} has ${checked.errors.length} error${checked.errors.length > 1 ? 's' : ''}; nothing was imported:\n${shown.join('\n')}${more > 0 ? `\n…and ${more} more` : ''}`);
  }
  // Apply the file to a scratch state so names are checked against the battle and the file alike.
  const events: BattleEvent[] = [];
  let scratch = s;
  const emit = (e: BattleEvent) => {
    events.push(e);
    scratch = evolveSetup(scratch, e);
  };
  const counts = { sides: 0, commands: 0, units: 0 };
  checked.oob.sides.forEach((sd, si) => {
    const at = `sides[${si}]`;
    let target = findByName(scratch.sides, sd.name);
    if (!target) {
      emit({ type: 'SideAdded', data: { sideId: `s${scratch.nextId.side}`, name: checkName('side', sd.name) } });
      target = findByName(scratch.sides, sd.name)!;
      counts.sides++;
    }
    sd.commands.forEach((cmd, ci) => {
      const cat = `${at}.commands[${ci}]`;
      if (findByName(scratch.commands, cmd.name)) refuse(`${source}: ${cat}.name: there is already a command named "${cmd.name}"; nothing was imported.`);
      const commandId = `c${scratch.nextId.command}`;
      emit({ type: 'CommandAdded', data: cmd.officer ? { commandId, name: cmd.name, sideId: target.id, officer: cmd.officer } : { commandId, name: cmd.name, sideId: target.id } });
      counts.commands++;
      if (cmd.player) {
        const onOther = Object.values(scratch.sides).find((x) => x.id !== target.id && x.players.includes(cmd.player!));
        if (onOther) refuse(`${source}: ${cat}.player: ${cmd.player} already plays for ${onOther.name}; nothing was imported.`);
        if (!scratch.sides[target.id]!.players.includes(cmd.player)) emit({ type: 'SideJoined', data: { sideId: target.id, user: cmd.player } });
        emit({ type: 'CommandAssigned', data: { commandId, user: cmd.player } });
      }
      cmd.units.forEach((u, ui) => {
        if (findByName(scratch.units, u.name)) refuse(`${source}: ${cat}.units[${ui}].name: there is already a unit named "${u.name}"; nothing was imported.`);
        emit({ type: 'UnitAdded', data: { unitId: `u${scratch.nextId.unit}`, name: u.name, commandId, attrs: u.attrs } });
        counts.units++;
      });
    });
  });
  return [{ type: 'OrderOfBattleImported', data: { source, ...counts } }, ...events];
}
