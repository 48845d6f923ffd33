/** How the percentile log words a working: a head line over bulleted steps, counts and losses. */

export const lines = (head: string, body: string[]) => [head, ...body.map((x) => `• ${x}`)].join('\n');
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const lossWord = (n: number, kind: string) => (kind === 'figures' ? count(n, 'figure') : `${n} ${kind}`);
