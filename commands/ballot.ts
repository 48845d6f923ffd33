import { defineCommand, sub, type CompleteContext } from '../src/app/slash/commands.ts';
import { matching } from '../src/app/slash/complete.ts';
import { quoted } from '../src/app/slash/examples.ts';
import { parseDeadline } from '../src/app/service/deadline.ts';
import { reply } from '../src/app/slash/replies.ts';
import { when } from '../src/messages.ts';
import { lines, say, type Text } from '../src/i18n/text.ts';
import { ballot as findBallot, openBallots, votersOf, waitingFor } from '../src/battle/ballots.ts';

const ballotIds = (ctx: CompleteContext) => (ctx.state ? matching(openBallots(ctx.state).map((b) => b.id), ctx.typed) : []);
const voterLabels = (ctx: CompleteContext) => (ctx.state ? matching(new Set(openBallots(ctx.state).flatMap((b) => b.voters.map((v) => v.label))), ctx.typed) : []);
const choices = (ctx: CompleteContext) => (ctx.state ? matching(new Set(openBallots(ctx.state).flatMap((b) => votersOf(b, ctx.actor).flatMap((v) => v.allowed))), ctx.typed) : []);

const ballotOpt = { kind: 'string', description: 'The ballot (its id, e.g. v1)', required: true, complete: ballotIds } as const;

export default defineCommand({
  name: 'ballot',
  description: 'Secret ballots: one choice per command or side, revealed all at once',
  rank: 90,
  subcommands: {
    open: sub({
      description: 'Open a secret poll of every command or side (GM)',
      who: 'gm',
      example: '/ballot open question:"Storm the farm?" options:"YES,NO" voters:commands deadline:12h',
      options: {
        question: { kind: 'string', description: 'What is asked', required: true },
        options: { kind: 'string', description: 'The choices, separated by commas', required: true },
        voters: { kind: 'string', description: 'Who votes: commands (default) or sides', choices: ['commands', 'sides'] },
        deadline: { kind: 'string', description: 'Closes after a delay (45m, 12h, 2d) or at a time (2026-11-23T18:00Z)' },
      },
      action: (o, ctx) => ({
        type: 'OpenPoll',
        title: o.question,
        options: o.options.split(','),
        electorate: o.voters === 'sides' ? 'sides' : 'commands',
        ...(o.deadline ? { deadline: parseDeadline(o.deadline, ctx.app.now()) } : {}),
      }),
    }),
    status: sub({
      description: 'Who has voted in the open ballots (never what), and your own votes',
      who: 'anyone',
      example: '/ballot status',
      options: {},
      query: (_o, ctx) => {
        const open = openBallots(ctx.state!);
        if (!open.length) return [reply(ctx, say('messages.ballot.noneOpen'), say('messages.ballot.listTitle'))];
        const shown = open.flatMap((b): Text[] => {
          const waiting = waitingFor(b);
          const mine = votersOf(b, ctx.actor).map((v) => say('messages.ballot.yourVote', { voter: v.label, choice: b.votes[v.id]?.choice ?? say('messages.ballot.notCast') }));
          const counts = { voted: String(b.voters.length - waiting.length), voters: String(b.voters.length) };
          const closes = b.deadline ? { closes: 'yes', deadline: when(b.deadline) } : { closes: 'no', deadline: '' };
          const waits = waiting.length ? { waiting: 'yes', names: waiting.map((v) => v.label).join(', ') } : { waiting: 'no', names: '' };
          return [say('messages.ballot.statusLine', { id: b.id, title: b.title, ...closes, ...counts, ...waits }), ...mine];
        });
        return [reply(ctx, lines(...shown), say('messages.ballot.listTitle'))];
      },
    }),
    vote: sub({
      description: 'Cast or change your secret vote (also what the DM buttons do)',
      who: 'anyone',
      example: '/ballot vote ballot:v1 choice:ACTIVE',
      // An open ballot the reader votes in (a spectator or the channel: any voter's), with a choice it offers.
      exampleFor: ({ state, reader }) =>
        openBallots(state).flatMap((b) => {
          const mine = reader === undefined ? b.voters : votersOf(b, reader);
          return mine.flatMap((v) => (v.allowed[0] ? [`/ballot vote ballot:${b.id} choice:${quoted(v.allowed[0])}${mine.length > 1 ? ` command:${quoted(v.label)}` : ''}`] : []));
        }),
      options: {
        ballot: ballotOpt,
        choice: { kind: 'string', description: 'Your choice', required: true, complete: choices },
        command: { kind: 'string', description: 'Which of your commands (when you have several)', complete: voterLabels },
      },
      action: (o) => ({ type: 'CastVote', ballot: o.ballot, choice: o.choice, ...(o.command ? { voter: o.command } : {}) }),
    }),
    'cast-for': sub({
      description: 'Cast the vote of an absent player, openly marked as such at the reveal (GM)',
      who: 'gm',
      example: '/ballot cast-for ballot:v1 command:"II Corps" choice:PASSIVE',
      options: {
        ballot: ballotOpt,
        command: { kind: 'string', description: 'The command or side voting', required: true, complete: voterLabels },
        choice: { kind: 'string', description: 'The choice', required: true },
      },
      action: (o) => ({ type: 'CastVote', ballot: o.ballot, voter: o.command, choice: o.choice, onBehalf: true }),
    }),
    void: sub({
      description: 'Void a vote, which then no longer counts: its player is asked to vote again (GM)',
      who: 'gm',
      example: '/ballot void ballot:v1 command:"II Corps" reason:"cast for the wrong command"',
      options: {
        ballot: ballotOpt,
        command: { kind: 'string', description: 'The command or side whose vote is voided', required: true, complete: voterLabels },
        reason: { kind: 'string', description: 'Why, posted to the channel (never name the choice)' },
      },
      action: (o) => ({ type: 'VoidVote', ballot: o.ballot, voter: o.command, ...(o.reason ? { reason: o.reason } : {}) }),
    }),
    reveal: sub({
      description: 'Close a ballot now and reveal every choice (GM)',
      who: 'gm',
      example: '/ballot reveal ballot:v1',
      options: { ballot: ballotOpt },
      action: (o, ctx) => ({ type: 'RevealBallot', ballot: findBallot(ctx.state!, o.ballot).id }),
    }),
  },
});
