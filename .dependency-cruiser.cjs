// Import cycles make a module's meaning depend on load order and keep features from being
// read (or moved) one at a time; `npm test` refuses any.
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules must not import each other in a cycle, directly or through others.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count too: a cycle through types still ties the modules together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
