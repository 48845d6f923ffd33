import {
  ApplicationCommandOptionType,
  DiscordAPIError,
  LabelBuilder,
  MessageFlags,
  ModalBuilder,
  RESTJSONErrorCodes,
  TextInputBuilder,
  TextInputStyle,
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type CommandInteractionOption,
  type Interaction,
  type ModalSubmitInteraction,
} from 'discord.js';
import type { Logger } from 'pino';
import { buttonBattle, buttonInvocation, formButton, type FormButton } from '../app/messages/buttons.ts';
import type { CompleteContext, InvokeContext, OptionDef } from '../app/slash/commands.ts';
import { battleForDm, battlesOf } from '../app/service/dm-battle.ts';
import { invoke, type Invocation } from '../app/service/invoke.ts';
import { pendingPrompts } from '../app/service/prompts.ts';
import { findCommand } from '../app/slash/registry.ts';
import type { Umpire } from '../app/service/umpire.ts';
import { RuleError } from '../rules/errors.ts';
import { languageOf, localeOf, type Locale } from '../i18n/locales.ts';
import { say, word, type Text } from '../i18n/text.ts';
import { capEchoes, type Message } from '../messages.ts';
import { fetchAttachment, MAX_ATTACHMENT_BYTES } from './attachments.ts';
import { discordErrorInfo } from './delivery.ts';
import type { DeliveryStateStore } from '../store/types.ts';
import { render } from './render.ts';
import { Responder, type Repliable } from './responder.ts';

export interface RouterDeps {
  app: Umpire;
  logger: Logger;
  state: DeliveryStateStore;
  /** Starts delivering the outbox now (after an action appended posts). */
  kick: () => void;
  /** Defer an answer not ready after this long (Discord allows 3 s). */
  deferAfterMs?: number;
  maxAttachmentBytes?: number;
  /** Each user's Discord locale as their last interaction gave it: their DMs are worded in it (delivery.ts). */
  readers?: Map<string, Locale>;
}

/** What a button whose custom id is no longer understood (or a form of one) answers. */
const NOT_UNDERSTOOD = say('discord.notUnderstood');

/** Discord errors meaning the interaction is gone or answered elsewhere: nothing to tell the user. */
const GONE = new Set<number | string>([RESTJSONErrorCodes.UnknownInteraction, RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged]);

const errorPart = (text: Text, locale: Locale) => render({ to: { kind: 'reply', user: '', channel: '' }, text, error: true }, { locale });

/** The options a user gave, by name, from under the subcommand (group) they chose. */
function leafOptions(data: readonly CommandInteractionOption[]): Record<string, unknown> {
  for (const o of data) {
    if (o.type === ApplicationCommandOptionType.Subcommand || o.type === ApplicationCommandOptionType.SubcommandGroup) return leafOptions(o.options ?? []);
  }
  return Object.fromEntries(data.map((o) => [o.name, o.value]));
}

const subKey = (i: ChatInputCommandInteraction | AutocompleteInteraction): string =>
  [i.options.getSubcommandGroup(false), i.options.getSubcommand(false)].filter(Boolean).join(' ');

/**
 * The central interaction handler (docs/architecture.md, Shape): it owns deferral, error
 * replies, the Discord errors to swallow and the per-interaction logger, so command code holds only
 * the game. Slash commands, buttons and submitted forms (modals) become invocations that `invoke`
 * validates and authorizes against the battle state (a button's custom id names what was pressed,
 * never who may press it); autocomplete asks the option's `complete`.
 */
export function interactionHandler(deps: RouterDeps): (i: Interaction) => Promise<void> {
  return async (i) => {
    deps.readers?.set(i.user.id, localeOf(i.locale));
    const log = deps.logger.child({ interaction: i.id, user: i.user.id, battle: (await battleOf(deps.app, i)) ?? null });
    try {
      if (i.isAutocomplete()) await autocomplete(i, deps, log);
      else if (i.isChatInputCommand()) await chatInput(i, deps, log);
      else if (i.isButton()) await button(i, deps, log);
      else if (i.isModalSubmit()) await modalSubmit(i, deps, log);
      else if (i.isRepliable()) await i.reply({ embeds: errorPart(say('discord.unhandled'), localeOf(i.locale))[0]!.embeds, flags: MessageFlags.Ephemeral });
    } catch (err) {
      await failed(i, err, log);
    }
  };
}

/** The battle an interaction concerns, for the logger: the channel's, a button's, or the one battle of a DM user. */
async function battleOf(app: Umpire, i: Interaction): Promise<string | undefined> {
  try {
    if (i.isButton()) return buttonBattle(i.customId);
    if (i.channelId && i.inGuild()) return (await app.battleIn(i.channelId))?.id;
    const mine = await battlesOf(app, i.user.id);
    return mine.length === 1 ? mine[0]!.id : undefined;
  } catch {
    return undefined;
  }
}

async function failed(i: Interaction, err: unknown, log: Logger): Promise<void> {
  if (err instanceof DiscordAPIError && GONE.has(err.code)) {
    log.warn(discordErrorInfo(err), 'interaction expired or answered elsewhere');
    return;
  }
  log.error(err instanceof DiscordAPIError ? discordErrorInfo(err) : { err }, 'interaction failed');
  if (!i.isRepliable()) return;
  const [part] = errorPart(say('discord.failed', { id: i.id }), localeOf(i.locale));
  try {
    if (i.deferred || i.replied) await i.followUp({ embeds: part!.embeds, flags: MessageFlags.Ephemeral });
    else await i.reply({ embeds: part!.embeds, flags: MessageFlags.Ephemeral });
  } catch (e) {
    log.warn(discordErrorInfo(e), 'could not tell the user about the failure');
  }
}

async function chatInput(i: ChatInputCommandInteraction, deps: RouterDeps, log: Logger): Promise<void> {
  const { app } = deps;
  const sub = subKey(i);
  const options = leafOptions(i.options.data);
  const command = findCommand(i.commandName);
  const def = command && Object.hasOwn(command.subcommands, sub) ? command.subcommands[sub] : undefined;
  const responder = new Responder(i);
  let channel = i.channelId;
  let battle: string | undefined;
  // A DM has no battle: a player's command that needs one acts in the one battle the user plays in;
  // what only a GM may do stays in the battle's channel, in view of its players.
  if (!i.inGuild() && def && def.needsBattle !== false) {
    const found =
      def.who === 'gm'
        ? { error: say('discord.gmOnlyInChannel', { command: `/${i.commandName} ${sub}` }) }
        : await battleForDm(app, i.user.id, typeof options.ballot === 'string' ? options.ballot : undefined);
    if ('error' in found) {
      await responder.send(errorPart(capEchoes(found.error, Object.values(options)), localeOf(i.locale)));
      return showHeld(i, responder, deps, log);
    }
    channel = found.battle.channel;
    battle = found.battle.id;
  }
  // Downloading an attachment may take a while: defer at once; anything else only if it runs late.
  if (def && Object.values(def.options).some((o: OptionDef) => o.kind === 'attachment')) await responder.defer();
  else responder.deferAfter(deps.deferAfterMs ?? 2000);
  const limit = deps.maxAttachmentBytes ?? MAX_ATTACHMENT_BYTES;
  const readFile: InvokeContext['readFile'] = async (ref) => {
    // Only an attachment Discord resolved for this very interaction is fetched, never a URL a user typed.
    const a = i.options.resolved?.attachments?.get(ref);
    if (!a) throw new RuleError(say('discord.attachment.missing'));
    return fetchAttachment({ url: a.url, name: a.name, size: a.size }, limit);
  };
  const inv: Invocation = { command: i.commandName, sub, options, actor: i.user.id, channel, requestId: i.id, readFile, ...(battle ? { battle } : {}), ...(i.guildLocale ? { language: languageOf(localeOf(i.guildLocale)) } : {}) };
  await answer(i, inv, responder, deps, log);
}

async function button(i: ButtonInteraction, deps: RouterDeps, log: Logger): Promise<void> {
  const form = formButton(i.customId);
  // Text cannot ride on a button: it opens a form, whose submission is the command (modalSubmit).
  if (form) {
    await i.showModal(modalOf(i.customId, form, localeOf(i.locale)));
    log.info({ form: form.option }, 'form shown');
    return;
  }
  const responder = new Responder(i);
  const pressed = await buttonInvocation(i.customId, deps.app);
  if (!pressed) {
    await responder.send(errorPart(NOT_UNDERSTOOD, localeOf(i.locale)));
    return;
  }
  // A DM button acts in the channel of the battle it came from; invoke checks it is still running there.
  const row = await deps.app.battle(pressed.battle);
  if (!row) {
    await responder.send(errorPart(say('discord.unknownBattle'), localeOf(i.locale)));
    return;
  }
  responder.deferAfter(deps.deferAfterMs ?? 2000);
  await answer(i, { ...pressed.invocation, battle: row.id, actor: i.user.id, channel: row.channel, requestId: i.id }, responder, deps, log);
}

/**
 * The form a form button opens (a Discord modal), with the button's own custom id: one required
 * paragraph of at most `max` characters, its custom id the option it fills.
 */
function modalOf(customId: string, form: FormButton, locale: Locale): ModalBuilder {
  const input = new TextInputBuilder().setCustomId(form.option).setStyle(TextInputStyle.Paragraph).setRequired(true).setMaxLength(form.max);
  return new ModalBuilder().setCustomId(customId).setTitle(word(form.title, locale)).addLabelComponents(new LabelBuilder().setLabel(word(form.label, locale)).setTextInputComponent(input));
}

/**
 * A submitted form: the text becomes its command's option, run as the slash command a user could
 * type, and answered as a button is (privately). The custom id names the form, never who may send it.
 */
async function modalSubmit(i: ModalSubmitInteraction, deps: RouterDeps, log: Logger): Promise<void> {
  // responder.ts's Repliable names commands and buttons; a modal submit answers through the same reply, deferReply, followUp and editReply.
  const repliable = i as unknown as Repliable;
  const responder = new Responder(repliable);
  const form = formButton(i.customId);
  const text = form ? i.fields.fields.get(form.option) : undefined;
  if (!form || !text || !('value' in text) || typeof text.value !== 'string') {
    await responder.send(errorPart(NOT_UNDERSTOOD, localeOf(i.locale)));
    return;
  }
  responder.deferAfter(deps.deferAfterMs ?? 2000);
  const { command, sub, options } = form.invocation;
  const inv: Invocation = { command, sub, options: { ...options, [form.option]: text.value }, actor: i.user.id, channel: i.channelId ?? '', requestId: i.id };
  await answer(repliable, inv, responder, deps, log);
}

/** Runs the invocation, answers the user, starts the outbox, then shows what DMs could not carry. */
async function answer(i: Repliable, inv: Invocation, responder: Responder, deps: RouterDeps, log: Logger): Promise<void> {
  const path = `/${inv.command}${inv.sub ? ` ${inv.sub}` : ''}`;
  let result;
  try {
    result = await invoke(deps.app, inv);
  } catch (err) {
    responder.cancel();
    throw err;
  }
  await responder.send(result.messages.flatMap((m) => render(m, { locale: localeOf(i.locale) })));
  const refused = result.messages.some((m) => m.error);
  log.info({ command: path, versions: result.versions, refused }, refused ? 'command refused' : 'command done');
  if (result.versions.length) deps.kick();
  await showHeld(i, responder, deps, log);
}

/**
 * A user whose DMs are closed is shown, privately, what the umpire held back for them: receipts and
 * notes as they were, prompts as they stand now (rebuilt from the log, with working buttons).
 */
async function showHeld(i: Repliable, responder: Responder, deps: RouterDeps, log: Logger): Promise<void> {
  const held = await deps.state.held(i.user.id);
  if (!held.length) return;
  const prompts = held.some((h) => h.message.buttons?.length) ? await pendingPrompts(deps.app, i.user.id) : [];
  const shown: Message[] = [...held.filter((h) => !h.message.buttons?.length).map((h) => h.message), ...prompts].slice(0, 10);
  const parts = shown.flatMap((m) => render(m, { locale: localeOf(i.locale) }));
  if (parts[0]) parts[0] = { ...parts[0], content: word(say('discord.held'), localeOf(i.locale)) };
  await responder.send(parts);
  await deps.state.release(held.map((h) => h.outboxId));
  log.info({ held: held.length, prompts: prompts.length }, 'held DMs shown to the user');
}

async function autocomplete(i: AutocompleteInteraction, deps: RouterDeps, log: Logger): Promise<void> {
  const { app } = deps;
  const focused = i.options.getFocused(true);
  const command = findCommand(i.commandName);
  const sub = command && Object.hasOwn(command.subcommands, subKey(i)) ? command.subcommands[subKey(i)] : undefined;
  const o = sub && Object.hasOwn(sub.options, focused.name) ? sub.options[focused.name] : undefined;
  if (!o?.complete && !o?.completeLabelled) return i.respond([]);
  const rows = i.inGuild() ? [await app.battleIn(i.channelId)].filter((b) => b !== undefined) : await battlesOf(app, i.user.id);
  // The other options typed so far: a reason's completion offers only the codes that fit the unit named.
  const { [focused.name]: _typing, ...others } = leafOptions(i.options.data);
  const campaign = sub?.scope === 'campaign' ? await app.campaigns.forCompletion(i.channelId ?? '', i.user.id) : undefined;
  const ctx = { app, actor: i.user.id, typed: String(focused.value ?? ''), options: others, locale: localeOf(i.locale), ...(campaign ? { campaign } : {}) };
  const states = await Promise.all(rows.map((b) => app.state(b.id)));
  // Labelled choices show a code's words; plain names show themselves.
  const offer = o.completeLabelled ?? ((c: CompleteContext) => o.complete!(c).map((n) => ({ value: n, label: n })));
  const offered = states.length ? states.flatMap((state) => offer({ ...ctx, state })) : offer({ ...ctx });
  const seen = new Set<string>();
  const choices = offered
    .filter((c) => !seen.has(c.value) && seen.add(c.value) && c.value.length <= 100 && (o.kind !== 'integer' || Number.isInteger(Number(c.value))))
    .slice(0, 25)
    .map((c) => ({ name: c.label.length <= 100 ? c.label : c.value, value: o.kind === 'integer' ? Number(c.value) : c.value }));
  await i.respond(choices);
  log.debug({ option: focused.name, offered: choices.length }, 'autocomplete');
}
