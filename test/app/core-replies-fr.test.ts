import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseDeadline } from '../../src/app/service/deadline.ts';
import { battleForDm } from '../../src/app/service/dm-battle.ts';
import { verificationText, verifyExport, type ViewExport } from '../../src/web/verify-export.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { english, say, word, type Text } from '../../src/i18n/text.ts';
import { startTable } from '../support/table.ts';
import { startWeb } from '../../src/web/start.ts';
import { progress } from '../../src/cli/progress.ts';
import type { BattleReport } from '../../src/app/reports/report.ts';
import { reportSpecs } from '../../src/app/reports/report-chart.ts';
import { reportText } from '../../src/app/reports/report.ts';

/** The refusal `f` throws, as its text (a phrase). */
const refusalOf = (f: () => unknown): Text => {
  try {
    f();
  } catch (err) {
    if (err instanceof RuleError) return err.text;
    throw err;
  }
  throw new Error('not refused');
};

describe("the core's replies are worded in the reader's language (issue 43)", () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('a deadline refused reads in English as before, and in French and German', () => {
    const unreadable = refusalOf(() => parseDeadline('soon', now));
    expect(english(unreadable)).toBe('deadline "soon" is not a delay like 45m, 12h, 2d or 1h30m, nor a time like 2026-11-23T18:00Z.');
    expect(word(unreadable, 'fr')).toBe('l’échéance « soon » n’est ni un délai comme 45m, 12h, 2d ou 1h30m, ni une heure comme 2026-11-23T18:00Z.');
    expect(english(refusalOf(() => parseDeadline('2026-11-22T18:00Z', now)))).toBe('deadline "2026-11-22T18:00Z" is not in the future.');
    expect(word(refusalOf(() => parseDeadline('40d', now)), 'de')).toBe('die Frist „40d“ liegt mehr als 30 Tage entfernt.');
  });

  it("a campaign battle not started keeps the battle's refusal, worded with it", () => {
    const text = say('service.campaigns.battleNotStarted', { reason: say('service.umpire.channelHasBattle', { name: 'Hill', id: 'b1' }) });
    expect(english(text)).toBe('This channel already has battle "Hill" (b1); its GM ends it with /battle end first. The battle was not started; its units are free again.');
    expect(word(text, 'fr')).toBe('Ce salon a déjà la bataille « Hill » (b1) ; son MJ la termine d’abord avec /battle end. La bataille n’a pas été lancée ; ses unités sont de nouveau libres.');
  });

  it("/help all:true words every description in the reader's language: a lone subcommand's own and a rule system's variant too", async () => {
    const help = async (locale: 'fr' | 'de') => {
      const t = startTable({ locale });
      await t.run('@gm /battle create name:Colline system:medieval');
      return (await t.run('@gm /help all:true')).at(-1)!.text;
    };
    const fr = await help('fr');
    expect(fr).toContain('Lancer des dés en notation : 3d6');
    expect(fr).toContain('Résoudre un round de mêlée en phase 13');
    expect(fr).toContain('Les modificateurs d’une table, par id');
    expect(fr).not.toMatch(/Roll dice notation|Resolve one melee round|The modifiers of a chart/);
    expect(await help('de')).toContain('Einen Kontrolltest in Phase 16 ablegen');
  });

  it('a roll outside a battle and /house export read in French at a French table', async () => {
    const t = startTable({ locale: 'fr' });
    const [roll] = await t.run('#lobby @alice /roll 2d6 reason:embuscade');
    expect(roll!.title).toBe('Jet');
    expect(roll!.text).toMatch(/^embuscade : 2d6: \[\d, \d\] = \d+\nNon vérifiable : il n’y a pas de bataille dans ce salon/);
    await t.run('@gm /battle create name:Colline system:medieval');
    const [house] = await t.run('@gm /house export');
    expect(house!.title).toBe('Règles maison');
    expect(house!.text).toBe('« Colline » n’a encore aucune règle maison.');
  });

  it("a battle report's chart is titled in the language it is drawn in", () => {
    const r: BattleReport = {
      battle: { id: 'b1', name: 'Hill', system: 'medieval', commitment: 'ab'.repeat(32) },
      sides: ['Red', 'Blue'],
      turns: { from: 1, to: 1 },
      strength: 'figures',
      series: [{ turn: 0, unit: 'Archers', side: 'Red', strength: 6, morale: 'good' }, { turn: 1, unit: 'Archers', side: 'Red', strength: 5, morale: 'good' }],
      casualties: [{ turn: 1, side: 'Red', lost: 1 }],
      melees: [],
      houseRules: [],
    };
    const title = (spec: unknown) => (spec as { title: { text: string } }).title.text;
    expect(title(reportSpecs(r).strength)).toBe('Hill: figures of each unit by turn (0: before the first), each change its own point');
    expect(title(reportSpecs(r).casualties)).toBe('Casualties (figures lost) by side and turn');
    expect(title(reportSpecs(r, 'fr').casualties)).toBe('Pertes (en figurines) par camp et par tour');
    expect(title(reportSpecs(r, 'de').strength)).toBe('Hill: Figuren jeder Einheit je Zug (0: vor dem ersten), jede Änderung ein eigener Punkt');
    // The system's unit of strength and a unit's status are the reader's words too, in the text and the chart's legend.
    const unitLine = (locale: 'en' | 'fr' | 'de') => word(reportText(r), locale).split('\n').find((l) => l.includes('Archers'));
    expect(unitLine('en')).toBe('• Archers (Red): 6 → 5 figures, 1 lost; good');
    expect(unitLine('fr')).toMatch(/^• Archers \(Red\) : 6 → 5 figurines.*; bon$/);
    expect(unitLine('de')).toMatch(/^• Archers \(Red\): 6 → 5 Figuren.*; gut$/);
    const legend = (spec: unknown) => JSON.stringify(spec).match(/"domain":\["[^\]]*"\]/g)?.find((d) => d.includes('disordered') || d.includes('désordonné'));
    expect(legend(reportSpecs(r, 'fr').strength)).toContain('"bon","impétueux","désordonné"');
  });

  it('a command typed in a DM that finds no battle is refused in the reader’s language', async () => {
    const t = startTable();
    const found = await battleForDm(t.app, 'alice', 'B1');
    expect('error' in found && english(found.error)).toBe("No battle you play in has an open ballot B1. /ballot status in the battle's channel lists them.");
    const none = await battleForDm(t.app, 'alice');
    expect('error' in none && word(none.error, 'fr')).toBe('Vous ne jouez dans aucune bataille en cours. Rejoignez-en une dans son salon avec /join.');
  });

  it("a verification's reason is a phrase: the page's verifier and umpire verify word it in their language", () => {
    const verdict = verifyExport({} as ViewExport);
    const reason = verdict.failure!.reason;
    expect(english(reason)).toBe('the download is not a view export (it has no list of events).');
    expect(word(reason, 'fr')).toBe('le téléchargement n’est pas un export de vue (il n’a pas de liste d’événements).');
    expect(english(verificationText(verdict) as Text)).toBe(english(say('web.verify.failed', { reason: 'the download is not a view export (it has no list of events).' })));
  });

  it('the pages refused a port taken say so in the shell’s language', async () => {
    const { app } = startTable();
    const taken = createServer();
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    const port = (taken.address() as AddressInfo).port;
    try {
      const refusal = await startWeb({ app, port, host: '127.0.0.1', base: 'http://x' }).then(
        () => undefined,
        (err: unknown) => (err instanceof RuleError ? err.text : undefined),
      );
      expect(english(refusal!)).toBe(`The battle pages could not start on 127.0.0.1:${port}: port ${port} is taken by another program. Set WEB_PORT (or --port) to a free port.`);
      expect(word(refusal!, 'fr')).toBe(`Les pages de bataille n’ont pas pu démarrer sur 127.0.0.1:${port} : le port ${port} est pris par un autre programme. Réglez WEB_PORT (ou --port) sur un port libre.`);
    } finally {
      await new Promise((done) => taken.close(done));
    }
  });

  it("the command line's progress lines read in the shell's language", () => {
    const lines: string[] = [];
    let t = 0;
    const p = progress('migrate-store', { stream: { write: (x: string) => lines.push(x) }, now: () => t, afterMs: 0, everyMs: 0, unit: say('cli.progress.eventsCopied'), locale: 'fr' });
    p.count(1200, 5000);
    t = 3000;
    p.stop();
    expect(lines).toEqual(['migrate-store : 1\u202f200 sur 5\u202f000 événements copiés\n', 'migrate-store : 1\u202f200 sur 5\u202f000 événements copiés, en 3 s.\n']);
  });
});
