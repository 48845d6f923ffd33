import { sideName } from '../../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import type { Advance, Owed } from '../../../battle/system.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { say, type Text } from '../../../i18n/text.ts';
import { refuse } from '../../../rules/errors.ts';
import { mention } from '../../../messages.ts';
import { medievalPack as pack, signed } from '../index.ts';
import { MEDIEVAL_PHASES, sidePhrase, sideToPlay, weatherRollDue } from '../sequence.ts';
import { initiativeDie } from './initiative.ts';
import { FIRING_SIDE, figuresNow, med, phaseDef, phaseId } from './state.ts';
import { LOG_REASONS_PHASE, moraleReasonsFromLog } from './reasons.ts';

/** A move through the sequence: what falls due on entering the phase (added to PhaseAdvanced's due list). */
export function medievalAdvance(s: BattleState, next: Advance): Advance {
  // MED-SEQ.1: the turn's sides A and B are settled before anything else happens in it.
  if (phaseId(s.position) === 'MED-SEQ.1' && Object.keys(s.sides).length === 2 && med(s).sides?.turn !== s.position.turn) {
    refuse(say('medieval.advance.sidesNotChosen', { turn: String(s.position.turn) }));
  }
  return { ...next, due: [...next.due, ...medievalDue(s, next.to)] };
}

/**
 * What a medieval phase owes before it ends: the turn's sides A and B (MED-SEQ.1), the weather roll
 * of every twelfth turn (MED-SEQ.2), and in phase 15 the test of every unit the log gives a reason
 * to test (MED-MORALE-REASONS.4, .8, .9, .11; one test a phase, MED-MORALE.3). Phase 10 owes none
 * of those: its tests are for seeing friends rout or fall back in disorder (MED-SEQ.10), which only
 * the table sees, and the fire and melee tests are phase 15's (MED-SEQ.15).
 */
export function medievalOwed(s: BattleState): Owed[] {
  const { turn } = s.position;
  const pid = phaseId(s.position);
  const out: Owed[] = [];
  if (pid === 'MED-SEQ.1' && Object.keys(s.sides).length === 2 && med(s).sides?.turn !== turn) {
    // One command at a time: the roll, then the winner's choice.
    const rolled = med(s).initiative?.turn === turn;
    out.push({ key: `initiative@${turn}`, text: say('medieval.advance.owedSides', { turn: String(turn) }), example: rolled ? '/initiative choose as:A' : '/initiative roll' });
  }
  if (pid === 'MED-SEQ.2' && weatherRollDue(turn) && med(s).weather?.turn !== turn) {
    out.push({ key: `weather@${turn}`, text: say('medieval.advance.owedWeather', { turn: String(turn) }), example: '/weather set weather:"fair, dry" wind_strength:light wind_direction:west' });
  }
  if (pid === LOG_REASONS_PHASE) {
    for (const u of Object.values(s.units)) {
      if (figuresNow(s, u) === 0) continue;
      const test = moraleTestOwed(s, u);
      if (!test) continue;
      out.push({
        key: `morale:${u.id}@${turn}.${s.position.phase}`,
        text: say('medieval.advance.owedMorale', { unit: u.name, test }),
        example: `/morale test unit:"${u.name}"`,
        unitId: u.id,
      });
    }
  }
  return out;
}

/** "a Morale Test, for reason .8 (it lost 2 figures to enemy fire this Game Turn) (MED-MORALE-REASONS)": the test the log gives `u` a reason to take, if any. */
export function moraleTestOwed(s: BattleState, u: Unit): Text | undefined {
  const reasons = moraleReasonsFromLog(s, u);
  if (!reasons.length) return undefined;
  const each = reasons.map((r): Text => say('medieval.advance.owedReason', { n: r.id.replace('MED-MORALE-REASONS', ''), why: r.why }));
  return say('medieval.advance.owedMoraleTest', { reasons: each.reduce((a, b) => say('medieval.advance.semicolon', { a, b })) });
}

/**
 * The Morale Tests an end of the battle now would leave untaken (issue 41): those the log gives a
 * reason for, due in phase 15 of this turn (MED-SEQ.15) and not yet reached or not yet taken there.
 */
export function medievalOwedAtEnd(s: BattleState): Owed[] {
  const at = MEDIEVAL_PHASES.findIndex((p) => p.id === LOG_REASONS_PHASE);
  if (s.position.phase > at) return [];
  return medievalOwed({ ...s, position: { ...s.position, phase: at } }).filter((o) => o.unitId !== undefined);
}

/** The Morale Test `u` would leave untaken if the battle ended now (medievalOwedAtEnd), as the test alone. */
export function testOwedAtEnd(s: BattleState, u: Unit): Text | undefined {
  const at = MEDIEVAL_PHASES.findIndex((p) => p.id === LOG_REASONS_PHASE);
  if (s.position.phase > at || figuresNow(s, u) === 0) return undefined;
  return moraleTestOwed({ ...s, position: { ...s.position, phase: at } }, u);
}

/** Who acts in a phase the chart gives to side A or B, named once the turn's sides are chosen (MED-SEQ.1). */
export function medievalActing(s: BattleState, pos: TurnPosition): Text | undefined {
  const side = sideToPlay(phaseId(pos));
  const letter = side === 'both' ? undefined : side;
  const chosen = med(s).sides;
  if (!letter) return phaseDef(pos)?.acts;
  if (chosen?.turn !== pos.turn) return say('medieval.advance.actingNotChosen', { side: sidePhrase(letter), turn: String(pos.turn) });
  const id = letter === 'A' ? chosen.a : chosen.b;
  const players = new Set([...(s.sides[id]?.players ?? []), ...Object.values(s.commands).flatMap((c) => (c.sideId === id && c.player ? [c.player] : []))]);
  const values = { side: sidePhrase(letter), name: sideName(s, id) };
  return players.size ? say('medieval.advance.actingPlayers', { ...values, players: [...players].map(mention).join(', ') }) : say('medieval.advance.acting', values);
}

/** The side acting in a side A or side B phase, once A and B are chosen for the turn (MED-SEQ.1). */
export function medievalActingSides(s: BattleState, pos: TurnPosition): string[] | undefined {
  const side = sideToPlay(phaseId(pos));
  const letter = side === 'both' ? undefined : side;
  const chosen = med(s).sides;
  if (!letter || chosen?.turn !== pos.turn) return undefined;
  return [letter === 'A' ? chosen.a : chosen.b];
}

/**
 * MED-SEQ.10: the units routing or falling back in disorder in phases 3 to 9 of `turn`, whose
 * friends test (reason 6); not artillery or skirmishers, nor a unit with no figures left.
 */
export function routingSeen(s: BattleState, turn: number): string[] {
  return Object.entries(med(s).units)
    .filter(([id, st]) => {
      const u = s.units[id];
      if (!u || u.attrs.arm === 'artillery' || u.attrs.order === 'skirmish' || figuresNow(s, u) === 0) return false;
      const m = st.morale;
      const fellBack = m?.result === 'fall-back-disorder' && (m.at.turn === turn || (m.at.turn === turn - 1 && phaseId(m.at) === 'MED-SEQ.15'));
      return st.routing || fellBack;
    })
    .map(([id]) => id);
}

function medievalDue(s: BattleState, to: TurnPosition): Text[] {
  const pid = phaseId(to);
  const out: Text[] = [];
  const names = (ids: string[]) => ids.map((id) => s.units[id]?.name ?? id).join(', ');
  const statuses = Object.entries(med(s).units).filter(([id]) => s.units[id]);
  if (pid === 'MED-SEQ.1') {
    const cmd = Object.values(s.sides).map((x): Text => {
      const c = med(s).commanders[x.id];
      return c ? say('medieval.advance.dueCommander', { side: x.name, commander: c, modifier: signed(pack.initiative.commanders[c]) }) : say('medieval.advance.dueNoCommander', { side: x.name });
    });
    const die = initiativeDie(s);
    const each = die ? say('medieval.advance.dueDieEach', { die: String(die.die) }) : say('medieval.advance.dueDieOpen');
    out.push(say('medieval.advance.dueInitiative', { each, commanders: cmd.length ? cmd.reduce((a, b) => say('medieval.advance.semicolon', { a, b })) : '' }));
  }
  // Which side is A and which B this turn the banner says (medievalActing).
  const chosen = med(s).sides;
  const firing = FIRING_SIDE[pid];
  if (firing && chosen?.turn === to.turn) {
    const name = sideName(s, firing === 'A' ? chosen.a : chosen.b);
    const reacting = pid === 'MED-SEQ.8' || pid === 'MED-SEQ.9' ? say('medieval.advance.dueReacting', { other: firing === 'A' ? 'B' : 'A' }) : say('medieval.advance.dueMovesAndFires');
    out.push(say('medieval.advance.dueFiring', { side: firing, name, reacting, rule: pid }));
  }
  if (pid === 'MED-SEQ.2' && weatherRollDue(to.turn)) out.push(say('medieval.advance.dueWeather'));
  if (pid === 'MED-SEQ.3') {
    const routing = statuses.filter(([, st]) => st.routing).map(([id]) => id);
    const fallBack = statuses.filter(([, st]) => st.morale?.at.turn === to.turn - 1 && st.morale.result.startsWith('fall-back')).map(([id]) => id);
    const impetuous = statuses.filter(([, st]) => st.impetuous).map(([id]) => id);
    if (routing.length) out.push(say('medieval.advance.dueRouting', { units: names(routing) }));
    if (fallBack.length) out.push(say('medieval.advance.dueFallBack', { units: names(fallBack) }));
    if (impetuous.length) out.push(say('medieval.advance.dueImpetuous', { units: names(impetuous) }));
  }
  if (pid === 'MED-SEQ.10') {
    const seen = routingSeen(s, to.turn);
    if (seen.length) out.push(say('medieval.advance.dueSeen', { units: names(seen) }));
    out.push(say('medieval.advance.duePhase15'));
  }
  if (pid === 'MED-SEQ.16') {
    const retest = statuses.filter(([, st]) => st.impetuous && st.impetuous.since.turn < to.turn).map(([id]) => id);
    if (retest.length) out.push(say('medieval.advance.dueRetest', { units: names(retest) }));
  }
  return out;
}
