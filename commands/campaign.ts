import { LANGUAGES, type Language } from '../src/i18n/locales.ts';
import { attrsPhrase, optionsText } from '../src/battle/describe.ts';
import { houseLine } from '../src/battle/house.ts';
import { getRuleSystem, systemIds } from '../src/battle/registry.ts';
import { defineCommand, sub, type CompleteContext, type InvokeContext, type OptionDef, type SubcommandDef, type SystemPlugin } from '../src/app/slash/commands.ts';
import { statusPost } from '../src/app/messages/campaign-announce.ts';
import { campaignChartFile, campaignReport, campaignReportText } from '../src/app/reports/campaign-report.ts';
import { matching, systemNames } from '../src/app/slash/complete.ts';
import { parseDataFile } from '../src/app/slash/data-file.ts';
import { parseDeadline } from '../src/app/service/deadline.ts';
import { reply } from '../src/app/slash/replies.ts';
import { changesText } from '../src/campaign/aftermath.ts';
import { campaignLeaders, figuresOf, findArmy, findCampaignBattle, findUnit, notWaiting, unknownSystem } from '../src/campaign/decide.ts';
import { joinedBy, lines, say, type Text } from '../src/i18n/text.ts';
import type { Message } from '../src/messages.ts';
import { LEADER_FATES, UNIT_STATUSES, type LeaderFate, type UnitStatus } from '../src/campaign/events.ts';
import { armyStrength, currentTurn, officerWords, type CampaignState, type CampaignUnit } from '../src/campaign/state.ts';
import { mention } from '../src/messages.ts';
import { statusWord } from '../src/campaign/words.ts';
import { RuleError } from '../src/rules/errors.ts';
import { createOptions, givenOptions } from './battle.ts';
import { houseValueOpt, typed } from './house.ts';

/** Every /campaign subcommand is the campaign's: its roles and its log, never a battle's. */
const csub = <O extends Record<string, OptionDef>>(def: SubcommandDef<O>): SubcommandDef => sub<O>({ ...def, scope: 'campaign', needsBattle: false });

const campaignOf = (ctx: InvokeContext): CampaignState => ctx.campaign!;

/** An answer to the invoking user, its texts worded where it is shown (reply takes words already worded). */
const answer = (ctx: Pick<InvokeContext, 'actor' | 'channel'>, text: Text, title?: Text): Message => ({ ...reply(ctx, ''), text, ...(title !== undefined ? { title } : {}) });

/** Names offered as a /campaign option is typed, from the campaign it would act on. */
const names = (pick: (c: CampaignState, actor: string) => string[]) => (ctx: CompleteContext) => (ctx.campaign ? matching(pick(ctx.campaign, ctx.actor), ctx.typed) : []);
const armyNames = names((c) => Object.values(c.armies).map((a) => a.name));
/** The armies whose orders the user sends in the open turn (a GM: every army). */
const myArmies = names((c, actor) => {
  const t = currentTurn(c);
  return t && !t.revealed ? t.voters.filter((v) => v.users.includes(actor) || c.gms.includes(actor)).map((v) => c.armies[v.armyId]!.name) : [];
});
const commandNames = names((c) => Object.values(c.armies).flatMap((a) => a.commands.map((x) => x.name)));
const unitNames = names((c) => Object.values(c.units).map((u) => u.name));
const sideNames = names((c) => Object.values(c.sides).map((x) => x.name));
const battleIds = names((c) => Object.values(c.battles).map((b) => b.id));
const leaderNames = names((c) => campaignLeaders(c).map((l) => l.officer));
/** A battle's units and commands, for a detachment: those of every army (the armies are typed first). */
const fieldNames = names((c) => [...Object.values(c.units).filter((u) => u.status !== 'destroyed' && u.status !== 'captured').map((u) => u.name), ...Object.values(c.armies).flatMap((a) => a.commands.map((x) => x.name))]);
const fateOpt = { kind: 'string', description: 'What became of the leader: fallen (killed or wounded), captured, fit', choices: LEADER_FATES } as const;
const campaignOpt = { kind: 'string', description: 'The campaign (its id or name), where you are in several' } as const;
const statusOpt = { kind: 'string', description: `The unit's status: ${UNIT_STATUSES.join(', ')}`, choices: UNIT_STATUSES } as const;
const note = { kind: 'string', description: 'Why: the GM ruling, logged and shown with it', required: true } as const;

/** A delay added to the turn's deadline (12h, 1d) or a new time (2026-12-01T18:00Z). */
function extended(text: string, s: CampaignState, now: Date): string {
  const t = currentTurn(s);
  const base = /^\d{4}-\d{2}-\d{2}T/.test(text.trim()) || !t?.deadline ? now : new Date(t.deadline);
  return parseDeadline(text, base);
}

function armyText(s: CampaignState, ref: string | undefined): Text {
  if (!ref) {
    const armies = Object.values(s.armies);
    if (!armies.length) return say('campaign.reply.noArmy', { campaign: s.name });
    return lines(
      ...Object.values(s.sides).flatMap((side) => [
        side.players.length ? say('campaign.reply.sidePlayers', { side: side.name, players: side.players.map(mention).join(', ') }) : say('campaign.reply.side', { side: side.name }),
        ...armies
          .filter((a) => a.sideId === side.id)
          .map((a) => say('campaign.reply.armyLine', { army: a.name, system: a.system, figures: String(armyStrength(s, a.id)), units: Object.values(s.units).filter((u) => u.armyId === a.id && u.status !== 'destroyed' && u.status !== 'captured').length })),
      ]),
    );
  }
  const a = findArmy(s, ref);
  const out: Text[] = [say('campaign.reply.armyHead', { army: a.name, id: a.id, side: s.sides[a.sideId]!.name, system: a.system, figures: String(armyStrength(s, a.id)) })];
  for (const c of a.commands) {
    const officer = c.officer ? (c.officerRuling ? say('campaign.reply.officerRuled', { officer: officerWords(c), user: mention(c.officerRuling.by), note: c.officerRuling.note }) : officerWords(c)) : '';
    out.push(say('campaign.reply.command', { command: c.name, led: c.officer ? 'yes' : 'no', officer, played: c.player ? 'yes' : 'no', player: c.player ? mention(c.player) : '' }));
    for (const u of Object.values(s.units).filter((x) => x.armyId === a.id && x.command === c.name)) out.push(say(u.ruling ? 'campaign.reply.unitRuled' : 'campaign.reply.unit', { unit: u.name, figures: String(figuresOf(u.attrs)), status: statusWord(u.status) }));
  }
  return lines(...out);
}

/**
 * A unit as the campaign holds it (issue 41): its figures beside its original strength, its
 * attributes, and each battle it fought with what the battle's log proposed and what was confirmed,
 * a GM's ruling marked as theirs.
 */
function unitText(s: CampaignState, ref: string): Text {
  const u = findUnit(s, ref);
  const a = s.armies[u.armyId]!;
  const attrs = attrsPhrase(a.system, u.attrs, true);
  const state = (x: { attrs: Record<string, unknown>; status: string }) => ({ after: String(figuresOf(x.attrs)), status: statusWord(x.status) });
  const fought = Object.values(s.battles)
    .filter((b) => b.units.includes(u.unitId))
    .map((b): Text => {
      const r = b.result?.units.find((x) => x.unitId === u.unitId);
      const named = { battle: b.name, id: b.id };
      if (!r || b.stage === 'running' || b.stage === 'cancelled') return say(b.stage === 'cancelled' ? 'campaign.reply.foughtCancelled' : 'campaign.reply.foughtRunning', named);
      const proposed = r.proposed ? say('campaign.reply.figuresStatus', { figures: String(figuresOf(r.proposed.attrs)), status: statusWord(r.proposed.status) }) : say('campaign.reply.otherwise');
      const ruling = r.ruling ? say('campaign.reply.foughtRuling', { user: mention(r.ruling.by), note: r.ruling.note, proposed }) : '';
      const values = { ...named, before: String(r.before.figures), ...state(r.after), why: joinedBy(r.why, '; '), changes: changesText(r), ruling };
      return say(b.stage === 'applied' ? (r.ruling ? 'campaign.reply.foughtConfirmedRuled' : 'campaign.reply.foughtConfirmed') : 'campaign.reply.foughtProposed', values);
    });
  const head = say('campaign.reply.unitHead', { unit: u.name, id: u.unitId, army: a.name, command: u.command, status: statusWord(u.status), figures: String(figuresOf(u.attrs)), original: u.original });
  return lines(head, attrs, ...(u.ruling ? [rulingText(s, u.ruling)] : []), ...(fought.length ? [say('campaign.reply.battles'), ...fought] : []));
}

/** Whose the unit's state is: the GM's ruling, their words, and what the battle's log had proposed. */
function rulingText(s: CampaignState, r: NonNullable<CampaignUnit['ruling']>): Text {
  const b = r.battle ? s.battles[r.battle] : undefined;
  return say('campaign.reply.unitState', {
    by: r.by ? 'yes' : 'no',
    user: r.by ? mention(r.by) : '',
    after: b ? 'yes' : 'no',
    battle: b?.name ?? '',
    note: r.note,
    proposed: r.proposed ? 'yes' : 'no',
    figures: r.proposed ? String(r.proposed.figures) : '',
    status: r.proposed ? statusWord(r.proposed.status) : '',
  });
}

/** What the campaign's battles of each rule system start with (issue 41): options and house rules, by system (one, or each with any). */
function rulesText(s: CampaignState, system: string | undefined): Text {
  const ids = system ? [system.trim().toLowerCase()] : systemIds().filter((id) => s.systems[id]);
  if (system && !systemIds().includes(ids[0]!)) throw new RuleError(unknownSystem(system));
  if (!ids.length) return say('campaign.rules.none', { campaign: s.name });
  return lines(
    ...ids.flatMap((id) => {
      const sys = getRuleSystem(id);
      const mine = s.systems[id] ?? { options: {}, house: {} };
      const set = Object.values(mine.house);
      const open = (sys.house ?? []).filter((r) => !mine.house[r.key]);
      return [
        say('campaign.rules.head', { system: id, campaign: s.name }),
        say('campaign.rules.options', { options: Object.keys(mine.options).length ? optionsText(id, mine.options) : say('campaign.rules.noneSet'), takesNone: sys.options ? 'no' : 'yes' }),
        ...set.map((h) => say('campaign.rules.houseSet', { line: houseLine(h.key, h.rules, h.value), user: mention(h.by) })),
        ...(open.length ? [say('campaign.rules.open', { keys: open.map((r) => r.key).join(', ') })] : []),
      ];
    }),
  );
}

/** Built from the systems installed: /campaign battle start offers their ids. */
export default (systems: readonly SystemPlugin[]) => {
  const created = createOptions(systems);
  const systemOpt = { kind: 'string', description: 'The rule system of the battles it applies to', required: true, choices: systems.map((x) => x.id), complete: systemNames } as const;
  const houseKeys = names(() => [...new Set(systems.flatMap((x) => (x.house ?? []).map((r) => r.key)))]);
  return defineCommand({
    name: 'campaign',
    description: 'Play-by-post campaigns: armies carried from battle to battle, turns with secret orders',
    rank: 95,
    subcommands: {
      create: csub({
        description: 'Start a campaign in this channel; you become its GM',
        who: 'anyone',
        needsCampaign: false,
        example: '/campaign create name:"Wars of the Roses"',
        options: {
          name: { kind: 'string', description: 'The campaign name', required: true },
          language: { kind: 'string', description: "Its posts' and battles' language", choices: [...LANGUAGES] },
        },
        action: (o, ctx) => {
          const language = (o.language as Language | undefined) ?? ctx.language;
          return { type: 'CreateCampaign', name: o.name, channel: ctx.channel, ...(language ? { language } : {}) };
        },
      }),
      gm: csub({
        description: 'Make another user a GM of the campaign (GM)',
        who: 'gm',
        example: '/campaign gm user:@carol',
        options: { user: { kind: 'user', description: 'The new GM', required: true } },
        action: (o) => ({ type: 'AddCampaignGm', user: o.user }),
      }),
      side: csub({
        description: 'Add a side to the campaign (GM)',
        who: 'gm',
        example: '/campaign side name:York',
        options: { name: { kind: 'string', description: 'The side name', required: true } },
        action: (o) => ({ type: 'AddCampaignSide', name: o.name }),
      }),
      join: csub({
        description: 'Join a side of the campaign as a player',
        who: 'anyone',
        example: '/campaign join side:York',
        options: { side: { kind: 'string', description: 'The side', required: true, complete: sideNames } },
        action: (o) => ({ type: 'JoinCampaignSide', side: o.side }),
      }),
      status: csub({
        description: 'The turn, its deadline and who has sent orders (never what); your own orders so far',
        who: 'anyone',
        example: '/campaign status',
        options: { campaign: campaignOpt },
        query: (_o, ctx) => {
          const s = campaignOf(ctx);
          const t = currentTurn(s);
          const mine = t && !t.revealed ? t.voters.filter((v) => v.users.includes(ctx.actor)).map((v) => say('campaign.reply.yourOrders', { army: s.armies[v.armyId]!.name, orders: t.orders[v.armyId]?.text ?? say('campaign.reply.notSentYet') })) : [];
          return [answer(ctx, { lines: [statusPost(s).text, ...mine] }, say('campaign.reply.statusTitle', { campaign: s.name }))];
        },
      }),
      'army import': csub({
        description: "Import your side's armies with each unit's state from a YAML or JSON roster; all or nothing",
        who: 'player',
        example: '/campaign army import file:examples/campaign/york.yaml',
        options: {
          file: { kind: 'attachment', description: 'The armies (YAML or JSON)', required: true },
          side: { kind: 'string', description: 'Whose armies (a GM importing for a side)', complete: sideNames },
        },
        action: async (o, ctx) => {
          const file = await ctx.readFile(o.file);
          return { type: 'ImportArmies', ...(o.side ? { side: o.side } : {}), source: file.name, file: await parseDataFile(file.name, file.text, say('app.dataFile.rosterHint')) };
        },
      }),
      'army show': csub({
        description: "The campaign's armies and their strength, or one army's commands and units",
        who: 'anyone',
        example: '/campaign army show army:"The King\'s Army"',
        options: { army: { kind: 'string', description: 'The army (all when left out)', complete: armyNames }, campaign: campaignOpt },
        query: (o, ctx) => [answer(ctx, armyText(campaignOf(ctx), o.army), say(o.army ? 'campaign.reply.armyTitle' : 'campaign.reply.armiesTitle'))],
      }),
      'army reinforce': csub({
        description: 'Add units to an army from a roster file (GM)',
        who: 'gm',
        example: '/campaign army reinforce army:"The King\'s Army" file:levies.yaml note:"Levies from Coventry"',
        options: {
          army: { kind: 'string', description: 'The army', required: true, complete: armyNames },
          file: { kind: 'attachment', description: 'The new units, as a roster (YAML or JSON)', required: true },
          note: { kind: 'string', description: 'Why, for the log' },
        },
        action: async (o, ctx) => {
          const file = await ctx.readFile(o.file);
          return { type: 'ReinforceArmy', army: o.army, source: file.name, file: await parseDataFile(file.name, file.text, say('app.dataFile.rosterHint')), ...(o.note ? { note: o.note } : {}) };
        },
      }),
      'army assign': csub({
        description: "Give an army's commands, or one of them, to a player of its side, who then sends its orders (GM)",
        who: 'gm',
        example: '/campaign army assign army:"The King\'s Army" player:@carol',
        options: {
          army: { kind: 'string', description: 'The army', required: true, complete: armyNames },
          player: { kind: 'user', description: "The player (of the army's side, or of none: they join it)", required: true },
          command: { kind: 'string', description: 'One of its commands (all when left out)', complete: commandNames },
        },
        action: (o) => ({ type: 'AssignArmy', army: o.army, user: o.player, ...(o.command ? { command: o.command } : {}) }),
      }),
      'unit show': csub({
        description: "A unit's campaign state: figures, status, attributes, battles",
        who: 'anyone',
        example: '/campaign unit show unit:"Oxford\'s Archers"',
        options: { unit: { kind: 'string', description: 'The unit', required: true, complete: unitNames }, campaign: campaignOpt },
        query: (o, ctx) => [answer(ctx, unitText(campaignOf(ctx), o.unit), say('campaign.reply.unitTitle'))],
      }),
      'unit set': csub({
        description: "A GM's ruling on a unit between battles: replacements, recovery, a new leader (GM)",
        who: 'gm',
        example: '/campaign unit set unit:"Oxford\'s Archers" figures:20 note:"Replacements from the depot"',
        options: {
          unit: { kind: 'string', description: 'The unit', required: true, complete: unitNames },
          note,
          figures: { kind: 'integer', description: 'Its figures now', min: 0, max: 100000 },
          status: statusOpt,
          leader: { kind: 'string', description: "Its leader (where its rules give a unit one: brigade's by name, charge's by rank)" },
        },
        action: (o) => ({
          type: 'SetUnitState',
          unit: o.unit,
          note: o.note,
          ...(o.figures !== undefined ? { figures: o.figures } : {}),
          ...(o.status ? { status: o.status as UnitStatus } : {}),
          ...(o.leader !== undefined ? { leader: o.leader } : {}),
        }),
      }),
      'unit transfer': csub({
        description: 'Move a unit to another command of its army, or to another army of the same rules (GM)',
        who: 'gm',
        example: '/campaign unit transfer unit:"Oxford\'s Archers" command:"Oxford\'s Screen" note:"Sent ahead to scout Newark"',
        options: {
          unit: { kind: 'string', description: 'The unit', required: true, complete: unitNames },
          army: { kind: 'string', description: 'The army it joins (its own when left out)', complete: armyNames },
          command: { kind: 'string', description: "The command it joins, or a new one (the army's first when only army: is given)", complete: commandNames },
          note: { kind: 'string', description: 'Why, for the log' },
        },
        action: (o) => ({ type: 'TransferUnit', unit: o.unit, ...(o.army ? { army: o.army } : {}), ...(o.command ? { command: o.command } : {}), ...(o.note ? { note: o.note } : {}) }),
      }),
      'leader set': csub({
        description: "A GM's ruling on a leader between battles: fallen, captured, fit again, or a replacement named (GM)",
        who: 'gm',
        example: '/campaign leader set leader:"John de la Pole, Earl of Lincoln" replacement:"Thomas Fitzgerald of Laccagh" note:"Fitzgerald takes the host"',
        options: {
          note,
          leader: { kind: 'string', description: "A command's officer, or a unit's leader", complete: leaderNames },
          fate: fateOpt,
          replacement: { kind: 'string', description: 'The leader who takes his place (or leads a command that has none)' },
          command: { kind: 'string', description: 'A command with no officer, whose first (replacement:) you name', complete: commandNames },
        },
        action: (o) => ({
          type: 'RuleLeader',
          note: o.note,
          ...(o.leader !== undefined ? { leader: o.leader } : {}),
          ...(o.command !== undefined ? { command: o.command } : {}),
          ...(o.fate ? { fate: o.fate as LeaderFate } : {}),
          ...(o.replacement ? { replacement: o.replacement } : {}),
        }),
      }),
      'turn open': csub({
        description: "Open the next campaign turn: every army's players are asked for secret orders by DM (GM)",
        who: 'gm',
        example: '/campaign turn open deadline:2d',
        options: { deadline: { kind: 'string', description: 'Orders due after a delay (12h, 2d) or at a time (2026-12-01T18:00Z)' } },
        action: (o, ctx) => ({ type: 'OpenCampaignTurn', ...(o.deadline ? { deadline: parseDeadline(o.deadline, ctx.app.now()) } : {}) }),
      }),
      'turn extend': csub({
        description: "Move the turn's deadline later: by a delay (12h, 1d), or to a time (GM)",
        who: 'gm',
        example: '/campaign turn extend by:1d',
        options: { by: { kind: 'string', description: 'A delay added to the deadline (12h, 1d), or the new time', required: true } },
        action: (o, ctx) => ({ type: 'ExtendDeadline', deadline: extended(o.by, campaignOf(ctx), ctx.app.now()) }),
      }),
      'turn pause': csub({
        description: "Stop the turn's deadline until resumed (GM)",
        who: 'gm',
        example: '/campaign turn pause',
        options: {},
        action: () => ({ type: 'PauseCampaignTurn' }),
      }),
      'turn resume': csub({
        description: 'Restart a paused turn with the time it had left (GM)',
        who: 'gm',
        example: '/campaign turn resume',
        options: {},
        action: () => ({ type: 'ResumeCampaignTurn' }),
      }),
      'turn reveal': csub({
        description: 'Reveal the orders now, whoever is late (GM)',
        who: 'gm',
        example: '/campaign turn reveal',
        options: {},
        action: () => ({ type: 'RevealOrders' }),
      }),
      'orders send': csub({
        description: "Send or change your army's secret orders for this turn (also what the DM's button does)",
        who: 'player',
        elsewhere: true,
        example: '/campaign orders send army:"The King\'s Army" orders:"March on Stoke; hold the ridge"',
        options: {
          army: { kind: 'string', description: 'Your army', required: true, complete: myArmies },
          orders: { kind: 'string', description: 'The orders, in your words', required: true },
          campaign: campaignOpt,
        },
        action: (o) => ({ type: 'SendOrders', army: o.army, text: o.orders }),
      }),
      'orders enter': csub({
        description: 'Enter the orders of an absent player, openly marked as such at the reveal (GM)',
        who: 'gm',
        example: '/campaign orders enter army:"Lincoln\'s Army" orders:"Hold at Newark"',
        options: { army: { kind: 'string', description: 'The army', required: true, complete: myArmies }, orders: { kind: 'string', description: 'The orders', required: true } },
        action: (o) => ({ type: 'SendOrders', army: o.army, text: o.orders, onBehalf: true }),
      }),
      'battle start': csub({
        description: "Start a battle here (its own channel or thread) with armies' units in their current state and the campaign's rules (GM)",
        who: 'gm',
        elsewhere: true,
        example: '/campaign battle start name:"Stoke Field" system:medieval armies:"The King\'s Army, Lincoln\'s Army"',
        options: {
          name: { kind: 'string', description: 'The battle name', required: true },
          system: { kind: 'string', description: 'Rule system', required: true, choices: systems.map((x) => x.id), complete: systemNames },
          armies: { kind: 'string', description: 'The armies it draws, separated by commas', required: true, complete: armyNames },
          units: { kind: 'string', description: 'Only these units or commands of those armies, separated by commas (a detachment)', complete: fieldNames },
          campaign: campaignOpt,
          ...created,
        },
        action: (o, ctx) => {
          const options = givenOptions(created, o as Record<string, unknown>);
          // No language: a battle of the campaign speaks the campaign's, not the server's (/campaign has no room left for the option: Discord's 8,000 characters a command).
          return { type: 'StartCampaignBattle', name: o.name, system: o.system, channel: ctx.channel, armies: o.armies.split(','), ...(o.units !== undefined ? { units: o.units.split(',') } : {}), ...(Object.keys(options).length ? { options } : {}) };
        },
      }),
      'house set': csub({
        description: "A house rule for the campaign's battles of a rule system: each starts with it, logged there (GM)",
        who: 'gm',
        example: '/campaign house set system:medieval key:initiative.die value:d10',
        options: { system: systemOpt, key: { kind: 'string', description: 'The open value, by key (/house show in a battle lists them)', required: true, complete: houseKeys }, value: houseValueOpt },
        action: (o) => ({ type: 'SetCampaignHouseRule', system: o.system, key: o.key, value: typed(o.value) }),
      }),
      'house unset': csub({
        description: "Unset a house rule of the campaign's battles of a rule system: they start with it open (GM)",
        who: 'gm',
        example: '/campaign house unset system:medieval key:initiative.die',
        options: { system: systemOpt, key: { kind: 'string', description: 'The house rule, by key', required: true, complete: houseKeys } },
        action: (o) => ({ type: 'UnsetCampaignHouseRule', system: o.system, key: o.key }),
      }),
      'house upload': csub({
        description: "House rules for the campaign's battles of a rule system from a YAML or JSON file, as /house export writes it; all or nothing (GM)",
        who: 'gm',
        example: '/campaign house upload system:charge file:examples/house/charge.yaml',
        options: { system: systemOpt, file: { kind: 'attachment', description: 'The house rules (YAML or JSON)', required: true } },
        action: async (o, ctx) => {
          const file = await ctx.readFile(o.file);
          return { type: 'SetCampaignHouseRules', system: o.system, source: file.name, rules: await parseDataFile(file.name, file.text, say('app.dataFile.houseHint')) };
        },
      }),
      'house show': csub({
        description: "What the campaign's battles start with, by rule system: options and house rules",
        who: 'anyone',
        example: '/campaign house show system:medieval',
        options: { system: { ...systemOpt, required: false, description: 'The rule system (each the campaign sets any for, when left out)' }, campaign: campaignOpt },
        query: (o, ctx) => [answer(ctx, rulesText(campaignOf(ctx), o.system), say('campaign.reply.houseTitle'))],
      }),
      options: csub({
        description: "/battle create's options for the campaign's battles of a rule system, each logged there; a battle start may change one (GM)",
        who: 'gm',
        example: '/campaign options system:medieval partdice:true initiative_die:10',
        options: { system: systemOpt, ...created },
        action: (o) => ({ type: 'SetCampaignOptions', system: o.system, options: givenOptions(created, o as Record<string, unknown>) }),
      }),
      'battle result': csub({
        description: "Propose each unit's new state from an ended battle's log now (the umpire does it by itself too) (GM)",
        who: 'gm',
        example: '/campaign battle result battle:c1-b1',
        options: { battle: { kind: 'string', description: 'The battle (its id or name)', required: true, complete: battleIds } },
        action: async (o, ctx) => {
          const s = campaignOf(ctx);
          const b = findCampaignBattle(s, o.battle);
          if (b.stage !== 'running') throw new RuleError(notWaiting(b));
          return ctx.app.campaigns.proposal(s, b);
        },
      }),
      'battle adjust': csub({
        description: "Change what a battle's log proposed for a unit or a leader, a logged GM ruling (GM)",
        who: 'gm',
        example: '/campaign battle adjust battle:c1-b1 unit:"Oxford\'s Archers" status:fit note:"Rallied behind the ridge"',
        options: {
          battle: { kind: 'string', description: 'The battle', required: true, complete: battleIds },
          note,
          unit: { kind: 'string', description: 'The unit (figures:, status:)', complete: unitNames },
          figures: { kind: 'integer', description: 'Its figures after the battle', min: 0, max: 100000 },
          status: statusOpt,
          leader: { kind: 'string', description: 'A leader of the battle (fate:)', complete: leaderNames },
          fate: fateOpt,
        },
        action: (o) => ({
          type: 'AdjustBattleResult',
          battle: o.battle,
          note: o.note,
          ...(o.unit !== undefined ? { unit: o.unit } : {}),
          ...(o.figures !== undefined ? { figures: o.figures } : {}),
          ...(o.status ? { status: o.status as UnitStatus } : {}),
          ...(o.leader !== undefined ? { leader: o.leader } : {}),
          ...(o.fate ? { fate: o.fate as LeaderFate } : {}),
        }),
      }),
      'battle confirm': csub({
        description: "Carry a battle's result, as proposed and adjusted, into the campaign (GM)",
        who: 'gm',
        example: '/campaign battle confirm battle:c1-b1',
        options: { battle: { kind: 'string', description: 'The battle', required: true, complete: battleIds } },
        action: (o) => ({ type: 'ConfirmBattleResult', battle: o.battle }),
      }),
      report: csub({
        description: "Each army's strength across turns and battles, the battles and their results, with a chart",
        who: 'anyone',
        example: '/campaign report',
        options: { campaign: campaignOpt },
        query: async (_o, ctx) => {
          const s = campaignOf(ctx);
          const log = await ctx.app.campaigns.log(s.id);
          const first = (await ctx.app.store.load(s.id, 0))[0];
          const r = campaignReport(s.id, log, first?.hash ?? '');
          const m = answer(ctx, campaignReportText(r), say('reports.campaign.title', { campaign: s.name }));
          // A chart is an image, drawn once: in the campaign's language, as /battle report's is in its battle's.
          m.files = [await campaignChartFile(r, s.language)];
          return [m];
        },
      }),
      // The campaign's page (issue 30), shared while it runs or once it has ended.
      share: csub({
        description: "A link to the campaign's page, posted in its channel (GM)",
        who: 'gm',
        example: '/campaign share',
        options: { campaign: campaignOpt },
        action: () => ({ type: 'ShareCampaign' }),
      }),
      unshare: csub({
        description: "Revoke the link to the campaign's page: it no longer opens (GM)",
        who: 'gm',
        example: '/campaign unshare',
        options: { campaign: campaignOpt },
        action: () => ({ type: 'RevokeCampaignShare' }),
      }),
      end: csub({
        description: 'End the campaign; its log stays to read, replay and verify (GM)',
        who: 'gm',
        example: '/campaign end',
        options: {},
        action: () => ({ type: 'EndCampaign' }),
      }),
    },
  });
};
