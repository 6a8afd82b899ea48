// Import cycles make a module's meaning depend on load order and keep features from being
// read (or moved) one at a time; `npm test` refuses any.
// Each server module has one front door, its index.ts (decision 0024): from anywhere else a
// module is imported through it, so what a module offers is written in one file and a change
// behind the door cannot break another module unseen.
const MODULE_FILE = '^src/server/modules/([^/]+)/';
const FRONT_DOOR = '^src/server/modules/[^/]+/index\\.ts$';
const TEST_FILE = '\\.test\\.ts$|\\.test-helpers\\.ts$|^src/server/test/';
const TABLE = '\\.table\\.ts$';
const TEST_HELPERS = '\\.test-helpers\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Files must not import each other in a cycle, directly or through others. A cycle through ' +
        "front doors (index.ts) is a dependency between modules, not files: each module's files " +
        'still form no cycle of their own.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { pathNot: FRONT_DOOR } },
    },
    {
      name: 'modules-meet-at-their-index',
      comment:
        "Another module's files are its own: import what it offers from its index.ts (e.g. " +
        "'../ledger'), and add there what you need.",
      severity: 'error',
      from: { path: MODULE_FILE, pathNot: [TEST_FILE, TABLE] },
      to: { path: MODULE_FILE, pathNot: ['^src/server/modules/$1/', FRONT_DOOR] },
    },
    {
      name: 'tables-reference-tables',
      comment:
        "A table file may import another module's table file (a foreign key), and nothing else " +
        "of another module: tables load before any module's code, so they must not need it.",
      severity: 'error',
      from: { path: `${MODULE_FILE}.*${TABLE}` },
      to: { path: MODULE_FILE, pathNot: ['^src/server/modules/$1/', TABLE] },
    },
    {
      name: 'tests-meet-other-modules-at-their-index',
      comment:
        "A module's tests may use its own files; another module's they reach through its " +
        'index.ts, or its *.test-helpers.ts (the helpers it offers to tests).',
      severity: 'error',
      from: { path: `${MODULE_FILE}.*(${TEST_FILE})` },
      to: { path: MODULE_FILE, pathNot: ['^src/server/modules/$1/', FRONT_DOOR, TEST_HELPERS] },
    },
    {
      name: 'outside-meets-modules-at-their-index',
      comment:
        'Code outside the modules (app, schema, command line) imports a module through its ' +
        "index.ts (e.g. './modules/ledger'); tests outside them may also use *.test-helpers.ts.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/server/modules/' },
      to: { path: MODULE_FILE, pathNot: [FRONT_DOOR, TEST_HELPERS] },
    },
    {
      name: 'test-helpers-only-in-tests',
      comment: 'A *.test-helpers.ts file is for tests: the app must not load it.',
      severity: 'error',
      from: { pathNot: TEST_FILE },
      to: { path: TEST_HELPERS },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count too: a cycle through types still ties the modules together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
