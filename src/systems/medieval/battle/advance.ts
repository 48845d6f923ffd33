import { sideName } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import type { Advance } from '../../../battle/system.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { refuse } from '../../../rules/errors.ts';
import { medievalPack as pack, signed } from '../index.ts';
import { weatherRollDue } from '../sequence.ts';
import { initiativeDie } from './initiative.ts';
import { FIRING_SIDE, med, phaseDef, phaseId } from './state.ts';

/** A move through the sequence: what falls due on entering the phase (added to PhaseAdvanced's due list). */
export function medievalAdvance(s: BattleState, next: Advance): Advance {
  // MED-SEQ.1: the turn's sides A and B are settled before anything else happens in it.
  if (phaseId(s.position) === 'MED-SEQ.1' && Object.keys(s.sides).length === 2 && med(s).sides?.turn !== s.position.turn) {
    refuse(`Sides A and B are not chosen for turn ${s.position.turn}: /initiative roll, then the winner's /initiative choose (MED-SEQ.1), before the turn goes on.`);
  }
  return { ...next, due: [...next.due, ...medievalDue(s, next.to)] };
}

function medievalDue(s: BattleState, to: TurnPosition): string[] {
  const pid = phaseId(to);
  const out: string[] = [];
  const names = (ids: string[]) => ids.map((id) => s.units[id]?.name ?? id).join(', ');
  const statuses = Object.entries(med(s).units).filter(([id]) => s.units[id]);
  if (pid === 'MED-SEQ.1') {
    const cmd = Object.values(s.sides).map((x) => `${x.name} ${med(s).commanders[x.id] ? `${med(s).commanders[x.id]} (${signed(pack.initiative.commanders[med(s).commanders[x.id]!])})` : 'no commander modifier'}`);
    const die = initiativeDie(s);
    const each = die ? `d${die.die} each` : 'a die each (d6 or d10: open until a GM sets house rule initiative.die)';
    out.push(`initiative: /initiative roll, ${each} plus the commander's modifier (MED-INIT): ${cmd.join('; ')}`);
  }
  const chosen = med(s).sides;
  if (/\(side [AB]\)$/.test(phaseDef(to)?.name ?? '')) {
    out.push(
      chosen?.turn === to.turn
        ? `this turn side A is ${sideName(s, chosen.a)}, side B is ${sideName(s, chosen.b)} (MED-SEQ.1)`
        : `sides A and B are not chosen for turn ${to.turn}: /initiative roll, then the winner's /initiative choose (MED-SEQ.1)`,
    );
  }
  const firing = FIRING_SIDE[pid];
  if (firing && chosen?.turn === to.turn) {
    const name = sideName(s, firing === 'A' ? chosen.a : chosen.b);
    const reacting = pid === 'MED-SEQ.8' || pid === 'MED-SEQ.9' ? `fires in this phase, reacting to side ${firing === 'A' ? 'B' : 'A'}'s charges` : 'moves and fires in this phase';
    out.push(`firing: side ${firing}, ${name}, ${reacting} (${pid})`);
  }
  if (pid === 'MED-SEQ.2' && weatherRollDue(to.turn)) out.push('the weather rules are not in the source: roll them as agreed and a GM records the result with /weather set');
  if (pid === 'MED-SEQ.3') {
    const routing = statuses.filter(([, st]) => st.routing).map(([id]) => id);
    const fallBack = statuses.filter(([, st]) => st.morale?.at.turn === to.turn - 1 && st.morale.result.startsWith('fall-back')).map(([id]) => id);
    const impetuous = statuses.filter(([, st]) => st.impetuous).map(([id]) => id);
    if (routing.length) out.push(`routing, moves back at its March Rate plus d10 (MED-MORALE-EFFECTS.1a): ${names(routing)}`);
    if (fallBack.length) out.push(`falling back after last turn's Morale Test (MED-SEQ.3): ${names(fallBack)}`);
    if (impetuous.length) out.push(`impetuous, must pursue or follow up (MED-CONTROL-RESULT.2): ${names(impetuous)}`);
  }
  if (pid === 'MED-SEQ.16') {
    const retest = statuses.filter(([, st]) => st.impetuous && st.impetuous.since.turn < to.turn).map(([id]) => id);
    if (retest.length) out.push(`impetuous units may retake their Control Test, reason MED-CONTROL.6 (MED-CONTROL-RESULT.3): ${names(retest)}`);
  }
  return out;
}
