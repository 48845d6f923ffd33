import { say } from '../src/i18n/text.ts';
import { LANGUAGES, type Language } from '../src/i18n/locales.ts';
import { defineCommand, sub, type CreateOption, type SystemPlugin } from '../src/app/slash/commands.ts';
import { bookmarkedEvents, linkIds, systemNames } from '../src/app/slash/complete.ts';
import { MAX_LAG } from '../src/battle/share.ts';
import { logLines, statusText } from '../src/app/reports/views.ts';
import { reply } from '../src/app/slash/replies.ts';
import { battleReport, renderReportChart, reportFileName, reportText } from '../src/app/reports/report.ts';

/** The options the systems installed add to /battle create, by option name (also /campaign options and battle start's). */
export function createOptions(systems: readonly SystemPlugin[]): Record<string, CreateOption> {
  const created: Record<string, CreateOption> = {};
  for (const [name, option] of systems.flatMap((x) => Object.entries(x.slash?.create ?? {}))) {
    if (Object.hasOwn(created, name)) throw new Error(`/battle create option ${name} is added by two systems`);
    created[name] = option;
  }
  return created;
}

/** The creation options given, by the keys the systems record them under. */
export const givenOptions = (created: Record<string, CreateOption>, values: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(created).flatMap(([name, c]) => (values[name] !== undefined ? [[c.key, values[name]]] : [])));

/** Built from the systems installed: /battle create offers their ids and takes the options each adds. */
export default (systems: readonly SystemPlugin[]) => {
  const created = createOptions(systems);
  return defineCommand({
    name: 'battle',
    description: 'Create, inspect, undo and end the battle of this channel',
    rank: 10,
    subcommands: {
      create: sub({
        description: 'Start a battle in this channel; you become its GM',
        who: 'anyone',
        needsBattle: false,
        example: '/battle create name:"Ligny" system:percentile (medieval: autokill:true partdice:true)',
        options: {
          name: { kind: 'string', description: 'The battle name', required: true },
          system: { kind: 'string', description: 'Rule system', required: true, choices: systems.map((x) => x.id), complete: systemNames },
          language: { kind: 'string', description: "The language of its posts and DMs (default: this server's)", choices: [...LANGUAGES] },
          ...created,
        },
        action: (o, ctx) => {
          const given = givenOptions(created, o as Record<string, unknown>);
          const language = (o.language as Language | undefined) ?? ctx.language;
          return { type: 'CreateBattle', name: o.name, system: o.system, channel: ctx.channel, ...(language ? { language } : {}), ...(Object.keys(given).length ? { options: given } : {}) };
        },
      }),
      status: sub({
        description: "The battle's sides, commands, units, turn and phase",
        who: 'anyone',
        example: '/battle status',
        options: {},
        query: (_o, ctx) => [reply(ctx, statusText(ctx.state!), say('reports.views.statusTitle'))],
      }),
      log: sub({
        description: 'The latest events of the battle log',
        who: 'anyone',
        example: '/battle log last:10',
        options: { last: { kind: 'integer', description: 'How many events (default 20)', min: 1, max: 200 } },
        query: async (o, ctx) => [reply(ctx, { lines: logLines(ctx.state!.id, await ctx.app.log(ctx.state!.id), o.last ?? 20) }, say('reports.views.logTitle', { battle: ctx.state!.name }))],
      }),
      report: sub({
        description: 'A summary of the battle or some turns: strength, morale, casualties, melees, with a chart',
        who: 'anyone',
        example: '/battle report from:1 to:3',
        options: {
          from: { kind: 'integer', description: 'The first turn (default: the first)', min: 1, max: 10000 },
          to: { kind: 'integer', description: 'The last turn (default: the current one)', min: 1, max: 10000 },
        },
        query: async (o, ctx) => {
          const s = ctx.state!;
          const r = battleReport(s.id, await ctx.app.log(s.id), { ...(o.from !== undefined ? { from: o.from } : {}), ...(o.to !== undefined ? { to: o.to } : {}) });
          const m = reply(ctx, reportText(r), say('reports.views.reportTitle', { battle: s.name }));
          if (r.strength) {
            const { from, to } = r.turns;
            const description = from === to ? say('reports.views.chartTurn', { strength: r.strength, turn: String(from) }) : say('reports.views.chartTurns', { strength: r.strength, from: String(from), to: String(to) });
            m.files = [{ name: reportFileName(r), data: await renderReportChart(r, s.language), description }];
          }
          return [m];
        },
      }),
      undo: sub({
        description: 'Undo the last action (GM)',
        who: 'gm',
        example: '/battle undo',
        options: {},
        action: () => ({ type: 'Undo' }),
      }),
      'reveal-seed': sub({
        description: 'Publish the dice seed now, so anyone can verify every roll (GM); later rolls would be predictable',
        who: 'gm',
        example: '/battle reveal-seed',
        options: {},
        action: () => ({ type: 'RevealSeed' }),
      }),
      end: sub({
        description: 'End the battle and publish its dice seed (GM)',
        who: 'gm',
        example: '/battle end',
        options: { skip: { kind: 'boolean', description: 'End it with tests its rules still owe untaken (GM; logged)' } },
        action: (o) => ({ type: 'EndBattle', ...(o.skip ? { skip: true } : {}) }),
      }),
      // The battle's page (issue 30): a finished battle is what it is most often shared and marked for.
      share: sub({
        description: "Links to the battle's page: public to the channel, each side's by DM to its players (GM)",
        who: 'gm',
        ended: true,
        example: '/battle share spectator-lag:2',
        options: { 'spectator-lag': { kind: 'integer', description: "Also a spectator's link, this many turns behind (to you)", min: 1, max: MAX_LAG } },
        action: (o) => ({ type: 'ShareBattle', ...(o['spectator-lag'] !== undefined ? { spectatorLag: o['spectator-lag'] } : {}) }),
      }),
      unshare: sub({
        description: "Revoke a link to the battle's page, or every live one: it no longer opens (GM)",
        who: 'gm',
        ended: true,
        example: '/battle unshare link:l2',
        options: { link: { kind: 'string', description: 'The link (l1, l2…; every live one when left out)', ...linkIds } },
        action: (o) => ({ type: 'RevokeShare', ...(o.link !== undefined ? { link: o.link } : {}) }),
      }),
      bookmark: sub({
        description: "Mark an event of the log with a title; the battle's page opens there (GM)",
        who: 'gm',
        ended: true,
        example: '/battle bookmark event:3 title:"The Greys charge"',
        options: {
          event: { kind: 'integer', description: 'The event (its number in /battle log)', required: true, min: 1 },
          title: { kind: 'string', description: 'What happened there (at most 100 characters)', required: true },
        },
        action: (o) => ({ type: 'AddBookmark', version: o.event, title: o.title }),
      }),
      unbookmark: sub({
        description: 'Remove the bookmark of an event (GM)',
        who: 'gm',
        ended: true,
        example: '/battle unbookmark event:3',
        options: { event: { kind: 'integer', description: 'The bookmarked event', required: true, min: 1, ...bookmarkedEvents } },
        action: (o) => ({ type: 'RemoveBookmark', version: o.event }),
      }),
      'gm add': sub({
        description: 'Make a user a GM of this battle (GM)',
        who: 'gm',
        example: '/battle gm add user:@bob',
        options: { user: { kind: 'user', description: 'The new GM', required: true } },
        action: (o) => ({ type: 'AddGm', user: o.user }),
      }),
      'gm remove': sub({
        description: 'Remove a GM of this battle (GM)',
        who: 'gm',
        example: '/battle gm remove user:@bob',
        options: { user: { kind: 'user', description: 'The GM to remove', required: true } },
        action: (o) => ({ type: 'RemoveGm', user: o.user }),
      }),
    },
  });
};
