import { defineCommand, sub } from '../../../app/slash/commands.ts';
import { RAIN, type Rain } from '../battle/state.ts';

export const weather = defineCommand({
  name: 'weather',
  description: 'Weather, wind strength and wind direction (MED-SEQ.2)',
  rank: 140,
  subcommands: {
    set: sub({
      description: 'Record the weather rolled every twelfth turn, or the scenario\'s in turn 1 (GM; MED-SEQ.2)',
      who: 'gm',
      example: '/weather set weather:"light rain" wind_strength:strong wind_direction:west rain:light',
      options: {
        weather: { kind: 'string', description: 'The weather (the source has no weather table)', required: true },
        wind_strength: { kind: 'string', description: 'Wind strength', required: true },
        wind_direction: { kind: 'string', description: 'Where the wind blows from', required: true },
        rain: { kind: 'string', description: 'Rain or snow: light or heavy gives fire +1 or +2 (MED-FIRE-MOD.18, .20)', choices: RAIN },
      },
      action: (o) => ({
        type: 'MedievalRecordWeather',
        weather: o.weather,
        windStrength: o.wind_strength,
        windDirection: o.wind_direction,
        ...(o.rain ? { rain: o.rain as Rain } : {}),
      }),
    }),
  },
});
