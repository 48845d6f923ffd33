import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  embedLength,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIEmbed,
} from 'discord.js';
import { FALLBACK, type Locale } from '../i18n/locales.ts';
import { say, word } from '../i18n/text.ts';
import { wordMessage, type Message, type MessageFile } from '../messages.ts';
import { clip, split, tame } from './text-limits.ts';

/** One Discord message as the REST API takes it (a channel post, a DM, an interaction reply). */
export interface DiscordPayload {
  content?: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIButtonComponent>[];
  allowed_mentions: { parse: []; users?: string[] };
  files?: MessageFile<string>[];
}

/** Discord's limits (developer docs: "Embed limits", "Button", "Action Row", "Create Message"). */
export const LIMIT = {
  content: 2000,
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  embedSet: 6000,
  perRow: 5,
  rows: 5,
  label: 80,
  customId: 100,
};
/** Room for text in one message: below the description limit, so a title and a footer still fit in the embed set's 6000. */
const PART = 4000;

const COLOR = { error: 0xd93f0b, outcome: 0x5865f2, post: 0x4f545c };

/** A blank description would be refused; an embed with neither title nor text shows this. */
const BLANK = '\u200b';

export interface ShownButton {
  label: string;
  customId: string;
  /** The full label, when the button had to show a shorter one. */
  full?: string;
}

/**
 * The buttons Discord can show: labels of 1 to 80 characters (a longer one shortened between
 * graphemes, a blank one numbered), custom ids of 1 to 100 characters and unique in the message
 * (others left out: a press could not be told apart), at most 5 rows of 5.
 */
function shownButtons(buttons: Message<string>['buttons'], locale: Locale = FALLBACK): ShownButton[] {
  const seen = new Set<string>();
  const out: ShownButton[] = [];
  for (const b of buttons ?? []) {
    if (!b.customId || b.customId.length > LIMIT.customId || seen.has(b.customId)) continue;
    seen.add(b.customId);
    const full = tame(b.label).trim();
    const label = full ? clip(full, LIMIT.label) : word(say('discord.buttonNumbered', { n: String(out.length + 1) }), locale);
    out.push({ label, customId: b.customId, ...(label !== full ? { full } : {}) });
    if (out.length === LIMIT.perRow * LIMIT.rows) break;
  }
  return out;
}

/** Buttons as action rows of at most five, built (and checked) by @discordjs/builders. */
function rows(buttons: ShownButton[]): APIActionRowComponent<APIButtonComponent>[] {
  const out: APIActionRowComponent<APIButtonComponent>[] = [];
  for (let i = 0; i < buttons.length; i += LIMIT.perRow) {
    const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
      buttons.slice(i, i + LIMIT.perRow).map((b) => new ButtonBuilder().setStyle(ButtonStyle.Primary).setLabel(b.label).setCustomId(b.customId)),
    );
    out.push(row.toJSON());
  }
  return out;
}

/** `<@id>` mentions of the users to ping, as many whole ones as the content holds. */
function pingContent(users: string[]): { content: string; users: string[] } {
  const kept: string[] = [];
  let length = 0;
  for (const u of users) {
    const m = `<@${u}>`;
    if (length + m.length + (kept.length ? 1 : 0) > LIMIT.content) break;
    length += m.length + (kept.length ? 1 : 0);
    kept.push(u);
  }
  return { content: kept.map((u) => `<@${u}>`).join(' '), users: kept };
}

/** The text a message shows: the message's, tamed, and the full text of every shortened button label it lacks. */
function shownText(text: string, buttons: ShownButton[]): string {
  const shown = tame(text);
  const missing = buttons.filter((b) => b.full && !shown.includes(b.full));
  return missing.length ? `${shown}\n${missing.map((b) => `• [${b.label}] ${b.full}`).join('\n')}` : shown;
}

/** What `render` shows of a message's text and buttons, for the checks of every limit (test/discord/limits.test.ts). */
export const shown = (m: Message<string>): { text: string; buttons: ShownButton[] } => {
  const buttons = shownButtons(m.buttons);
  return { text: shownText(m.text, buttons), buttons };
};

export interface RenderOptions {
  /** The reader's locale (an interaction's); by default the message's own (a battle's post), else English. */
  locale?: Locale;
  /** Users to notify: mentioned in the message content, the only mentions allowed to ping. */
  ping?: string[];
  /**
   * Everything in one message (a status post, which is edited in place and so cannot grow a
   * second): text beyond one message is cut at a line end, and a last line says how much was cut.
   */
  single?: boolean;
}

/** Room kept in a single message for the line that says what was cut. */
const CUT_NOTE = 100;

/** The first message's worth of `text` and a line saying how many lines did not fit. */
function firstPart(text: string, locale: Locale): string {
  const [head = ''] = split(text, PART - CUT_NOTE);
  const left = text.slice(head.length).split(/\r\n|\r|\n/).filter((l) => l.trim()).length;
  return `${head}\n${word(say('discord.cut', { n: left }), locale)}`;
}

/**
 * A neutral message as Discord messages, built with @discordjs/builders so its checks run on every
 * message: an embed with the title and the text as its description (a resolution's text is its
 * prose and its working, one "• step" a line, as the log describes it; the structured outcome stays
 * in the log and the table's --json). `<@id>` mentions are left for Discord to render; in an embed
 * they never ping. Text too long for one message is split at line ends over several messages, the
 * title on the first; the footer, buttons and files on the last (or, `single`, cut to one message). A button label too long for
 * Discord is shortened, its full text added to the message's text when the text lacks it.
 */
export function render(message: Message, opts: RenderOptions = {}): DiscordPayload[] {
  const locale = opts.locale ?? message.locale ?? FALLBACK;
  const m = wordMessage(message, locale);
  const titleText = m.title ? tame(m.title).trim() : '';
  const title = titleText ? clip(titleText, LIMIT.title) : undefined;
  const buttons = shownButtons(m.buttons, locale);
  // A piece of nothing but blanks (a run of empty lines at a cut) is not worth a message of its own.
  const text = shownText(m.text, buttons);
  const pieces = (opts.single && text.length > PART ? [firstPart(text, locale)] : split(text, PART)).filter((t) => t.trim());
  const texts = pieces.length ? pieces : [''];
  const color = m.error ? COLOR.error : m.outcome !== undefined ? COLOR.outcome : COLOR.post;
  const ping = opts.ping?.length ? pingContent([...new Set(opts.ping)]) : undefined;
  return texts.map((piece, i) => {
    const last = i === texts.length - 1;
    const embed = new EmbedBuilder().setColor(color);
    if (i === 0 && title) embed.setTitle(title);
    if (piece.trim()) embed.setDescription(piece);
    else if (!(i === 0 && title)) embed.setDescription(BLANK);
    if (last && m.event !== undefined) embed.setFooter({ text: word(say('discord.footer', { event: String(m.event) }), locale) });
    const image = last ? m.files?.find((f) => f.name.endsWith('.png')) : undefined;
    if (image) embed.setImage(`attachment://${image.name}`);
    const json = embed.toJSON();
    if (embedLength(json) > LIMIT.embedSet) throw new RangeError(`an embed of ${embedLength(json)} characters: the parts are cut too large`);
    const payload: DiscordPayload = { embeds: [json], components: last ? rows(buttons) : [], allowed_mentions: { parse: [] } };
    if (last && m.files?.length) payload.files = m.files;
    if (i === 0 && ping?.users.length) {
      payload.content = ping.content;
      payload.allowed_mentions = { parse: [], users: ping.users };
    }
    return payload;
  });
}
