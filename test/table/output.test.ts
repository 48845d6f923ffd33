import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Table } from '../../src/table/table.ts';
import { plain, terminal } from '../../src/table/render.ts';
import { startTable } from '../support/table.ts';

/**
 * Issue 28, "One message per destination at the table; markdown rendered for a terminal; times as
 * Discord timestamps in Discord, local time at the table; plurals right."
 */

/** A table printing its human form (not --json) into `lines`, on the database of a JSON table. */
function humanTable(opts: { color?: boolean; now?: () => Date } = {}) {
  const t = startTable(opts.now ? { now: opts.now } : {});
  const lines: string[] = [];
  const table = new Table(t.app, { json: false, color: opts.color ?? false, cwd: process.cwd(), print: (l) => lines.push(l) });
  return {
    ...t,
    table,
    lines,
    async type(...typed: string[]) {
      const start = lines.length;
      for (const l of typed) await table.run(l);
      return lines.slice(start);
    },
  };
}

const BOLD = '\x1b[1m';
const ESC = '\x1b[';

describe('one message per destination at the table (issue 28)', () => {
  it('given a GM at the table, when an action is recorded, then it prints once, as the #table post, without the "(only you) › Done" echo', async () => {
    const t = humanTable();
    const out = await t.type('@gm /battle create name:Ligny system:percentile', '@gm /side add name:French', '@alice /join side:French');
    expect(out.length).toBe(3);
    expect(out.every((l) => l.startsWith('#table › '))).toBe(true);
    expect(out.join('\n')).not.toMatch(/only you|Done \(event/);
    expect(out[1]).toBe('#table › side French added');
  });

  it('given an action, when its reply is only the invoker\'s (a query, a refusal), then it still prints as "(only you)"', async () => {
    const t = humanTable();
    await t.type('@gm /battle create name:Ligny system:percentile');
    const [status] = await t.type('@alice /battle status');
    expect(status).toMatch(/^@alice \(only you\) › Status\n/);
    const [refused] = await t.type('@alice /phase next');
    expect(refused).toBe('@alice (only you) › ✗ Only a GM of this battle may do that.');
  });

  it('given --json, when an action is recorded, then every message the bot sends is kept: the acknowledgement and the post of the same event', async () => {
    const t = startTable();
    const out = await t.run('@gm /battle create name:Ligny system:percentile');
    expect(out.map((m) => [m.to, m.event])).toEqual([
      ['reply', 1],
      ['channel', 1],
    ]);
  });

  it('given the outbox cannot be written, when an action is recorded, then the acknowledgement is shown (the post comes later), so the invoker still hears it was done', async () => {
    const t = humanTable();
    t.table.flush = () => Promise.reject(Object.assign(new Error('disk full'), { code: 'SQLITE_FULL' }));
    const out = await t.type('@gm /battle create name:Ligny system:percentile');
    expect(out[0]).toMatch(/cannot be written now \(the disk is full\)/);
    expect(out[1]).toMatch(/^@gm \(only you\) › Done \(event 1\): @gm created battle "Ligny"/);
  });
});

describe('Discord markdown rendered for a terminal (issue 28)', () => {
  const text = [
    '## Orders',
    '**Storm** the *farm* at _dawn_, `/phase next`; \\*not italic\\* and snake_case_name stay',
    '> from the GM',
    '-# subtext',
    '[the rules](https://example.org/rules) ~~undone~~ __under__ <@alice> in <#table>',
  ].join('\n');

  it('given stdout is not a terminal, then the words are shown without their markers: no asterisks, no backticks', () => {
    expect(plain(text)).toBe(
      ['Orders', 'Storm the farm at dawn, /phase next; *not italic* and snake_case_name stay', '│ from the GM', 'subtext', 'the rules (https://example.org/rules) undone under @alice in #table'].join('\n'),
    );
  });

  it('given a terminal, then **bold** is ANSI bold, *italic* italic, a header bold, subtext dim, and nothing else is styled', () => {
    const shown = terminal(text, { color: true });
    expect(shown).toContain(`${BOLD}Storm${ESC}22m`);
    expect(shown).toContain(`${ESC}3mfarm${ESC}23m`);
    expect(shown).toContain(`${ESC}3mdawn${ESC}23m`);
    expect(shown).toContain(`${BOLD}Orders${ESC}22m`);
    expect(shown).toContain(`${ESC}2msubtext${ESC}22m`);
    expect(shown).toContain('*not italic*');
    expect(shown).not.toContain('**');
  });

  it('given a message with a title at the table, then the title is bold on a terminal and plain otherwise, never between asterisks', async () => {
    const plainTable = humanTable();
    const [post] = await plainTable.type('@gm /battle create name:Ligny system:percentile');
    expect(post).toMatch(/^#table › Battle "Ligny" \(b1\)\n/);
    expect(post).toMatch(/Dice commitment \(SHA-256 of the secret seed\): [0-9a-f]{64}\n/);
    const colour = humanTable({ color: true });
    const [styled] = await colour.type('@gm /battle create name:Ligny system:percentile');
    expect(styled!.startsWith(`#table › ${BOLD}Battle "Ligny" (b1)${ESC}22m\n`)).toBe(true);
  });

  it('given --json, then the text is the Discord text, markdown and all', async () => {
    const t = startTable();
    const [, post] = await t.run('@gm /battle create name:Ligny system:percentile');
    expect(post!.text).toMatch(/Dice commitment \(SHA-256 of the secret seed\): `[0-9a-f]{64}`/);
  });
});

describe('times as Discord timestamps, local time at the table (issue 28)', () => {
  afterEach(() => vi.unstubAllEnvs());
  const deadline = '2026-11-26T10:11:31.312Z';
  const unix = 1795687891;
  const now = () => new Date('2026-11-26T10:06:31.312Z');
  const script = ['@gm /battle create name:Ligny system:percentile', '@gm /oob import file:examples/oob/percentile.yaml', `@gm /ballot open question:"Hold the farm?" options:"YES,NO" deadline:"${deadline}"`];

  it('given a ballot with a deadline, then the message carries <t:N:f> (<t:N:R>) and no ISO time; the log keeps the ISO time', async () => {
    const t = startTable({ now });
    const out = await t.run(script);
    const opened = out.find((m) => m.to === 'channel' && m.title?.startsWith('Ballot v1 open'))!;
    expect(opened.text).toContain(`closes <t:${unix}:f> (<t:${unix}:R>)`);
    expect(opened.text).not.toContain('2026-11-26T');
    const log = await t.app.log('b1');
    expect(log.map((e) => e.event).find((e) => e.type === 'BallotOpened')?.data).toMatchObject({ deadline });
  });

  it('given TZ=Asia/Dhaka (UTC+6), then the table shows the deadline as local time and "in 5 minutes" by its clock', async () => {
    vi.stubEnv('TZ', 'Asia/Dhaka');
    const t = humanTable({ now });
    const out = await t.type(...script);
    const opened = out.find((l) => l.startsWith('#table › Ballot v1 open'))!;
    expect(opened).toContain('closes Thu, 26 Nov 2026, 16:11 (in 5 minutes)');
    expect(opened).not.toMatch(/<t:|2026-11-26T/);
  });

  it('given the log, then each entry\'s time is a timestamp: local and relative at the table', async () => {
    vi.stubEnv('TZ', 'Asia/Dhaka');
    const t = humanTable({ now });
    await t.type('@gm /battle create name:Ligny system:percentile');
    const [log] = await t.type('@gm /battle log');
    expect(log).toContain('1. @gm created battle "Ligny" (percentile) in #table — @gm, Thu, 26 Nov 2026, 16:06 (now)');
    const json = startTable({ now });
    const [, , shown] = await json.run(['@gm /battle create name:Ligny system:percentile', '@gm /battle log']);
    expect(shown!.text).toContain(`— <@gm>, <t:${Math.floor(now().getTime() / 1000)}:f> (<t:${Math.floor(now().getTime() / 1000)}:R>)`);
  });

  it('reads every Discord timestamp style and a time far away', () => {
    vi.stubEnv('TZ', 'UTC');
    const at = new Date(unix * 1000);
    expect(plain(`<t:${unix}:t> <t:${unix}:d> <t:${unix}:D> <t:${unix}>`, at)).toBe('10:11 26/11/2026 26 November 2026 Thu, 26 Nov 2026, 10:11');
    expect(plain(`<t:${unix}:R>`, new Date((unix + 3 * 3600) * 1000))).toBe('3 hours ago');
    expect(plain(`<t:${unix}:R>`, new Date((unix - 40 * 86_400) * 1000))).toBe('next month');
  });
});

describe('plurals right in what the examples print (issue 28)', () => {
  /** A count of one with its noun in the plural, or a hedge "(s)" after a count, or the moon "none". */
  const WRONG = [/\b1 (figures|units|casualties|steps|votes|events|turns|hits|dice|kills|sides|commands|rounds|points|batteries|models|losses)\b/, /\b\d+ \w+\(s\)/, /none moon/];
  const examples = readdirSync('examples').filter((f) => f.endsWith('.table')).sort();

  it.each(examples)('examples/%s prints no "1 figures", no "3 unit(s)", no "none moon"', async (name) => {
    let tick = Date.parse('2026-01-01T12:00:00Z');
    const t = startTable({ now: () => new Date((tick += 1000)) });
    const out = await t.run(readFileSync(`examples/${name}`, 'utf8').split('\n'));
    expect(out.length).toBeGreaterThan(10);
    const wrong = out.flatMap((m) => `${m.title ?? ''}\n${m.text}`.split('\n')).filter((l) => WRONG.some((r) => r.test(l)));
    expect(wrong).toEqual([]);
  });
});
