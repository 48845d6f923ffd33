import type { Umpire } from '../../src/app/service/umpire.ts';
import { webServer } from '../../src/web/server.ts';
import type { Out } from './table.ts';

/** The address the table's share links start with. */
export const BASE = 'http://localhost:8080';

/** The battle pages of a table's umpire, asked through Fastify's inject: no port, no browser. */
export function pages(app: Umpire) {
  const web = webServer({ app, base: BASE });
  return {
    web,
    get: (url: string) => web.inject({ method: 'GET', url }),
  };
}

/** Every page link (`/b/<battle>/<token>`, `/c/<campaign>/<token>`) the messages hold, as paths. */
export const linkPaths = (out: readonly Out[]): string[] => out.flatMap((m) => [...m.text.matchAll(/https?:\/\/[^/\s]+(\/[bc]\/[a-z0-9-]+\/l[0-9]+-[A-Za-z0-9_-]{22})/g)].map((x) => x[1]!));

/** The one link the matching messages hold (a side's DM goes to each of its players). */
export function linkOf(out: readonly Out[], match: (m: Out) => boolean): string {
  const paths = [...new Set(linkPaths(out.filter(match)))];
  if (paths.length !== 1) throw new Error(`expected one link, found ${paths.length}`);
  return paths[0]!;
}
