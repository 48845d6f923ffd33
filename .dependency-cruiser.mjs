/**
 * dependency-cruiser, run by `npm run deps` (and so by `npm run lint` and CI): the import graph of
 * src/ and commands/ holds no circle, type-only imports counted. ESLint's import-x/no-cycle (kept in
 * eslint.config.js) skips those, so circles of `import type` grew unseen in src/app (issue 39); this
 * counts every import the TypeScript source makes, type-only and dynamic ones included.
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circle, not even through a type-only import (docs/architecture.md, Shape): move the shared type to where both sides can import it.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-imports-no-system',
      severity: 'error',
      comment: 'The core never imports a rule system: the systems are handed to it in src/assemble.ts (src/systems/README.md).',
      from: { path: '^(src|commands)/', pathNot: '^src/systems/|^src/assemble\\.ts$' },
      to: { path: '^src/systems/' },
    },
    {
      name: 'app-imports-no-adapter',
      severity: 'error',
      comment: 'src/app runs under every adapter: it imports none of them (src/app/README.md).',
      from: { path: '^src/app/' },
      to: { path: '^src/(discord|table|web|cli)/' },
    },
    // The rooms of src/app (src/app/README.md): each imports only the rooms below it.
    {
      name: 'app-reports-below-all',
      severity: 'error',
      comment: 'src/app/reports/ reads logs after the fact and imports no other room of src/app (src/app/reports/README.md).',
      from: { path: '^src/app/reports/' },
      to: { path: '^src/app/', pathNot: '^src/app/reports/' },
    },
    {
      name: 'app-slash-below-the-umpire',
      severity: 'error',
      comment: "src/app/slash/ is read by the Umpire's announcements (the phase guide): it imports no other room of src/app, not even the Umpire's type (src/app/slash/README.md).",
      from: { path: '^src/app/slash/' },
      to: { path: '^src/app/', pathNot: '^src/app/slash/' },
    },
    {
      name: 'app-messages-below-the-service',
      severity: 'error',
      comment: 'src/app/messages/ is what the service tells: it imports src/app/slash/ at most, never the service (src/app/messages/README.md).',
      from: { path: '^src/app/messages/' },
      to: { path: '^src/app/', pathNot: '^src/app/(messages|slash)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
