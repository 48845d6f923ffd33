import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACT } from '../../src/config/logger.ts';

describe('logging', () => {
  it('never writes the token, a ballot choice or a dice seed', () => {
    let written = '';
    const sink = new Writable({ write: (chunk, _enc, done) => ((written += String(chunk)), done()) });
    const log = pino({ redact: { paths: REDACT, censor: '[secret]' } }, sink);
    log.info({ token: 'MTIz.secret-token', vote: { choice: 'ACTIVE' }, choices: ['PASSIVE'], seed: 'ab'.repeat(32) }, 'request');
    expect(written).not.toMatch(/secret-token|ACTIVE|PASSIVE|abab/);
    expect(written.match(/\[secret\]/g)).toHaveLength(4);
  });
});
