/// <reference lib="dom" />
// A battle page's own script (issue 30), the little a page needs beyond its HTML: the slider goes to
// the event it names, the arrow keys step, and times read in the reader's own zone.

const slider = document.querySelector<HTMLInputElement>('form.steps input[type=range]');
if (slider) {
  const form = slider.form!;
  const output = form.querySelector('output');
  const go = () => location.assign(`${form.getAttribute('action')}/${slider.value}`);
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

const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
for (const t of document.querySelectorAll('time[datetime]')) {
  const at = new Date(t.getAttribute('datetime')!);
  if (!Number.isNaN(at.getTime())) t.textContent = format.format(at);
}
