/** Where the battle pages are served when nothing says (WEB_PORT, --port). */
export const DEFAULT_PORT = 8080;

/** The address players open (WEB_URL), else this machine's at the port: what the links /battle share posts start with. */
export const webBase = (url: string | undefined, port: number): string => (url ?? `http://localhost:${port}`).replace(/\/+$/, '');
