import { refuse, RuleError } from '../rules/errors.ts';
import type { PhaseInfo, TurnPosition } from '../rules/sequence.ts';
import { LANGUAGES } from '../i18n/locales.ts';
import { lines, say, word, working, type Text } from '../i18n/text.ts';
import { when } from '../messages.ts';
import { openBallots, waitingFor } from './ballots.ts';
import { positionPhrase } from './describe.ts';
import { draft } from './draft.ts';
import type { BattleEvent } from './events.ts';
import { applySetup } from './evolve.ts';
import { getRuleSystem } from './registry.ts';
import type { BattleState } from './state.ts';
import type { Owed } from './system.ts';

/**
 * Walking the turn sequence: /phase next, /turn next and /phase goto. What the current phase owes
 * (the system's checks, every ballot still waiting for votes) holds the walk until it is done or a
 * GM passes over it; the waiver is logged (DueWaived) and what it named never holds again.
 */

type Advance = { type: 'AdvancePhase'; skip?: boolean } | { type: 'AdvanceTurn'; period?: string; skip?: boolean };

/**
 * What the current phase still owes: the system's by its rules and every ballot waiting for votes
 * (but those the next phase closes itself), less what a GM passed over.
 */
export function owedNow(s: BattleState): Owed[] {
  const system = getRuleSystem(s.system);
  const ballots: Owed[] = openBallots(s)
    .filter((b) => waitingFor(b).length > 0 && !system.closedByPhase?.includes(b.kind))
    .map((b) => ({
      key: `ballot:${b.id}`,
      text: say('battle.advance.ballotOpen', {
        id: b.id,
        title: b.title,
        rule: b.rule ? ` (${b.rule})` : '',
        voters: waitingFor(b)
          .map((v) => v.label)
          .join(', '),
        deadline: b.deadline ? say('battle.advance.ballotDeadline', { when: when(b.deadline) }) : '',
      }),
      example: `/ballot vote ballot:${b.id} (a GM: /ballot cast-for, or /ballot reveal ballot:${b.id})`,
      shown: say('battle.advance.ballotExample', { id: b.id }),
    }));
  const waived = new Set(s.waived ?? []);
  return [...(system.owed?.(s) ?? []), ...ballots].filter((o) => !waived.has(o.key));
}

export const owedLine = (o: Owed): Text => (o.example ? say('battle.advance.owedLine', { text: o.text, example: o.shown ?? o.example }) : o.text);

/** The tests the battle's rules would leave untaken if it ended now (RuleSystem.owedAtEnd), less what a GM passed over. */
export function owedAtEnd(s: BattleState): Owed[] {
  const waived = new Set(s.waived ?? []);
  return (getRuleSystem(s.system).owedAtEnd?.(s) ?? []).filter((o) => !waived.has(o.key));
}

/** The refusal of /battle end while tests are owed (issue 41): the fact first, then the way on. */
export function endHeldText(owed: readonly Owed[]): Text {
  const n = owed.length;
  return lines(working(say('battle.advance.endHeld', { n }), owed.map(owedLine)), say('battle.advance.endHeldWay', { n }));
}

/** The state after `events`, for looking ahead inside a decision; `s` is left as it was. */
function preview(s: BattleState, events: readonly BattleEvent[]): BattleState {
  const d = draft(s);
  for (const e of events) applySetup(d, e);
  return d;
}

const here = (s: BattleState): Text => {
  const info = getRuleSystem(s.system).sequence.describe(s.position);
  return say('battle.advance.here', { position: positionPhrase(s.position, info.number, true), name: info.name });
};

function heldText(s: BattleState, owed: readonly Owed[], command: string): Text {
  return lines(working(say('battle.advance.owes', { here: here(s) }), owed.map(owedLine)), say('battle.advance.owesWay', { n: owed.length, command }));
}

/** /phase next and /turn next: one move through the sequence, held by what the phase owes unless a GM skips it. */
export function decideAdvance(s: BattleState, action: Advance, actor: string): BattleEvent[] {
  const system = getRuleSystem(s.system);
  const { sequence } = system;
  const period = action.type === 'AdvanceTurn' ? action.period : undefined;
  if (period !== undefined && !sequence.periods.includes(period)) {
    refuse(sequence.periods.length ? say('battle.advance.unknownPeriod', { period, periods: sequence.periods.join(', ') }) : say('battle.advance.noPeriods'));
  }
  const owed = owedNow(s);
  if (owed.length && !action.skip) refuse(heldText(s, owed, action.type === 'AdvanceTurn' ? '/turn next' : '/phase next'));
  const waived: BattleEvent[] = owed.length ? [{ type: 'DueWaived', data: { by: actor, items: owed.map(({ key, text }) => ({ key, text })) } }] : [];
  const from = waived.length ? preview(s, waived) : s;
  const to = action.type === 'AdvancePhase' ? sequence.nextPhase(from.position) : sequence.nextTurn(from.position, period);
  const plain = { to, before: [], due: [] };
  const move = system.advance?.(from, plain, period, (p) => sequence.nextTurn(from.position, p)) ?? plain;
  const info = sequence.describe(move.to);
  const entered: Extract<BattleEvent, { type: 'PhaseAdvanced' }> = {
    type: 'PhaseAdvanced',
    data: { from: from.position, to: move.to, phaseId: info.id, phaseName: info.name, phaseNumber: info.number, due: [...info.due, ...move.due] },
  };
  const owes = owedNow(preview(from, [...move.before, entered]));
  if (owes.length) entered.data.owed = owes.map(owedLine);
  return [...waived, ...move.before, entered];
}

/** A phase of the turn by its printed number, id or name (a unique start of it will do). */
function matches(info: PhaseInfo, ref: string): 'exact' | 'start' | undefined {
  const r = ref.trim().toLowerCase();
  // What a player typed is read against the phase's name in every language the catalog has.
  const names = LANGUAGES.map((l) => word(info.name, l).toLowerCase());
  if (String(info.number) === r || info.id.toLowerCase() === r || names.includes(r)) return 'exact';
  return r.length >= 3 && names.some((name) => name.startsWith(r)) ? 'start' : undefined;
}

/** How a refusal lists the phases of the current turn, one per line. */
function phaseList(s: BattleState): Text {
  const { sequence } = getRuleSystem(s.system);
  const items: Text[] = [];
  let p: TurnPosition = { ...s.position, phase: 0 };
  do {
    items.push(phaseItem(sequence.describe(p)));
    p = sequence.nextPhase(p);
  } while (p.turn === s.position.turn);
  return lines(...items);
}

/** "3. Fire": a phase by its printed number and name. */
const phaseItem = (info: PhaseInfo): Text => say('battle.advance.phaseItem', { number: String(info.number), name: info.name });

/** How many phases forward the first phase `ref` names lies (within the next two turns), and its description. */
function phaseAhead(s: BattleState, ref: string): { steps: number; info: PhaseInfo } {
  const { sequence } = getRuleSystem(s.system);
  const found: { steps: number; info: PhaseInfo; how: 'exact' | 'start' }[] = [];
  let p = s.position;
  for (let steps = 1; p.turn <= s.position.turn + 1; steps++) {
    p = sequence.nextPhase(p);
    const info = sequence.describe(p);
    const how = matches(info, ref);
    if (how && !found.some((f) => f.info.id === info.id)) found.push({ steps, info, how });
  }
  const exact = found.filter((f) => f.how === 'exact');
  const pick = exact.length ? exact : found;
  if (pick.length === 1 || (pick.length > 1 && exact.length > 0)) return pick[0]!;
  if (pick.length > 1) refuse(say('battle.advance.manyPhases', { ref, n: String(pick.length), phases: pick.map((f) => phaseItem(f.info)).reduce((a, b) => say('battle.describe.semicolon', { a, b })) }));
  return refuse(lines(say('battle.advance.noPhase', { ref }), phaseList(s), say('battle.advance.nothingChanged')));
}

/**
 * /phase goto: forward phase by phase to the phase named, passing those that owe nothing, and
 * stopping early in the first phase that owes something (its banner says what), or where a move is
 * refused by the rules (the refusal is kept as what it owes). Each phase passed is logged as
 * /phase next logs it.
 */
export function decideGoto(s: BattleState, ref: string, actor: string): BattleEvent[] {
  const current = getRuleSystem(s.system).sequence.describe(s.position);
  if (matches(current, ref) === 'exact') refuse(say('battle.advance.thereAlready', { here: here(s) }));
  const target = phaseAhead(s, ref);
  const out: BattleEvent[] = [];
  let cur = s;
  for (let i = 0; i < target.steps; i++) {
    if (i > 0 && owedNow(cur).length) break;
    let step: BattleEvent[];
    try {
      step = decideAdvance(cur, { type: 'AdvancePhase' }, actor);
    } catch (err) {
      if (!(err instanceof RuleError) || out.length === 0) throw err;
      const last = out.filter((e) => e.type === 'PhaseAdvanced').at(-1)!;
      last.data.owed = [...(last.data.owed ?? []), err.text];
      break;
    }
    out.push(...step);
    cur = preview(cur, step);
  }
  return out;
}
