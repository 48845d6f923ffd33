import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { english, word } from '../../src/i18n/text.ts';
import { DatabaseError, openDatabase, writeRefused } from '../../src/store/db.ts';
import { openStore } from '../../src/store/open.ts';
import { thrownAs } from '../support/spec.ts';

const refusal = (f: () => unknown) => thrownAs(DatabaseError, f);

describe("the store's errors in the host's language (issue 43)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-store-words-'));

  it('given a database that is not there, when read, then the error names the file in English, French and German', () => {
    const file = join(dir, 'none.db');
    const err = refusal(() => openDatabase(file, { readonly: true }));
    expect(err.message).toBe(`${file}: there is no such database.`);
    expect(english(err.text)).toBe(err.message);
    expect(word(err.text, 'fr')).toBe(`${file} : cette base de données n’existe pas.`);
    expect(word(err.text, 'de')).toBe(`${file}: diese Datenbank gibt es nicht.`);
  });

  it('given a file that is no database, then what SQLite said stays as it said it inside the French and the German', () => {
    const file = join(dir, 'notes.db');
    writeFileSync(file, 'these are not the tables you are looking for, not at all, no'.repeat(20));
    const err = refusal(() => openDatabase(file));
    const said = /SQLite says: (.*)\)\. It was left untouched/.exec(err.message)?.[1];
    expect(said).toBeTruthy();
    expect(word(err.text, 'fr')).toBe(`${file} n’est pas une base de données d’Umpire, ou elle est endommagée (SQLite dit : ${said}). Elle n’a pas été touchée ; restaurez-la depuis une sauvegarde, ou indiquez un autre fichier avec --db.`);
    expect(word(err.text, 'de')).toContain(`(SQLite sagt: ${said})`);
  });

  it('given pglite: naming a file, then the store cannot be opened, said in French around the location', async () => {
    const file = join(dir, 'plain');
    writeFileSync(file, 'x');
    const err = await openStore(`pglite:${file}`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DatabaseError);
    const e = err as DatabaseError;
    expect(e.message).toBe(`pglite:${file} cannot be opened (cannot open PGlite at pglite:${file}: ${file} is a file, not a directory). Nothing was changed.`);
    expect(word(e.text, 'fr')).toBe(`pglite:${file} ne peut pas être ouvert (impossible d’ouvrir PGlite sur pglite:${file} : ${file} est un fichier, pas un répertoire). Rien n’a été modifié.`);
    expect(word(e.text, 'de')).toBe(`pglite:${file} kann nicht geöffnet werden (PGlite kann unter pglite:${file} nicht geöffnet werden: ${file} ist eine Datei, kein Verzeichnis). Nichts wurde geändert.`);
  });

  it('a write refused by a full disk says why in the reader’s words', () => {
    const why = writeRefused({ code: 'SQLITE_FULL' })!;
    expect(english(why)).toBe('the disk is full');
    expect(word(why, 'fr')).toBe('le disque est plein');
    expect(word(why, 'de')).toBe('die Festplatte ist voll');
  });

  it('given LANG=de_DE.UTF-8, when umpire verify reads a database that is not there, then it prints the German and exits 2', () => {
    const file = join(dir, 'gone.db');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'verify', '--db', file, '--battle', 'b1'], {
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: '', LC_MESSAGES: '', LANG: 'de_DE.UTF-8', LOG_LEVEL: 'silent', UMPIRE_PROGRESS_AFTER_MS: '60000' },
    });
    expect(r.stderr.trim()).toBe(`${file}: diese Datenbank gibt es nicht.`);
    expect(r.status).toBe(2);
  });
});
