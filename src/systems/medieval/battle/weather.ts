import { say, type Text } from '../../../i18n/text.ts';
import type { BattleState } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import { weatherRollDue } from '../sequence.ts';
import { med, phaseId, RAIN, type Rain } from './state.ts';

/** The weather as a GM records it (MED-SEQ.2); its rain or snow counts in fire (MED-FIRE-MOD.18, .20). */

export type WeatherAction = { type: 'MedievalRecordWeather'; weather: string; windStrength: string; windDirection: string; rain?: Rain };

export type WeatherEvent = { type: 'MedievalWeatherRecorded'; data: { turn: number; weather: string; windStrength: string; windDirection: string; rain?: Rain } };

/**
 * MED-SEQ.2: the weather changes at the start of every twelfth Game Turn; the rules that roll it are
 * not in the source, so a GM records the result. Also taken on turn 1, the scenario's weather (the
 * source says nothing of it); refused at any other time.
 */
export function decideRecordWeather(s: BattleState, a: WeatherAction): WeatherEvent[] {
  const { turn } = s.position;
  const due = turn === 1 || (phaseId(s.position) === 'MED-SEQ.2' && weatherRollDue(turn));
  if (!due) {
    const next = weatherRollDue(turn) && s.position.phase < 1 ? turn : (Math.floor(turn / 12) + 1) * 12;
    refuse(say('medieval.weather.notDue', { next: String(next) }));
  }
  const clean = (what: 'weather' | 'strength' | 'direction', v: string) => {
    const t = v.trim();
    if (!t || t.length > 60) refuse(say('medieval.weather.fewWords', { what }));
    return t;
  };
  if (a.rain !== undefined && !RAIN.includes(a.rain)) refuse(say('medieval.weather.badRain', { got: String(a.rain) }));
  return [
    {
      type: 'MedievalWeatherRecorded',
      data: {
        turn,
        weather: clean('weather', a.weather),
        windStrength: clean('strength', a.windStrength),
        windDirection: clean('direction', a.windDirection),
        ...(a.rain !== undefined ? { rain: a.rain } : {}),
      },
    },
  ];
}

export function evolveWeatherRecorded(d: BattleState, e: WeatherEvent): void {
  d.rules = { ...med(d), weather: { ...e.data } };
}

export function describeWeatherRecorded(e: WeatherEvent): Text {
  const { turn, weather, windStrength, windDirection, rain } = e.data;
  return say('medieval.weather.recorded', { turn: String(turn), weather, strength: windStrength, direction: windDirection, rain: rain ?? 'none' });
}
