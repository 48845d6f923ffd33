import type { Logger } from 'pino';
import type { Umpire } from '../app/service/umpire.ts';
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
    const why = code === 'EADDRINUSE' ? `port ${o.port} is taken by another program` : code === 'EACCES' ? `port ${o.port} needs privileges` : code === 'EADDRNOTAVAIL' ? `${o.host} is not an address of this machine` : (err as Error).message;
    throw new Error(`The battle pages could not start on ${o.host}:${o.port}: ${why}. Set WEB_PORT (or --port) to a free port.`, { cause: err });
  }
  return { url: `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${o.port}`, close: () => web.close() };
}
