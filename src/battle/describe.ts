import { messages } from '../i18n/catalog.ts';
import { FALLBACK } from '../i18n/locales.ts';
import { joinedBy, say, working, type Text } from '../i18n/text.ts';
import type { AttributeSpec } from '../rules/pack.ts';
import { capitalize, mention, when } from '../messages.ts';
import type { RuleSystem } from './system.ts';
import type { TurnPosition } from '../rules/sequence.ts';
import { changesVote } from './ballots.ts';
import { getRuleSystem, ownerOfEvent } from './registry.ts';
import type { BattleEvent, CoreEvent, SystemEvent } from './events.ts';
import type { BattleState } from './state.ts';
import { describeHeld } from './held.ts';
import { describeHouseEvent } from './house.ts';
import { rollPhrase } from './rolls.ts';
import { describeShareEvent } from './share.ts';

/**
 * "turn 2 (night), phase 3": `number` is the phase's printed number where the rulebook's differs from
 * its place; `start`, a sentence's start ("Turn 2, phase 3").
 */
export const positionPhrase = (p: TurnPosition, number = p.phase + 1, start = false): Text =>
  p.period
    ? say(start ? 'battle.describe.positionPeriodStart' : 'battle.describe.positionPeriod', { turn: String(p.turn), period: p.period, phase: String(number) })
    : say(start ? 'battle.describe.positionStart' : 'battle.describe.position', { turn: String(p.turn), phase: String(number) });

/**
 * The name of the phase a PhaseAdvanced entered, as the system's sequence names it now (a phrase of
 * its catalog, worded for each reader), found by the phase's position and checked by its id; what
 * the event kept (an older log's English name) where the sequence no longer has that phase there.
 */
export function phaseNameOf(system: string, data: { to: TurnPosition; phaseId: string; phaseName: Text }): Text {
  try {
    const info = getRuleSystem(system).sequence.describe(data.to);
    if (info.id === data.phaseId) return info.name;
  } catch {
    // A position the sequence does not have (an older log's, a test's): the name the event kept.
  }
  return data.phaseName;
}

const nameOf = (rec: Record<string, { name: string }>, id: string) => rec[id]?.name ?? id;

/**
 * Whether the channel, and so any reading of the log others see, hears of an event at all (`s` the
 * state before it): not of a changed vote, which its voter alone is told of (issue 37).
 */
export const toldToChannel = (e: BattleEvent, s: BattleState): boolean => !changesVote(s, e);

/** One line a reader of the log understands; `s` is the state before the event, for names. */
export function describeEvent(e: BattleEvent, s: BattleState): Text {
  const owner = ownerOfEvent(e.type);
  return owner ? owner.describe(e as SystemEvent, s) : describeCore(e as CoreEvent, s);
}

/** Texts one after another, separated by semicolons as the reader's language writes them. */
const semicolons = (texts: readonly Text[]): Text => (texts.length ? texts.reduce((a, b) => say('battle.describe.semicolon', { a, b })) : '');

function describeCore(e: CoreEvent, s: BattleState): Text {
  switch (e.type) {
    case 'BattleCreated': {
      const values = { gm: mention(e.data.gm), name: e.data.name, system: e.data.system, channel: `<#${e.data.channel}>` };
      return e.data.options ? say('battle.describe.createdOptions', { ...values, options: optionsText(e.data.system, e.data.options) }) : say('battle.describe.created', values);
    }
    case 'GmAdded':
      return say('battle.describe.gmAdded', { user: mention(e.data.user) });
    case 'GmRemoved':
      return say('battle.describe.gmRemoved', { user: mention(e.data.user) });
    case 'SideAdded':
      return say('battle.describe.sideAdded', { name: e.data.name });
    case 'JoinRequested':
      return say('battle.describe.joinRequested', { user: mention(e.data.user), side: nameOf(s.sides, e.data.sideId) });
    case 'JoinRefused':
      return say('battle.describe.joinRefused', { by: mention(e.data.by), user: mention(e.data.user), side: nameOf(s.sides, e.data.sideId) });
    case 'SideJoined':
      return say('battle.describe.sideJoined', { user: mention(e.data.user), side: nameOf(s.sides, e.data.sideId) });
    case 'CommandAdded': {
      const side = nameOf(s.sides, e.data.sideId);
      return e.data.officer ? say('battle.describe.commandAddedUnder', { name: e.data.name, officer: e.data.officer, side }) : say('battle.describe.commandAdded', { name: e.data.name, side });
    }
    case 'CommandAssigned':
      return say('battle.describe.commandAssigned', { command: nameOf(s.commands, e.data.commandId), user: mention(e.data.user) });
    case 'UnitAdded':
      return say('battle.describe.unitAdded', { name: e.data.name, command: nameOf(s.commands, e.data.commandId), attrs: attrsPhrase(s.system, e.data.attrs) });
    case 'UnitEdited': {
      const parts: Text[] = [attrsPhrase(s.system, e.data.attrs)];
      if (e.data.name) parts.push(say('battle.describe.renamed', { name: e.data.name }));
      if (e.data.commandId) parts.push(say('battle.describe.movedTo', { command: nameOf(s.commands, e.data.commandId) }));
      return say('battle.describe.unitEdited', { unit: nameOf(s.units, e.data.unitId), changes: semicolons(parts.filter(Boolean)) });
    }
    case 'UnitRemoved':
      return say('battle.describe.unitRemoved', { name: e.data.name });
    case 'OrderOfBattleImported':
      return say('battle.describe.imported', { source: e.data.source, sides: e.data.sides, sideCount: String(e.data.sides), commands: e.data.commands, commandCount: String(e.data.commands), units: e.data.units, unitCount: String(e.data.units) });
    case 'PhaseAdvanced':
      return working(say('battle.describe.phase', { position: positionPhrase(e.data.to, e.data.phaseNumber), name: phaseNameOf(s.system, e.data), id: e.data.phaseId }), [
        ...e.data.due,
        ...(e.data.owed ?? []).map((owed) => say('battle.describe.owedBefore', { owed })),
      ]);
    case 'DueWaived':
      return say('battle.describe.dueWaived', { by: mention(e.data.by), items: semicolons(e.data.items.map((i) => i.text)) });
    case 'BattleEnded':
      return say('battle.describe.ended', { by: mention(e.data.by) });
    case 'ActionUndone':
      return say('battle.describe.undone', { summary: e.data.summary, n: e.data.voids.length, events: e.data.voids.join(', ') });
    // Ballot lines never show a choice before its reveal (docs/architecture.md, Secrecy).
    case 'BallotOpened':
      return say('battle.describe.ballotOpened', {
        id: e.data.ballotId,
        title: e.data.title,
        rule: e.data.rule ? ` (${e.data.rule})` : '',
        voters: e.data.voters.map((v) => v.label).join(', '),
        deadline: e.data.deadline ? say('battle.describe.closes', { when: when(e.data.deadline) }) : '',
      });
    case 'VoteCast': {
      const b = s.ballots[e.data.ballotId];
      const voter = b?.voters.find((v) => v.id === e.data.voter)?.label ?? e.data.voter;
      const values = { by: mention(e.data.by), voter, ballot: b?.title ?? e.data.ballotId };
      // A change is worded for its voter's own answer only: toldToChannel keeps it from everyone else.
      if (changesVote(s, e)) return say('battle.describe.voteChanged', values);
      return say(e.data.onBehalf ? 'battle.describe.voteCastFor' : 'battle.describe.voteCast', values);
    }
    case 'VoteVoided': {
      const b = s.ballots[e.data.ballotId];
      const voter = b?.voters.find((v) => v.id === e.data.voter)?.label ?? e.data.voter;
      const values = { by: mention(e.data.by), voter, ballot: b?.title ?? e.data.ballotId };
      return e.data.reason ? say('battle.describe.voteVoidedWhy', { ...values, reason: e.data.reason }) : say('battle.describe.voteVoided', values);
    }
    case 'BallotReminded': {
      const b = s.ballots[e.data.ballotId];
      return say('battle.describe.reminded', { ballot: b?.title ?? e.data.ballotId, voters: e.data.waitingFor.map((id) => b?.voters.find((v) => v.id === id)?.label ?? id).join(', ') });
    }
    case 'BallotRevealed': {
      const b = s.ballots[e.data.ballotId];
      const why = say('battle.describe.why', { reason: { 'all voted': 'allVoted', deadline: 'deadline', gm: 'gm', phase: 'phase' }[e.data.reason] });
      if (b?.audience === 'gms') return say('battle.describe.ballotClosed', { title: b.title, why });
      return say('battle.describe.ballotRevealed', { title: b?.title ?? e.data.ballotId, why, choices: choicesPhrase(e.data.choices) });
    }
    case 'DiceRolled':
      return e.data.secret ? say('battle.describe.secretRoll', { roller: mention(e.data.roller), number: String(e.data.number) }) : rollPhrase(e.data);
    case 'RollRevealed': {
      const r = s.rolls[e.data.number];
      return r ? say('battle.describe.secretRevealed', { roll: rollPhrase(r) }) : say('battle.describe.rollRevealed', { number: String(e.data.number) });
    }
    case 'SeedRevealed':
      // Mid-battle, say what a public seed means for the rolls still to come (rolls.ts refuses /roll).
      return say(s.ended ? 'battle.describe.seedRevealed' : 'battle.describe.seedRevealedMidBattle', { seed: `\`${e.data.seed}\`` });
    case 'ActionHeld':
    case 'HeldActionResumed':
    case 'HeldActionSetAside':
      return describeHeld(e, s);
    case 'HouseRuleSet':
    case 'HouseRuleUnset':
      return describeHouseEvent(e);
    case 'ShareLinkCreated':
    case 'ShareLinkRevoked':
    case 'BookmarkAdded':
    case 'BookmarkRemoved':
      return describeShareEvent(e, s);
  }
}

/** A ballot's revealed choices: "North attack; South did not vote (cast by a GM on behalf)". */
export const choicesPhrase = (choices: { label: string; choice: string | null; onBehalf?: boolean }[]): Text =>
  semicolons(
    choices.map((c) => {
      const choice = c.choice === null ? say('battle.describe.didNotVote', { label: c.label }) : say('battle.describe.choice', { label: c.label, choice: c.choice });
      return c.onBehalf ? say('battle.describe.castByGm', { choice }) : choice;
    }),
  );

/** The attributes several rule systems declare, named by the core's catalog (`battle.attr.<name>`); a system's own are its catalog's (`<system>.attr.<name>`). */
const SHARED_ATTRS: ReadonlySet<string> = new Set(['arm', 'figures', 'class', 'formation', 'weapon', 'cannon', 'gun', 'morale', 'leader']);

/** `melee_weapon` -> `meleeWeapon`, `stand-of-pike` -> `standOfPike`, `ball & chain` -> `ballChain`: a catalog key's last part. */
const keyPart = (s: string): string =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1) : w.toLowerCase()))
    .join('');

/** A value of a closed list that is a word (not a code such as class "A", "1D3" or "12pdr heavy"): worded by the system's catalog. */
const WORD = /^[a-z][a-z &-]+$/i;

/** The attributes of the battle's rule system, by name; none where the system is unknown (an older log's, a test's). */
function declared(system: string): ReadonlyMap<string, AttributeSpec> {
  try {
    return new Map(getRuleSystem(system).pack.attributes.map((a) => [a.name, a]));
  } catch {
    return new Map();
  }
}

/** A unit's attribute by name, as its rule system words it: a name it does not declare is shown as it is. */
export const attrName = (system: string, name: string, spec = declared(system).get(name)): Text => {
  const key = SHARED_ATTRS.has(name) ? `battle.attr.${keyPart(name)}` : `${system}.attr.${keyPart(name)}`;
  return spec && inCatalog(key) ? say(key) : name;
};

/** Whether the catalog has `key`: a system that brought no words for its attributes (a test's) shows them as declared. */
const inCatalog = (key: string): boolean => messages(FALLBACK).has(key);

/** An attribute's value: one of its rule system's words (an armour, a formation) worded by its catalog, anything else (a number, a gun's poundage, a name, a code) as typed. */
export const attrValue = (system: string, name: string, value: string | number, spec = declared(system).get(name)): Text =>
  typeof value === 'string' && spec?.type === 'enum' && spec.values?.includes(value) && WORD.test(value) && inCatalog(`${system}.attrValue.${keyPart(name)}.${keyPart(value)}`)
    ? say(`${system}.attrValue.${keyPart(name)}.${keyPart(value)}`)
    : String(value);

/**
 * A unit's attributes as its rule system words them, "arm infantry, figures 24, class B" (`colon`:
 * "arm: infantry, figures: 24"): names and closed values through the catalogs, free values as typed.
 */
export function attrsPhrase(system: string, attrs: Readonly<Record<string, string | number>>, colon = false): Text {
  const specs = declared(system);
  return joinedBy(
    Object.entries(attrs).map(([k, v]) => say(colon ? 'battle.attrs.pairColon' : 'battle.attrs.pair', { name: attrName(system, k, specs.get(k)), value: attrValue(system, k, v, specs.get(k)) })),
    ', ',
  );
}

/** A rule system's name, "d10 Medieval / Renaissance", a key of its own catalog (`<system>.name`); an unknown system's id as it is. */
export const systemName = (system: string): Text => systemWords(system, 'name', (s) => s.name);

/** How a sentence names a rule system's rules, "the medieval d10 rules" (`<system>.rulesName`). */
export const rulesNamePhrase = (system: string): Text => systemWords(system, 'rulesName', (s) => s.rulesName);

/** The same at the start of a sentence, "The medieval d10 rules" (`<system>.rulesNameStart`). */
export const rulesNameStart = (system: string): Text => systemWords(system, 'rulesNameStart', (s) => capitalize(s.rulesName));

/**
 * `<system>.<key>` of the system's catalog; a system installed without one (a plugin of its own, a
 * test's) is named by its plugin's words, as written; an unknown system by its id.
 */
function systemWords(system: string, key: string, own: (s: RuleSystem) => string): Text {
  let s: RuleSystem;
  try {
    s = getRuleSystem(system);
  } catch {
    return system;
  }
  return messages(FALLBACK).has(`${system}.${key}`) ? say(`${system}.${key}`) : own(s);
}

/** The options agreed at creation, in the words of the battle's rule system. */
export const optionsText = (system: string, o: Record<string, unknown>): Text => getRuleSystem(system).options?.text(o) ?? '';
