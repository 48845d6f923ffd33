import { sideName } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import { medievalPack as pack } from '../index.ts';
import { figuresNow, med, phaseText, startFigures, unitStatus } from './state.ts';
import { statusWords } from './morale.ts';
import { rainText } from './weather.ts';

/** The medieval lines of the views: /unit show and /battle status. */

/** Lines for /unit show. */
export function medievalUnitLines(s: BattleState, unitId: string): string[] {
  const u = s.units[unitId];
  if (!u) return [];
  const st = unitStatus(s, u.id);
  const out = [`figures ${figuresNow(s, u)} of ${startFigures(u)}${st.losses ? ` (${st.losses} lost)` : ''}`];
  // The original a test counts losses from is the battle's start (a campaign's unit may begin it below its roster's strength): said (issue 41).
  if (st.losses) out.push(`tests count its losses from the ${startFigures(u)} figures it began this battle with (MED-MORALE-MOD.33, MED-CONTROL-MOD.4)`);
  if (u.attrs.cannon !== undefined) {
    const cannon = Number(u.attrs.cannon);
    const misfired = st.misfired?.turn === s.position.turn ? st.misfired.guns : 0;
    out.push(
      `guns ${cannon - (st.gunsLost ?? 0)} of ${cannon}${st.gunsLost ? ` (${st.gunsLost} exploded)` : ''}${misfired ? `; ${misfired} misfired, can't re-fire until turn ${s.position.turn + 1} (MED-RANGE.9)` : ''}`,
    );
  }
  const words = statusWords(st);
  if (words) out.push(words);
  if (st.impetuous) out.push(`impetuous since ${phaseText(st.impetuous.since)} (${st.impetuous.reason}): retakes its Control Test in phase 16 (MED-CONTROL-RESULT.3)`);
  if (st.morale) {
    const m = st.morale;
    const limits = [m.advance === 'none' ? 'no advance' : m.advance === 'half' ? 'half speed advance' : '', m.mayFire === 'no' ? 'may not fire' : m.mayFire === 'half' ? 'fires at half headcount' : '', m.routsOnContact ? 'routs when the enemy makes contact' : ''].filter(Boolean);
    out.push(`last Morale Test: ${m.name}, ${phaseText(m.at)}${limits.length ? ` — ${limits.join(', ')}` : ''}${m.rules.length ? ` (${m.rules.join(', ')})` : ''}`);
  }
  if (st.volleys && pack.fire.bowmen.includes(String(u.attrs.weapon))) out.push(`volleys in a row: ${st.volleys.run} to turn ${st.volleys.turn} (MED-FIRE-MOD.8 from the 4th)`);
  return out;
}

/** Lines for /battle status: sides A and B, commanders, the weather. */
export function medievalStatusLines(s: BattleState): string[] {
  const m = med(s);
  const out: string[] = [];
  if (m.sides?.turn === s.position.turn) out.push(`Side A this turn: ${sideName(s, m.sides.a)}; side B: ${sideName(s, m.sides.b)} (MED-SEQ.1)`);
  else if (m.initiative?.turn === s.position.turn) out.push(`${sideName(s, m.initiative.winner)} won the initiative and has yet to choose side A or B (/initiative choose)`);
  const cmd = Object.entries(m.commanders).map(([id, c]) => `${sideName(s, id)} ${c}`);
  if (cmd.length) out.push(`Army commanders: ${cmd.join(', ')} (MED-CMDR)`);
  if (m.weather) out.push(`Weather: ${m.weather.weather}; wind ${m.weather.windStrength}, from ${m.weather.windDirection}${rainText(m.weather.rain)} (since turn ${m.weather.turn}, MED-SEQ.2)`);
  return out;
}
