import { embedLength, type APIEmbed } from 'discord.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMIT, render, shown, type DiscordPayload } from '../../src/discord/render.ts';
import { clip, split, tame } from '../../src/discord/text-limits.ts';
import { wordMessage, type Message } from '../../src/messages.ts';
import { FULL } from '../reliability/figures.ts';

/**
 * Issue 17: Discord's limits kept for every message, whatever unit names, ballot options or GM text
 * contain. Random hostile messages (emoji sequences, flags, accents, stacked marks, lone surrogates,
 * CRLF, blank and huge strings, duplicate and over-long custom ids) rendered by render(), which
 * builds them with @discordjs/builders (its checks throw on a violation), then every limit checked
 * here again, with cuts only between graphemes.
 */

/** `npm test` checks the first 2,000 of the seed's messages; `npm run reliability` all 10,000. */
const RUNS = FULL ? 10_000 : 2_000;
const SEED = 17;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/**
 * The offsets between graphemes of `s` (0 and its length included). V8's segmenter takes time with
 * the square of the length, so a long text is segmented in pieces cut where UAX #29 always breaks:
 * after a line feed (GB4) and between two ASCII characters other than CR LF (GB999).
 */
function boundaries(s: string): Set<number> {
  const out = new Set([0]);
  // eslint-disable-next-line no-control-regex -- the rule is about ASCII, controls included
  const pieces = s.split(/(?<=\n)|(?<=[\x00-\x0c\x0e-\x7f])(?=[\x00-\x7f])|(?<=\r)(?=[\x00-\x09\x0b-\x7f])/);
  let start = 0;
  let chunk = '';
  const segment = () => {
    for (const g of segmenter.segment(chunk)) out.add(start + g.index + g.segment.length);
    start += chunk.length;
    chunk = '';
  };
  for (const piece of pieces) {
    if (chunk.length + piece.length > 128) segment();
    chunk += piece;
  }
  segment();
  return out;
}
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const hostilePiece = fc.constantFrom(
  '👨‍👩‍👧‍👦', // a family: one grapheme of 11 code units
  '🏴󠁧󠁢󠁥󠁮󠁧󠁿', // a tag sequence flag
  '🇫🇷',
  '👍🏽',
  'e\u0301',
  'Z\u0335\u0336\u0337\u0338\u0321\u0322\u0327\u0328\u0334\u0335\u0336\u034f\u035c\u035d\u035e\u035f\u0360\u0362\u0338\u0337\u0361\u0489\u0300\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308\u0309\u030a\u030b\u030c\u030d',
  '\uD83D', // a lone high surrogate
  '\uDE00',
  '\r\n',
  '\n',
  '\n\n',
  ' ',
  '\t',
  '\u200b',
  '\u202e',
  '@everyone',
  '<@123456789012345678>',
  '**',
  '```',
  '`',
  '•',
  '…',
  'null',
  'Kürassier-Regiment',
  ':',
);
const plainPiece = fc.string({ unit: 'grapheme', maxLength: 12 });
const piece = fc.oneof(hostilePiece, plainPiece, fc.string({ unit: 'binary', maxLength: 6 }));
/** A hostile string: pieces, sometimes one repeated to thousands of characters. */
const hostile = (maxPieces: number, maxLength: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.array(piece, { maxLength: maxPieces }).map((xs) => xs.join('')) },
    { weight: 1, arbitrary: fc.tuple(piece, fc.integer({ min: 1, max: maxLength })).map(([p, n]) => p.repeat(Math.max(1, Math.floor(n / Math.max(1, p.length))))) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '\n', '\u200b') },
  );

const customId = fc.oneof(
  fc.constantFrom('v1:ballot:b1:v1:c1:YES', 'v1:ballot:b1:v1:c1:NO', ''),
  fc.string({ maxLength: 120 }),
  fc.string({ unit: 'binary', minLength: 95, maxLength: 105 }),
);

const message: fc.Arbitrary<Message> = fc.record(
  {
    to: fc.constantFrom<Message['to']>({ kind: 'channel', channel: 'c' }, { kind: 'dm', user: 'u' }, { kind: 'reply', user: 'u', channel: 'c' }),
    // A slash command's text option holds up to 1,000 characters; a message's text gathers many lines.
    title: hostile(80, 1200),
    text: hostile(400, 9000),
    outcome: fc.constantFrom(undefined, { rule: 'X', officerChecks: [], randomOfficerHit: null }),
    event: fc.integer({ min: 1, max: 1_000_000 }),
    buttons: fc.array(fc.record({ label: hostile(40, 1000), customId }), { maxLength: 40 }),
    error: fc.boolean(),
  },
  { requiredKeys: ['to', 'text'] },
);
const pings = fc.option(fc.array(fc.stringMatching(/^\d{17,20}$/), { maxLength: 120 }), { nil: undefined });

/** Every limit a message breaks, described; empty when Discord would take it. */
function violations(said: Message, parts: DiscordPayload[]): string[] {
  const m = wordMessage(said, 'en');
  const out: string[] = [];
  const strings: string[] = [];
  const want = shown(m);
  if (!parts.length) out.push('no message');
  for (const [i, p] of parts.entries()) {
    if (p.content !== undefined) {
      strings.push(p.content);
      if (!p.content || p.content.length > LIMIT.content) out.push(`part ${i}: content of ${p.content.length}`);
    }
    if (!p.embeds.length || p.embeds.length > LIMIT.embeds) out.push(`part ${i}: ${p.embeds.length} embeds`);
    const set = p.embeds.reduce((n, e) => n + embedLength(e), 0);
    if (set > LIMIT.embedSet) out.push(`part ${i}: an embed set of ${set} characters`);
    for (const e of p.embeds as APIEmbed[]) {
      if (e.title === undefined && e.description === undefined) out.push(`part ${i}: an embed with neither title nor description`);
      if (e.title !== undefined && (!e.title.trim() || e.title.length > LIMIT.title)) out.push(`part ${i}: title of ${e.title.length}`);
      if (e.description !== undefined && (!e.description.trim() || e.description.length > LIMIT.description)) out.push(`part ${i}: description of ${e.description.length}`);
      if (e.footer && (!e.footer.text || e.footer.text.length > LIMIT.footer)) out.push(`part ${i}: footer`);
      if ((e.fields?.length ?? 0) > LIMIT.fields) out.push(`part ${i}: ${e.fields!.length} fields`);
      for (const f of e.fields ?? []) {
        if (!f.name.trim() || f.name.length > LIMIT.fieldName) out.push(`part ${i}: field name "${f.name}"`);
        if (!f.value.trim() || f.value.length > LIMIT.fieldValue) out.push(`part ${i}: field value of ${f.value.length}`);
        strings.push(f.name, f.value);
      }
      strings.push(e.title ?? '', e.description ?? '', e.footer?.text ?? '');
    }
    if (p.components.length > LIMIT.rows) out.push(`part ${i}: ${p.components.length} rows`);
    const ids = new Set<string>();
    for (const row of p.components) {
      if (!row.components.length || row.components.length > LIMIT.perRow) out.push(`part ${i}: a row of ${row.components.length}`);
      for (const b of row.components) {
        const label = 'label' in b ? (b.label ?? '') : '';
        const id = 'custom_id' in b ? b.custom_id : '';
        strings.push(label, id);
        if (!label.trim() || label.length > LIMIT.label) out.push(`part ${i}: button label of ${label.length}`);
        if (!id || id.length > LIMIT.customId) out.push(`part ${i}: custom id of ${id.length}`);
        if (ids.has(id)) out.push(`part ${i}: custom id ${id} twice`);
        ids.add(id);
      }
    }
    if (i < parts.length - 1 && p.components.length) out.push(`part ${i}: buttons before the last part`);
  }
  for (const s of strings) if (LONE_SURROGATE.test(s)) out.push(`a lone surrogate in ${JSON.stringify(s.slice(0, 40))}`);

  // The title: whole, or whole graphemes and "…".
  const title = parts[0]?.embeds[0]?.title;
  const fullTitle = m.title ? tame(m.title).trim() : '';
  if (fullTitle && title !== fullTitle) {
    const head = title?.endsWith('…') ? title.slice(0, -1) : undefined;
    if (head === undefined || !fullTitle.startsWith(head) || !boundaries(fullTitle).has(head.length)) out.push(`title cut inside a grapheme: ${JSON.stringify(title)}`);
  }
  // The text: the parts' descriptions give it back, cut only between graphemes (a line break at a
  // cut dropped, a run of blanks between parts left out).
  const text = want.text;
  const at = boundaries(text);
  let pos = 0;
  for (const [i, p] of parts.entries()) {
    const d = p.embeds[0]?.description;
    // The zero-width space stands in for a blank text (an embed needs a title or a description).
    const piece = d === undefined || (d === '\u200b' && !text.trim()) ? '' : d;
    const found = piece ? text.indexOf(piece, pos) : pos;
    if (found < 0 || text.slice(pos, found).trim()) {
      out.push(`part ${i}: its text is not the message's at ${pos}`);
      break;
    }
    if (!at.has(found)) out.push(`part ${i}: starts inside a grapheme at ${found}`);
    pos = found + piece.length;
    if (!at.has(pos)) out.push(`part ${i}: cut inside a grapheme at ${pos}`);
    if (text.startsWith('\r\n', pos)) pos += 2;
    else if (text[pos] === '\n' || text[pos] === '\r') pos += 1;
  }
  if (pos < text.length && !text.slice(pos).trim()) pos = text.length;
  if (pos !== text.length) out.push(`the text stops at ${pos} of ${text.length}`);
  // Buttons: a shortened label is whole graphemes and "…", and its full text is in the message.
  const labels = parts.at(-1)!.components.flatMap((r) => r.components.map((b) => ('label' in b ? (b.label ?? '') : '')));
  for (const [k, b] of want.buttons.entries()) {
    if (labels[k] !== b.label) out.push(`button ${k} shows ${labels[k]} instead of ${b.label}`);
    if (b.full && b.label.endsWith('…') && !(b.full.startsWith(b.label.slice(0, -1)) && boundaries(b.full).has(b.label.length - 1))) out.push(`button ${k} label cut inside a grapheme`);
    if (b.full && !text.includes(b.full)) out.push(`button ${k}: its full label is not in the text`);
  }
  const usable = [...new Set((m.buttons ?? []).map((b) => b.customId).filter((id) => id && id.length <= LIMIT.customId))];
  if (want.buttons.length !== Math.min(usable.length, LIMIT.rows * LIMIT.perRow)) out.push(`${want.buttons.length} buttons of ${usable.length} usable`);
  return out;
}

describe("Discord's limits kept for every message (issue 17)", () => {
  it(`${RUNS} random hostile messages render with no limit broken (fast-check, seed ${SEED})`, () => {
    let rendered = 0;
    let broken = 0;
    fc.assert(
      fc.property(message, pings, (m, ping) => {
        const parts = render(m, ping ? { ping } : {});
        rendered++;
        const v = violations(m, parts);
        if (v.length) broken++;
        expect(v).toEqual([]);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect({ rendered, broken }).toEqual({ rendered: RUNS, broken: 0 });
  }, FULL ? 300_000 : 120_000);

  it('an 82-character ballot option keeps its button: the label shortened at a grapheme, the option whole in the text', () => {
    const option = `${'Advance on the ridge and hold it until relieved by the reserve '.padEnd(78, '.')}👨‍👩‍👧‍👦`;
    expect(option).toHaveLength(89);
    const m: Message = { to: { kind: 'dm', user: 'u' }, text: 'Choose.', buttons: [{ label: option, customId: 'v2:ballot:b1:v1:c1:0' }] };
    const [p] = render(m);
    const label = p!.components[0]!.components[0]!;
    expect('label' in label && label.label).toBe(`${option.slice(0, 78)}…`);
    expect(p!.embeds[0]!.description).toContain(option);
  });

  it('the checks find what they are for: a cut emoji, a field, a blank label, a repeated id', () => {
    const m: Message = { to: { kind: 'dm', user: 'u' }, text: 'ab👍🏽' };
    const good = render(m);
    expect(violations(m, good)).toEqual([]);
    const cut: DiscordPayload[] = [{ ...good[0]!, embeds: [{ description: 'ab\uD83D' }] }, { ...good[0]!, embeds: [{ description: '\uDC4D🏽' }] }];
    expect(violations(m, cut).join(' ')).toMatch(/lone surrogate.*cut inside a grapheme|cut inside a grapheme/);
    const bad: DiscordPayload[] = [
      {
        embeds: [{ description: 'ab👍🏽', fields: [{ name: ' ', value: 'x' }] }],
        components: [{ type: 1, components: [{ type: 2, style: 1, label: '', custom_id: 'a' }, { type: 2, style: 1, label: 'x', custom_id: 'a' }] }],
        allowed_mentions: { parse: [] },
      },
    ];
    expect(violations(m, bad)).toEqual(expect.arrayContaining(['part 0: field name " "', 'part 0: button label of 0', 'part 0: custom id a twice']));
  });

  it('clip and split never cut inside a grapheme', () => {
    expect(clip('ab👨‍👩‍👧‍👦', 5)).toBe('ab…');
    expect(split('ab\r\ncd', 3)).toEqual(['ab', 'cd']);
    expect(split('👍🏽👍🏽👍🏽', 5)).toEqual(['👍🏽', '👍🏽', '👍🏽']);
    expect(tame('a\uD83Db')).toBe('a\uFFFDb');
  });
});
