import { accessSync, constants } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium for the browser tests, driven by playwright-core (which downloads no browser of
 * its own). CHROMIUM_PATH names another; `.ci/run` installs Debian's package.
 */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Headless in a container: no sandbox (no user namespaces), no GPU, no /dev/shm, and nothing fetched from Google. */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Chromium launched, or an error that says how to install it: a browser test never skips. */
export async function launchChromium(): Promise<Browser> {
  try {
    accessSync(chromiumPath, constants.X_OK);
  } catch {
    throw new Error(`No Chromium at ${chromiumPath}: the browser tests need it. Install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium executable.`);
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: ARGS });
}
