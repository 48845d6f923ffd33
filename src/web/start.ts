import type { Logger } from 'pino';
import type { Umpire } from '../app/service/umpire.ts';
import { say } from '../i18n/text.ts';
import { RuleError } from '../rules/errors.ts';
import { webServer } from './server.ts';

export interface WebListen {
  app: Umpire;
  port: number;
  /** 127.0.0.1 unless told (WEB_HOST): the pages are not on the network by default. */
  host: string;
  base: string;
  logger?: Logger;
}

/** The battle pages listening, or an error naming why not (the port taken, the address not this machine's). */
export async function startWeb(o: WebListen): Promise<{ url: string; close(): Promise<void> }> {
  const web = webServer({ app: o.app, base: o.base, ...(o.logger ? { logger: o.logger } : {}) });
  try {
    await web.listen({ port: o.port, host: o.host });
  } catch (err) {
    await web.close();
    const code = (err as { code?: string }).code;
    const port = String(o.port);
    const why = code === 'EADDRINUSE' ? say('web.start.portTaken', { port }) : code === 'EACCES' ? say('web.start.privileges', { port }) : code === 'EADDRNOTAVAIL' ? say('web.start.notHere', { host: o.host }) : (err as Error).message;
    const e = new RuleError(say('web.start.failed', { host: o.host, port, why }));
    e.cause = err;
    throw e;
  }
  return { url: `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${o.port}`, close: () => web.close() };
}
