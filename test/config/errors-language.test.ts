import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, errorText, loadConfig, shellLocale } from '../../src/config/config.ts';
import { progressAfterMs } from '../../src/cli/progress.ts';
import { english, word } from '../../src/i18n/text.ts';
import { thrownAs } from '../support/spec.ts';

const configError = (f: () => unknown) => thrownAs(ConfigError, f);

describe("the host's configuration errors in the shell's language (issue 43)", () => {
  it('given a bad WEB_PORT and LOG_LEVEL, then the error reads in English as it always did, and in French and German', () => {
    const err = configError(() => loadConfig({ WEB_PORT: '70000', LOG_LEVEL: 'loud' }));
    expect(err.message).toBe('Configuration error: WEB_PORT: WEB_PORT must be from 1 to 65535; LOG_LEVEL: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent. See .env.example.');
    expect(english(err.text)).toBe(err.message);
    expect(word(err.text, 'fr')).toBe('Erreur de configuration : WEB_PORT : WEB_PORT doit être compris entre 1 et 65535 ; LOG_LEVEL : LOG_LEVEL doit valoir l’un de fatal, error, warn, info, debug, trace, silent. Voir .env.example.');
    expect(word(err.text, 'de')).toBe('Konfigurationsfehler: WEB_PORT: WEB_PORT muss zwischen 1 und 65535 liegen; LOG_LEVEL: LOG_LEVEL muss einer dieser Werte sein: fatal, error, warn, info, debug, trace, silent. Siehe .env.example.');
  });

  it('every variable the schema checks has its error in the catalog (keys built at run time), each a phrase in French', () => {
    const err = configError(() => loadConfig({ DISCORD_TOKEN: 'abc', DISCORD_APP_ID: '1', DISCORD_API_URL: 'ftp://x', DATABASE_URL: 'mysql://x', WEB_PORT: 'x', WEB_URL: 'nope', LOG_LEVEL: 'loud' }));
    expect(err.message).toBe(
      'Configuration error: DISCORD_TOKEN: DISCORD_TOKEN looks too short to be a bot token; DISCORD_APP_ID: DISCORD_APP_ID must be the application id (17 to 20 digits); DISCORD_API_URL: DISCORD_API_URL must be an http(s) URL such as https://discord.com/api; DATABASE_URL: DATABASE_URL must start with postgres://, postgresql://, pglite: or file:; WEB_PORT: WEB_PORT must be a port number; WEB_URL: WEB_URL must be an http(s) URL such as https://umpire.example.org; LOG_LEVEL: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent. See .env.example.',
    );
    const fr = word(err.text, 'fr');
    for (const words of ['jeton de bot', 'identifiant de l’application', 'DISCORD_API_URL doit être une URL', 'DATABASE_URL doit commencer', 'WEB_PORT doit être un numéro de port', 'WEB_URL doit être une URL', 'LOG_LEVEL doit valoir']) expect(fr).toContain(words);
  });

  it('given a bad UMPIRE_PROGRESS_AFTER_MS, then what was given stays as typed inside the French', () => {
    const err = configError(() => progressAfterMs({ UMPIRE_PROGRESS_AFTER_MS: 'soon' }));
    expect(err.message).toBe('Configuration error: UMPIRE_PROGRESS_AFTER_MS must be a whole number of milliseconds (0 or more), not "soon". See .env.example. Nothing was done.');
    expect(word(errorText(err), 'fr')).toContain('pas « soon »');
    expect(word(errorText(err), 'de')).toContain('nicht „soon“');
  });

  it("reads the shell's locale from LC_ALL, then LC_MESSAGES, then LANG", () => {
    expect(shellLocale({ LC_ALL: '', LC_MESSAGES: '', LANG: 'fr_FR.UTF-8' })).toBe('fr');
    expect(shellLocale({ LC_ALL: 'de_DE.UTF-8', LANG: 'fr_FR.UTF-8' })).toBe('de');
    expect(shellLocale({ LANG: 'C.UTF-8' })).toBe('en');
  });

  it('given LANG=fr_FR.UTF-8 and WEB_PORT=abc, when umpire starts, then it prints the French and exits 2', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'status'], {
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: '', LC_MESSAGES: '', LANG: 'fr_FR.UTF-8', WEB_PORT: 'abc', LOG_LEVEL: 'silent' },
    });
    expect(r.stderr.trim()).toBe('Erreur de configuration : WEB_PORT : WEB_PORT doit être un numéro de port. Voir .env.example.');
    expect(r.status).toBe(2);
  });

  it('given LC_ALL=de_DE.UTF-8 and WEB_URL=nope, when npm start runs, then it prints the German and exits 2', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'de_DE.UTF-8', WEB_URL: 'nope', LOG_LEVEL: 'silent' },
    });
    expect(r.stderr.trim()).toBe('Konfigurationsfehler: WEB_URL: WEB_URL muss eine http(s)-URL sein, etwa https://umpire.example.org. Siehe .env.example.');
    expect(r.status).toBe(2);
  });
});
