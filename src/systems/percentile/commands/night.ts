import { defineCommand, sub } from '../../../app/slash/commands.ts';
import { commandNames, matching, sideNames, unitNames } from '../../../app/slash/complete.ts';
import { parseDeadline } from '../../../app/service/deadline.ts';
import { quoted } from '../../../app/slash/examples.ts';
import { MOONS, TRIGGER_REASONS, WEATHERS } from '../index.ts';

const deadline = { kind: 'string', description: 'Closes after a delay (45m, 12h, 2d) or at a time (2026-11-23T18:00Z)' } as const;

export const night = defineCommand({
  name: 'night',
  description: 'Night combat (NIGHT-18.x): the secret ACTIVE/PASSIVE vote, triggers, visibility, dawn attacks',
  rank: 100,
  subcommands: {
    vote: sub({
      description: 'Open the secret ACTIVE/PASSIVE vote of every command at dusk (GM; NIGHT-18.11)',
      who: 'gm',
      example: '/night vote deadline:12h',
      options: { deadline },
      action: (o, ctx) => ({ type: 'OpenNightVote', ...(o.deadline ? { deadline: parseDeadline(o.deadline, ctx.app.now()) } : {}) }),
    }),
    dawn: sub({
      description: 'Open the secret dawn-attack notes to the GMs during the interphase (GM; NIGHT-18.82)',
      who: 'gm',
      example: '/night dawn deadline:1d',
      options: { deadline },
      action: (o, ctx) => ({ type: 'OpenDawnBallot', ...(o.deadline ? { deadline: parseDeadline(o.deadline, ctx.app.now()) } : {}) }),
    }),
    trigger: sub({
      description: "A PASSIVE command's player declares it triggered: a checked in the log, b-d his claim (NIGHT-18.24)",
      who: 'player',
      example: '/night trigger command:"I Corps" reason:a',
      options: {
        command: { kind: 'string', description: 'The PASSIVE command', required: true, complete: commandNames },
        reason: { kind: 'string', description: 'NIGHT-18.24 a, b, c or d', required: true, choices: TRIGGER_REASONS.map((r) => r.id), complete: (ctx) => matching(TRIGGER_REASONS.map((r) => r.id), ctx.typed) },
      },
      action: (o) => ({ type: 'TriggerCommand', command: o.command, reason: o.reason }),
    }),
    conditions: sub({
      description: 'Moon and weather of the night, giving the visibility (GM; NIGHT-18.31)',
      who: 'gm',
      example: '/night conditions moon:full weather:"limited clouds"',
      options: {
        moon: { kind: 'string', description: 'full, partial or none', required: true, choices: MOONS },
        weather: { kind: 'string', description: 'The weather', required: true, choices: WEATHERS },
        inches: { kind: 'integer', description: 'Visibility in inches where the rules give no legible value', min: 1, max: 100 },
      },
      action: (o) => ({ type: 'SetNightConditions', moon: o.moon, weather: o.weather, ...(o.inches ? { inches: o.inches } : {}) }),
    }),
    demoralized: sub({
      description: "Record or lift a side's Army Demoralization (GM; NIGHT-18.13 forces PASSIVE)",
      who: 'gm',
      example: '/night demoralized side:Prussians on:true',
      options: {
        side: { kind: 'string', description: 'The side', required: true, complete: sideNames },
        on: { kind: 'boolean', description: 'In effect (true) or lifted (false)', required: true },
      },
      action: (o) => ({ type: 'SetDemoralization', side: o.side, on: o.on }),
    }),
    'mfp-critical': sub({
      description: "A side reached its MFP critical level: its ACTIVE commands turn PASSIVE (GM; NIGHT-18.63)",
      who: 'gm',
      example: '/night mfp-critical side:French',
      options: { side: { kind: 'string', description: 'The side', required: true, complete: sideNames } },
      action: (o) => ({ type: 'ReachMfpCritical', side: o.side }),
    }),
    charge: sub({
      description: 'A cavalry unit declares a charge at night: 1D6 for its direction, then fixed (NIGHT-18.42)',
      who: 'player',
      example: '/night charge unit:"6e Lanciers"',
      exampleFor: ({ units }) => units.filter((u) => u.attrs.arm === 'cavalry').map((u) => `/night charge unit:${quoted(u.name)}`),
      options: { unit: { kind: 'string', description: 'The charging cavalry unit', required: true, complete: unitNames } },
      action: (o) => ({ type: 'PercentileChargeDirection', unit: o.unit }),
    }),
  },
});
