import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/setup.ts'],
    // The suites that kill and race real processes run in `npm run reliability`, not in `npm test`.
    exclude: process.env.RELIABILITY_SCALE ? configDefaults.exclude : [...configDefaults.exclude, 'test/reliability/processes/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
