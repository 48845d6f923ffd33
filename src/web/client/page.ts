/// <reference lib="dom" />
// A battle page's own script (issue 30), the little a page needs beyond its HTML: the slider goes to
// the event it names, the arrow keys step, and times read in the reader's own zone.

const slider = document.querySelector<HTMLInputElement>('form.steps input[type=range]');
if (slider) {
  const form = slider.form!;
  const output = form.querySelector('output');
  // The page's language, when its address chose one, goes with it (the form's hidden `lang`).
  const lang = form.querySelector<HTMLInputElement>('input[name=lang]')?.value;
  const go = () => location.assign(`${form.getAttribute('action')}/${slider.value}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`);
  slider.addEventListener('input', () => {
    if (output) output.textContent = `${slider.value} / ${slider.max}`;
  });
  slider.addEventListener('change', go);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    go();
  });
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement && e.target !== slider) return;
    const rel = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[e.key];
    const link = rel ? document.querySelector<HTMLAnchorElement>(`form.steps a[rel=${rel}]`) : null;
    if (link) {
      e.preventDefault();
      location.assign(link.href);
    }
  });
}

// Once the page has loaded, a few hundred at a time when the browser is idle: a long battle's
// timeline has thousands of times, and they read in UTC meanwhile.
addEventListener('load', () => {
  // In the reader's own zone, written as the page's language writes a date (the pseudo-locale's as
  // English's): the browser's own way where it speaks that language (en-GB, de-AT), else the language's.
  const page = document.documentElement.lang === 'en-XA' ? 'en' : document.documentElement.lang || 'en';
  const own = navigator.language;
  const format = new Intl.DateTimeFormat(own.split('-')[0] === page ? own : page, { dateStyle: 'medium', timeStyle: 'short' });
  const times = [...document.querySelectorAll('time[datetime]')];
  const idle = (work: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(work) : setTimeout(work, 0));
  const next = (from: number) => {
    for (const t of times.slice(from, from + 500)) {
      const at = new Date(t.getAttribute('datetime')!);
      if (!Number.isNaN(at.getTime())) t.textContent = format.format(at);
    }
    if (from + 500 < times.length) idle(() => next(from + 500));
  };
  next(0);
});
