import { sideName } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import { joinedBy, say, type Text } from '../../../i18n/text.ts';
import { medievalPack as pack } from '../index.ts';
import { figuresNow, med, phaseAt, startFigures, unitStatus } from './state.ts';

/** The medieval lines of the views: /unit show and /battle status. */

const joined = (texts: readonly Text[], key: string): Text => texts.reduce((a, b) => say(key, { a, b }));

/** Lines for /unit show. */
export function medievalUnitLines(s: BattleState, unitId: string): Text[] {
  const u = s.units[unitId];
  if (!u) return [];
  const st = unitStatus(s, u.id);
  const figures = { now: String(figuresNow(s, u)), start: String(startFigures(u)) };
  const out: Text[] = [st.losses ? say('medieval.views.figuresLost', { ...figures, lost: String(st.losses) }) : say('medieval.views.figures', figures)];
  // The original a test counts losses from is the battle's start (a campaign's unit may begin it below its roster's strength): said (issue 41).
  if (st.losses) out.push(say('medieval.views.countedFrom', { start: figures.start }));
  if (u.attrs.cannon !== undefined) {
    const cannon = Number(u.attrs.cannon);
    const misfired = st.misfired?.turn === s.position.turn ? st.misfired.guns : 0;
    const guns = say(st.gunsLost ? 'medieval.views.gunsExploded' : 'medieval.views.guns', { now: String(cannon - (st.gunsLost ?? 0)), of: String(cannon), exploded: String(st.gunsLost ?? 0) });
    out.push(misfired ? say('medieval.views.gunsMisfired', { guns, misfired: String(misfired), turn: String(s.position.turn + 1) }) : guns);
  }
  const words = [st.routing ? say('medieval.views.routing') : '', st.disordered ? say('medieval.views.disordered') : '', st.gunsAbandoned ? say('medieval.views.gunsAbandoned') : ''].filter((w) => w !== '');
  if (words.length) out.push(joined(words, 'medieval.views.comma'));
  if (st.impetuous) out.push(say('medieval.views.impetuous', { since: phaseAt(st.impetuous.since), reason: st.impetuous.reason }));
  if (st.morale) {
    const m = st.morale;
    const limits = [
      m.advance === 'none' ? say('medieval.views.noAdvance') : m.advance === 'half' ? say('medieval.views.halfAdvance') : '',
      m.mayFire === 'no' ? say('medieval.views.mayNotFire') : m.mayFire === 'half' ? say('medieval.views.halfFire') : '',
      m.routsOnContact ? say('medieval.views.routsOnContact') : '',
    ].filter((l) => l !== '');
    const test = say('medieval.views.lastMorale', { name: m.name, at: phaseAt(m.at) });
    const limited = limits.length ? say('medieval.views.limits', { test, limits: joined(limits, 'medieval.views.comma') }) : test;
    out.push(m.rules.length ? say('medieval.views.rules', { text: limited, rules: m.rules.join(', ') }) : limited);
  }
  if (st.volleys && pack.fire.bowmen.includes(String(u.attrs.weapon))) out.push(say('medieval.views.volleys', { run: String(st.volleys.run), turn: String(st.volleys.turn) }));
  return out;
}

/** Lines for /battle status: sides A and B, commanders, the weather. */
export function medievalStatusLines(s: BattleState): Text[] {
  const m = med(s);
  const out: Text[] = [];
  if (m.sides?.turn === s.position.turn) out.push(say('medieval.views.sides', { a: sideName(s, m.sides.a), b: sideName(s, m.sides.b) }));
  else if (m.initiative?.turn === s.position.turn) out.push(say('medieval.views.toChoose', { side: sideName(s, m.initiative.winner) }));
  const cmd = Object.entries(m.commanders).map(([id, c]): Text => say('medieval.views.commander', { side: sideName(s, id), commander: String(c) }));
  if (cmd.length) out.push(say('medieval.views.commanders', { commanders: joinedBy(cmd, ', ') }));
  if (m.weather) {
    const w = m.weather;
    const values = { weather: w.weather, strength: w.windStrength, direction: w.windDirection, turn: String(w.turn) };
    out.push(w.rain === 'light' || w.rain === 'heavy' ? say('medieval.views.weatherRain', { ...values, rain: w.rain, rule: w.rain === 'light' ? 'MED-FIRE-MOD.18' : 'MED-FIRE-MOD.20' }) : say('medieval.views.weather', values));
  }
  return out;
}
