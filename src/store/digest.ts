import { hash } from 'node:crypto';

/**
 * Hex SHA-256 of a text's UTF-8, as the hash chain takes it (docs/architecture.md, Storage): Node's own, ten
 * times @noble/hashes' speed on an event. The browser's bundle of the verifier takes
 * digest.browser.ts in its place (src/web/bundle.ts); everything around it is the same code.
 */
export const sha256Hex = (text: string): string => hash('sha256', text, 'hex');
