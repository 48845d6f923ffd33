import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';

/** The command line as a shell with `lang` starts it: the program reads the shell's locale when it loads. */
async function helpIn(lang: string): Promise<{ top: string; table: string }> {
  vi.resetModules();
  vi.stubEnv('LC_ALL', '');
  vi.stubEnv('LC_MESSAGES', '');
  vi.stubEnv('LANG', lang);
  const { buildProgram } = await import('../../src/cli/program.ts');
  const program = buildProgram(loadConfig({ LOG_LEVEL: 'silent' }));
  return { top: program.helpInformation(), table: program.commands.find((c) => c.name() === 'table')!.helpInformation() };
}

describe("umpire --help in the shell's language (issue 43)", () => {
  afterEach(() => vi.unstubAllEnvs());

  it('given LANG=fr_FR.UTF-8, when the help is shown, then its titles, descriptions and defaults are French and the command and option names stay as typed', async () => {
    const { top, table } = await helpIn('fr_FR.UTF-8');
    expect(top).toMatch(/^Utilisation : umpire/);
    expect(top).toContain('Commandes :');
    expect(top).toContain('migrate-store [options]');
    expect(top).toContain('afficher l’aide d’une commande');
    expect(table).toContain('--locale <tag>');
    expect(table).toContain('(par défaut : ');
    expect(table).not.toContain('default:');
  });

  it('given LANG=de_DE.UTF-8, then German; given LANG=C.UTF-8, then the English it always printed', async () => {
    expect((await helpIn('de_DE.UTF-8')).top).toMatch(/^Aufruf: umpire[\s\S]*Befehle:/);
    const { top, table } = await helpIn('C.UTF-8');
    expect(top).toMatch(/^Usage: umpire[\s\S]*Commands:[\s\S]*display help for command/);
    expect(table).toContain('(default: "./data/umpire.db")');
  });
});
