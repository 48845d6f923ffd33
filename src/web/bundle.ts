import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const scripts = new Map<string, Promise<string>>();

/**
 * The page's verifier (src/web/client/verify.ts and the verification code it shares with
 * `umpire verify`) as one browser script, bundled once per process. Bundled for the browser, so
 * code pulling in a Node builtin fails the build here instead of failing in the reader's browser.
 */
export const verifierScript = (): Promise<string> => bundled('verify');

/** The pages' own script (src/web/client/page.ts): the slider, the arrow keys, local times. */
export const pageScript = (): Promise<string> => bundled('page');

function bundled(name: string): Promise<string> {
  let script = scripts.get(name);
  if (!script) scripts.set(name, (script = bundle(name)));
  return script;
}

/** The hash chain's SHA-256 and the dice's HMAC in the browser: src/store/digest.browser and src/dice/mac.browser in place of digest and mac (node:crypto). */
const browserDigest: Plugin = {
  name: 'browser-digest',
  setup(b) {
    b.onResolve({ filter: /\/(digest|mac)\.(ts|js)$/ }, (args) => ({ path: join(args.resolveDir, args.path.replace(/(digest|mac)\.(ts|js)$/, '$1.browser.$2')) }));
  },
};

async function bundle(name: string): Promise<string> {
  // Beside this module: the .ts source under tsx or vitest, the compiled .js in dist/.
  const entry = new URL(`./client/${name}${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    plugins: [browserDigest],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    logLevel: 'silent',
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error(`esbuild produced no script from ${entry.pathname}`);
  return file.text;
}
