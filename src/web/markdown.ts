import { rendered, type Style, type Styler } from '../table/render.ts';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside HTML elements and quoted attributes. */
export const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const TAGS: Record<Style, [string, string]> = {
  bold: ['<strong>', '</strong>'],
  italic: ['<em>', '</em>'],
  underline: ['<u>', '</u>'],
  strike: ['<s>', '</s>'],
  code: ['<code>', '</code>'],
  dim: ['<small>', '</small>'],
};

/**
 * A message's Discord markdown as the page shows it: the table's parser (src/table/render.ts) with
 * elements for styles, every text escaped, timestamps as `<time>` (the page's script writes them
 * in the reader's zone; the ISO time shows without it) and mentions as `@user`.
 */
const html: Styler = {
  text: esc,
  style: (s, inner) => `${TAGS[s][0]}${inner}${TAGS[s][1]}`,
  link: (inner, url) => `<a href="${esc(url)}" rel="nofollow noopener noreferrer">${inner}</a>`,
  time: (unix, letter) => {
    const at = new Date(unix * 1000);
    if (Number.isNaN(at.getTime())) return esc(`<t:${unix}:${letter}>`);
    const iso = at.toISOString();
    return `<time datetime="${iso}" data-style="${esc(letter)}">${iso.replace('T', ' ').replace(/:\d\d\.\d+Z$/, ' UTC')}</time>`;
  },
  user: (id) => `<span class="user">@${esc(id)}</span>`,
  quote: (line) => `<span class="quote">${line}</span>`,
};

/** Discord markdown as HTML: one line of output a line of text, joined with `<br>`. */
export const markdownHtml = (text: string): string => rendered(text, html).split('\n').join('<br>');
