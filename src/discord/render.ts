import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIButtonComponent, type APIEmbed, type APIEmbedField } from 'discord.js';
import type { Message } from '../messages.ts';

/** One Discord message as the REST API takes it (a channel post, a DM, an interaction reply). */
export interface DiscordPayload {
  content?: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIButtonComponent>[];
  allowed_mentions: { parse: []; users?: string[] };
}

/** Discord's limits (developer docs, "Embed limits", "Button"). */
const LIMIT = { title: 256, description: 4096, fields: 25, fieldName: 256, fieldValue: 1024, embed: 6000, perRow: 5, rows: 5, label: 80, customId: 100 };
/** Room left for text per message part, below the description limit so a title and a footer still fit in 6000. */
const PART = 4000;

const COLOR = { error: 0xd93f0b, outcome: 0x5865f2, post: 0x4f545c };

const clip = (s: string, n: number): string => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);

/** Splits text at line ends into pieces of at most `n` characters (a longer line is cut). */
function pieces(text: string, n: number): string[] {
  const out: string[] = [];
  let cur = '';
  for (const line of text.split('\n')) {
    for (let rest = line; ; ) {
      const candidate = cur ? `${cur}\n${rest}` : rest;
      if (candidate.length <= n) {
        cur = candidate;
        break;
      }
      if (cur) {
        out.push(cur);
        cur = '';
        continue;
      }
      out.push(rest.slice(0, n));
      rest = rest.slice(n);
      if (!rest) break;
    }
  }
  if (cur || !out.length) out.push(cur);
  return out;
}

const scalar = (v: unknown): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v);

/** An outcome's working as embed fields: one per top-level entry, structured values as JSON. */
function outcomeFields(outcome: unknown, budget: number): APIEmbedField[] {
  if (outcome === undefined || outcome === null) return [];
  const entries: [string, unknown][] =
    typeof outcome !== 'object' ? [['Outcome', outcome]] : Array.isArray(outcome) ? outcome.map((v, i) => [String(i + 1), v]) : Object.entries(outcome);
  const fields: APIEmbedField[] = [];
  let used = 0;
  for (const [k, v] of entries) {
    const name = clip(k, LIMIT.fieldName);
    const text = scalar(v) ? String(v) || '—' : `\`\`\`json\n${clip(JSON.stringify(v), LIMIT.fieldValue - 12)}\n\`\`\``;
    const value = clip(text, LIMIT.fieldValue);
    if (fields.length === LIMIT.fields - 1 || used + name.length + value.length > budget) {
      fields.push({ name: '…', value: 'More in the log: /battle log.' });
      break;
    }
    fields.push({ name, value, ...(scalar(v) && value.length <= 30 ? { inline: true } : {}) });
    used += name.length + value.length;
  }
  return fields;
}

/** Buttons as action rows of at most five; a custom id Discord would refuse (over 100 characters) is left out. */
export function buttonRows(buttons: Message['buttons']): APIActionRowComponent<APIButtonComponent>[] {
  const usable = (buttons ?? []).filter((b) => b.customId.length <= LIMIT.customId).slice(0, LIMIT.perRow * LIMIT.rows);
  const rows: APIActionRowComponent<APIButtonComponent>[] = [];
  for (let i = 0; i < usable.length; i += LIMIT.perRow) {
    rows.push({
      type: ComponentType.ActionRow,
      components: usable.slice(i, i + LIMIT.perRow).map((b) => ({ type: ComponentType.Button, style: ButtonStyle.Primary, label: clip(b.label, LIMIT.label), custom_id: b.customId })),
    });
  }
  return rows;
}

export interface RenderOptions {
  /** Users to notify: mentioned in the message content, the only mentions allowed to ping. */
  ping?: string[];
}

/**
 * A neutral message as Discord messages: an embed with the title, the text as its description
 * (`<@id>` mentions left for Discord to render; in an embed they never ping) and the outcome as
 * fields; buttons as action rows. Text too long for one message is split over several parts, the
 * title on the first, the fields, footer and buttons on the last.
 */
export function render(m: Message, opts: RenderOptions = {}): DiscordPayload[] {
  const title = m.title ? clip(m.title, LIMIT.title) : undefined;
  const texts = pieces(m.text, PART);
  const color = m.error ? COLOR.error : m.outcome !== undefined ? COLOR.outcome : COLOR.post;
  const ping = opts.ping?.length ? [...new Set(opts.ping)] : undefined;
  return texts.map((text, i) => {
    const last = i === texts.length - 1;
    const embed: APIEmbed = { color };
    if (i === 0 && title) embed.title = title;
    if (text) embed.description = text;
    else if (!embed.title) embed.description = '\u200b';
    if (last) {
      const fields = outcomeFields(m.outcome, LIMIT.embed - (title?.length ?? 0) - text.length - 100);
      if (fields.length) embed.fields = fields;
      if (m.event !== undefined) embed.footer = { text: `log event ${m.event}` };
    }
    const payload: DiscordPayload = { embeds: [embed], components: last ? buttonRows(m.buttons) : [], allowed_mentions: { parse: [] } };
    if (i === 0 && ping) {
      payload.content = ping.map((u) => `<@${u}>`).join(' ');
      payload.allowed_mentions = { parse: [], users: ping };
    }
    return payload;
  });
}
