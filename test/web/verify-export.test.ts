import { english, word } from '../../src/i18n/text.ts';
import { verifyTexts } from '../../src/web/pages.ts';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { DiceUsed } from '../../src/battle/events.ts';
import { GENESIS_HASH, rowHash, sealOf } from '../../src/store/hash.ts';
import { verifierScript } from '../../src/web/bundle.ts';
import { verificationText, verifyExport, type ExportedEvent, type ViewExport, type VisibleEvent } from '../../src/web/verify-export.ts';
import { startTable } from '../support/table.ts';

/** A medieval battle with an open roll, a secret one, another open one, then its end (which publishes the seed). */
async function battle() {
  const t = startTable();
  await t.run(`@gm /battle create name:Ligny system:medieval
@gm /side add name:French
@alice /join side:French
@gm /side add name:Prussians
@bob /join side:Prussians
@gm /roll 2d6 reason:"Piré's charge"
@alice /roll 1d20 secret:true reason:scouting
@bob /roll 3d6
@gm /battle end`);
  const { rows } = await t.store.chain('b1');
  const events: Sealed[] = rows.map((r) => ({ version: Number(r.version), type: String(r.type), actor: String(r.actor), at: String(r.at), data: String(r.data), hash: String(r.hash), salt: String(r.salt) }));
  const rolls = events.filter((e) => e.type === 'DiceRolled');
  return { events, rolls, secret: rolls.find((e) => (JSON.parse(e.data) as { secret: boolean }).secret)! };
}

const exportOf = (events: ExportedEvent[]): ViewExport => ({ stream: 'b1', view: 'public', through: events.length, events });

/** An event as a view that may read it is given it: with its salt (every event since issue 37). */
type Sealed = VisibleEvent & { salt: string };

/** What a forger does after editing an event: every later hash recomputed, so the chain alone passes. */
function rechain(events: Sealed[]): Sealed[] {
  let prev = GENESIS_HASH;
  return events.map((e) => {
    prev = rowHash(prev, 'b1', e.version, e);
    return { ...e, hash: prev };
  });
}

/** The event as a view it is withheld from is given it: its seal and hash alone. */
const withheld = ({ version, type, actor, at, data, hash, salt }: Sealed): ExportedEvent => ({ version, seal: sealOf(salt, type, actor, at, data), hash, withheld: true });

/** The events with the first result of `target`'s dice changed to another face. */
function changeDie(events: Sealed[], target: Sealed): Sealed[] {
  const data = JSON.parse(target.data) as { dice: DiceUsed };
  data.dice.rolls[0]!.result = (data.dice.rolls[0]!.result % 6) + 1;
  return events.map((e) => (e.version === target.version ? { ...e, data: JSON.stringify(data) } : e));
}

describe("DESIGN Storage and Dice: a view's export is verified with umpire verify's own checks", () => {
  it('verifies every hash and re-derives every roll from the published seed', async () => {
    const { events } = await battle();
    const r = verifyExport(exportOf(events));
    expect(r).toMatchObject({ status: 'ok', events: events.length, withheld: 0, rolls: 6, chain: { ok: true, count: events.length, unsealed: 0 }, dice: { status: 'checked', events: 3, rolls: 6 } });
    expect(english(verificationText(r))).toBe(`Chain verified: ${events.length} events; 6 rolls re-derived from the published seed.`);
  });

  it('fails at the event whose data text changed', async () => {
    const { events } = await battle();
    const side = events.find((e) => e.type === 'SideAdded')!;
    const r = verifyExport(exportOf(events.map((e) => (e === side ? { ...e, data: e.data.replace('French', 'Frank') } : e))));
    expect(r).toMatchObject({ status: 'failed', failure: { version: side.version }, chain: { ok: false, version: side.version } });
    expect(english(verificationText(r))).toBe(`FAILED at event ${side.version}: hash does not match the event's contents and the previous hash.`);
    // The chain's reason is a phrase too: the page's verifier words it in its reader's language.
    expect(word(verificationText(r), 'fr')).toBe(`ÉCHEC à l’événement ${side.version} : l’empreinte ne correspond pas au contenu de l’événement et à l’empreinte précédente.`);
  });

  it('fails at the event whose die result changed, by the dice alone once the chain is recomputed', async () => {
    const { events, rolls } = await battle();
    const r = verifyExport(exportOf(rechain(changeDie(events, rolls[2]!))));
    expect(r.chain).toEqual({ ok: true, count: events.length, unsealed: 0 });
    expect(r).toMatchObject({ status: 'failed', failure: { version: rolls[2]!.version }, dice: { status: 'failed', version: rolls[2]!.version } });
    expect(english(verificationText(r))).toMatch(new RegExp(`^FAILED at event ${rolls[2]!.version}: DiceRolled: roll 0 \\(d6\\) re-derives as \\d, recorded \\d\\.$`));
  });

  it('fails at an event whose data is not JSON, even with the chain recomputed', async () => {
    const { events, rolls } = await battle();
    const r = verifyExport(exportOf(rechain(events.map((e) => (e === rolls[0] ? { ...e, data: e.data.slice(1) } : e)))));
    expect(english(verificationText(r))).toBe(`FAILED at event ${rolls[0]!.version}: DiceRolled's data is not JSON.`);
  });

  it('verifies through a withheld event (a secret roll) from its seal alone, and still checks the next roll after it (issue 37)', async () => {
    const { events, secret, rolls } = await battle();
    const view = (from: Sealed[]) => exportOf(from.map((e) => (e.version === secret.version ? withheld(e) : e)));
    const r = verifyExport(view(events));
    expect(r).toMatchObject({ status: 'ok', events: events.length, withheld: 1, rolls: 5, dice: { status: 'checked', events: 2 }, chain: { ok: true, unsealed: 0 } });
    expect(english(verificationText(r))).toBe(`Chain verified: ${events.length} events, 1 withheld from this view (sealed: secret until revealed); 5 rolls re-derived from the published seed.`);

    const next = rolls[rolls.indexOf(secret) + 1]!;
    expect(verifyExport(view(rechain(changeDie(events, next))))).toMatchObject({ status: 'failed', failure: { version: next.version }, chain: { ok: true } });
    // The seal is under the chain: another seal in its place fails there.
    const forged = view(events).events.map((e) => (e.version === secret.version ? { ...e, seal: 'f'.repeat(64) } : e));
    expect(verifyExport(exportOf(forged))).toMatchObject({ status: 'failed', failure: { version: secret.version } });
  });

  it('takes the event after a withheld event written before sealing as given: the view has neither its seal nor its hash', async () => {
    const { events, secret } = await battle();
    const r = verifyExport(exportOf(events.map((e): ExportedEvent => (e.version === secret.version ? { version: e.version, withheld: true } : e))));
    expect(r).toMatchObject({ status: 'ok', withheld: 1, chain: { ok: true, unsealed: 1 } });
    expect(english(verificationText(r))).toMatch(/1 withheld from this view \(sealed: secret until revealed; 1 of them written before events were sealed, so the event after each is taken as given\)/);
  });

  it('does not check the dice of a view that ends before the seed is published', async () => {
    const { events } = await battle();
    const revealed = events.find((e) => e.type === 'SeedRevealed')!;
    const r = verifyExport(exportOf(events.slice(0, revealed.version - 1)));
    expect(r).toMatchObject({ status: 'skipped', events: revealed.version - 1, rolls: 0, chain: { ok: true }, dice: { status: 'skipped' } });
    expect(english(verificationText(r))).toBe(`Chain verified: ${revealed.version - 1} events; dice not checked: the seed is not published yet.`);
  });

  it('fails an export missing events it says it holds, and a download that is no export', async () => {
    const { events } = await battle();
    expect(english(verificationText(verifyExport({ ...exportOf(events.slice(0, 4)), through: 6 })))).toBe('FAILED at event 5: the export stops at event 4 but says it runs through event 6.');
    expect(english(verificationText(verifyExport(null as unknown as ViewExport)))).toBe('FAILED: the download is not a view export (it has no list of events).');
  });
});

describe("the page's verifier script", () => {
  it('bundles for the browser without Node builtins, and writes the verdict into the page', async () => {
    const code = await verifierScript();
    expect(code).not.toMatch(/require\(|node:/);
    expect(await verifierScript()).toBe(code);

    const { events } = await battle();
    // The verdict is the status the script sets (ok, failed or skipped): waited for as it is set.
    let onVerdict: (status: string) => void = () => undefined;
    const verdict = new Promise<string>((r) => (onVerdict = r));
    const dataset = new Proxy({} as Record<string, string>, {
      set: (target, key, value: string) => {
        target[String(key)] = value;
        if (key === 'status') onVerdict(value);
        return true;
      },
    });
    const result = { textContent: '', dataset };
    // The page hands its script the verifier's messages in its language, as the battle page does.
    const elements: Record<string, object> = { verify: { dataset: { export: '/b/b1/token/export.json', locale: 'en', texts: verifyTexts('en') } }, 'verify-result': result };
    const fetched: string[] = [];
    const document = { readyState: 'complete', getElementById: (id: string) => elements[id] ?? null, querySelector: () => null, addEventListener: () => {} };
    const fetch = async (url: string) => {
      fetched.push(url);
      return { ok: true, status: 200, json: async () => exportOf(events) };
    };
    runInNewContext(code, { document, fetch, setTimeout, TextEncoder, console });
    expect(await verdict).toBe('ok');
    expect(fetched).toEqual(['/b/b1/token/export.json']);
    expect(result.textContent).toBe(`Chain verified: ${events.length} events; 6 rolls re-derived from the published seed.`);
  });
});

describe("the hash chain's SHA-256 in Node and in the browser (docs/architecture.md, Storage)", () => {
  it('is the same digest: node:crypto in umpire verify, @noble/hashes in the page', async () => {
    const { sha256Hex: node } = await import('../../src/store/digest.ts');
    const { sha256Hex: browser } = await import('../../src/store/digest.browser.ts');
    for (const text of ['', 'abc', `${'0'.repeat(64)}\nb1\n1\nBattleCreated\ngm\n2026-01-01T00:00:00.000Z\n{"name":"Ligny"}`, 'Piré — 6e Chasseurs à cheval 🎲 \u202e', 'x'.repeat(10_000)]) expect(browser(text)).toBe(node(text));
    expect(node('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
