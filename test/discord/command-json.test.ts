import { ApplicationCommandOptionType, Locale } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { applicationCommands } from '../../src/discord/command-json.ts';

/**
 * Issue 43: the deploy payload within Discord's limits in every language it carries
 * (https://discord.com/developers/docs/interactions/application-commands, Application Command
 * Naming and Localization). Names: 1-32 characters, lowercase, of CHAT_INPUT's characters (the
 * stricter pattern @discordjs/builders checks); descriptions 1-100; a choice's name 1-100; at most 25
 * options and choices; a command's names, descriptions and choice values together at most 4,000
 * characters, counting each field's longest localisation.
 */
const NAME = /^[\p{Ll}\p{Lm}\p{Lo}\p{N}\p{sc=Devanagari}\p{sc=Thai}_-]{1,32}$/u;
const LOCALES = new Set<string>(Object.values(Locale));

interface Node {
  type?: number;
  name: string;
  name_localizations?: Record<string, string> | null;
  description?: string;
  description_localizations?: Record<string, string> | null;
  value?: string | number;
  options?: Node[];
  choices?: Node[];
}

/** Every node of a command (itself, its groups, subcommands, options and choices), with where it is. */
function* nodes(n: Node, at: string): Generator<[string, Node, 'command' | 'option' | 'choice']> {
  yield [at, n, at.includes(' ') ? 'option' : 'command'];
  for (const o of n.options ?? []) yield* nodes(o, `${at} ${o.name}`);
  for (const c of n.choices ?? []) yield [`${at} choice ${c.value}`, c, 'choice'];
}

/** What a command spends of its 8,000 characters, as Discord counts them: each field's longest localisation (its English included). */
function size(n: Node): number {
  const longest = (base: string | undefined, l: Record<string, string> | null | undefined) => Math.max((base ?? '').length, ...Object.values(l ?? {}).map((s) => s.length));
  return (
    longest(n.name, n.name_localizations) +
    longest(n.description, n.description_localizations) +
    (n.value === undefined ? 0 : String(n.value).length) +
    [...(n.options ?? []), ...(n.choices ?? [])].reduce((a, o) => a + size(o), 0)
  );
}

describe("the deploy payload in every language, within Discord's limits (issue 43)", () => {
  const payload = applicationCommands() as unknown as Node[];
  const all = payload.flatMap((c) => [...nodes(c, `/${c.name}`)]);

  it('every command, group, subcommand, option and choice carries its name and description in French and German', () => {
    const missing = all.filter(([, n, kind]) => Object.keys(n.name_localizations ?? {}).sort().join() !== 'de,fr' || (kind !== 'choice' && Object.keys(n.description_localizations ?? {}).sort().join() !== 'de,fr'));
    expect(missing.map(([at]) => at)).toEqual([]);
    for (const [, n] of all) for (const l of [...Object.keys(n.name_localizations ?? {}), ...Object.keys(n.description_localizations ?? {})]) expect(LOCALES).toContain(l);
  });

  it('every name, in every language, is 1-32 lowercase characters Discord takes; every description and choice name 1-100', () => {
    const bad: string[] = [];
    for (const [at, n, kind] of all) {
      const names = [n.name, ...Object.values(n.name_localizations ?? {})];
      if (kind === 'choice') {
        for (const s of names) if (s.length < 1 || s.length > 100) bad.push(`${at}: choice name "${s}"`);
        if (typeof n.value === 'string' && n.value.length > 100) bad.push(`${at}: value`);
        continue;
      }
      for (const s of names) if (!NAME.test(s)) bad.push(`${at}: name "${s}"`);
      for (const s of [n.description ?? '', ...Object.values(n.description_localizations ?? {})]) if (s.length < 1 || s.length > 100) bad.push(`${at}: description "${s}"`);
    }
    expect(bad).toEqual([]);
  });

  it('no translation is cut to fit: each French and German description is whole, ending as its catalog has it', () => {
    const cut = all.filter(([, n]) => Object.values(n.description_localizations ?? {}).some((s) => s.endsWith('…')));
    expect(cut.map(([at, n]) => `${at}: ${JSON.stringify(n.description_localizations)}`)).toEqual([]);
  });

  it('at most 25 options, subcommands and choices a level; each command within 8,000 characters counting its longest localisations', () => {
    for (const [at, n] of all) {
      expect(n.options?.length ?? 0, at).toBeLessThanOrEqual(25);
      expect(n.choices?.length ?? 0, at).toBeLessThanOrEqual(25);
    }
    // Discord's combined limit a command: 8,000 since February 2024 (discord-api-docs pull request
    // 6668; it was 4,000), the longest localisation of each field counted.
    const over = payload.filter((c) => size(c) > 8000).map((c) => `/${c.name} ${size(c)}`);
    expect(over).toEqual([]);
  });

  it('a choice sends its value whatever the language; a code (a number, a letter, a rule ID) is shown as it is in every language', () => {
    const fire = payload.find((c) => c.name === 'fire')!;
    const charge = fire.options!.find((o) => o.name === 'charge' && o.type === ApplicationCommandOptionType.Subcommand)!;
    const row = charge.options!.find((o) => o.name === 'row')!;
    expect(row.choices!.find((c) => c.value === '3')).toEqual({ name: '3', name_localizations: { fr: '3', de: '3' }, value: '3' });
    const brigade = payload.find((c) => c.name === 'brigade')!.options!.find((o) => o.name === 'fallen')!.options!.find((o) => o.name === 'rule')!;
    expect(brigade.choices!.map((c) => c.name_localizations!.de)).toEqual(['BRG-2.2.3', 'BRG-3.3.5']);
  });
});
