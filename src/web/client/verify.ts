/// <reference lib="dom" />
/**
 * The battle page's verifier (bundled by src/web/bundle.ts): downloads the view's export named by
 * `<section id="verify" data-export="URL">`, checks it with `umpire verify`'s code, and writes the
 * verdict into `#verify-result` (its data-status: ok, failed or skipped). Runs on load and on
 * `#verify-run`.
 */
import { verificationText, verifyExport, type ViewExport } from '../verify-export.ts';
import { wordsOf, type PageTexts } from './words.ts';

function start(): void {
  const section = document.getElementById('verify');
  const result = document.getElementById('verify-result');
  const url = section?.dataset.export;
  if (!result || !url) return;
  // Its words in the page's language: the messages the page was given (data-texts), by its locale's rules.
  const word = wordsOf(JSON.parse(section.dataset.texts ?? '{}') as PageTexts, section.dataset.locale ?? 'en');
  const button = document.querySelector<HTMLButtonElement>('#verify-run');
  const show = (text: string, status?: 'ok' | 'failed' | 'skipped') => {
    result.textContent = text;
    if (status) result.dataset.status = status;
    else delete result.dataset.status;
  };

  const check = async () => {
    if (button) button.disabled = true;
    try {
      show(word({ key: 'web.verify.downloading' }));
      const response = await fetch(url);
      if (!response.ok) return show(word({ key: 'web.verify.httpFailed', values: { status: String(response.status) } }), 'failed');
      const x = (await response.json().catch(() => null)) as ViewExport | null;
      const count = Array.isArray(x?.events) ? x.events.length : 0;
      show(word({ key: 'web.verify.checking', values: { n: count } }));
      // Let the page paint the message before the check holds the thread.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const verdict = verifyExport(x as ViewExport);
      show(word(verificationText(verdict)), verdict.status);
    } catch (error) {
      show(word({ key: 'web.verify.couldNot', values: { error: error instanceof Error ? error.message : String(error) } }), 'failed');
    } finally {
      if (button) button.disabled = false;
    }
  };

  button?.addEventListener('click', () => void check());
  void check();
}

// After the page has loaded: a long battle's page shows at once, and is checked right after.
if (document.readyState === 'complete') start();
else addEventListener('load', start);
