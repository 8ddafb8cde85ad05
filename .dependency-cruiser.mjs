// `npm run lint` runs dependency-cruiser with this file: no module may reach itself again through
// its imports. Type-only imports count too: a cycle closed by a type still ties the layers together.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-import-cycles',
      severity: 'error',
      comment: 'Move what both sides need into a module of its own (docs/architecture.md, "Boundaries").',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Read from the TypeScript source, so `import type` is an edge too.
    tsPreCompilationDeps: true,
    // Libraries and generated code (Prisma client, Relay artifacts) are not ours to untangle.
    exclude: {
      path: [
        '^node_modules/',
        '^dist/',
        '(^|/)generated/',
        '(^|/)__generated__/',
        '^bench/[.]data',
        '^test-results/',
        '^playwright-report/',
        '^data/',
      ],
    },
  },
};
