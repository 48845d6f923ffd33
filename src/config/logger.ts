import { pino, type Logger } from 'pino';

/** Paths pino blanks wherever they appear: tokens, ballot choices and seeds never reach a log. */
export const REDACT = [
  'token',
  'DISCORD_TOKEN',
  '*.token',
  'headers.authorization',
  '*.headers.authorization',
  'choice',
  '*.choice',
  'choices',
  '*.choices',
  'seed',
  '*.seed',
  // A discord.js request error carries the URL (an interaction's token is in webhook paths) and the body sent (a DM's text).
  'err.url',
  'err.requestBody',
];

/** pino: pretty on a terminal, JSON otherwise. Logs go to stderr so the table's output stays clean. */
export function createLogger(level: string): Logger {
  const pretty = process.stderr.isTTY;
  return pino({
    level,
    redact: { paths: REDACT, censor: '[secret]' },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { destination: 2, colorize: true } } } : {}),
  }, pretty ? undefined : pino.destination(2));
}
