// `npm test`: every check, in order of speed: types, lint, migrations, unit and API tests
// (embedded database; again on PostgreSQL when TEST_DATABASE_URL is set), the fault suite, the production
// build, and the browser tests. Runs them all, then prints one line of totals:
// 'N passed, N failed'. Exits non-zero when anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = [];
mkdirSync('test-results', { recursive: true });

function run(name, command, args, { env = {}, report } = {}) {
  console.log(`\n=== ${name} ===`);
  if (report) rmSync(report.file, { force: true });
  const started = Date.now();
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = child.status === 0;
  let passed = 0;
  let failed = 0;
  if (report && existsSync(report.file)) {
    ({ passed, failed } = report.count(JSON.parse(readFileSync(report.file, 'utf8'))));
  } else {
    // A check without its own test count counts as one test.
    passed = ok ? 1 : 0;
  }
  if (!ok && failed === 0) failed = 1;
  results.push({ name, ok, passed, failed, seconds: (Date.now() - started) / 1000 });
  return ok;
}

/** A check that counts as one test, run beside others; its output is printed in one piece. */
function runAside(name, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      const ok = status === 0;
      console.log(`\n=== ${name} ===`);
      process.stdout.write(Buffer.concat(output));
      results.push({
        name,
        ok,
        passed: ok ? 1 : 0,
        failed: ok ? 0 : 1,
        seconds: (Date.now() - started) / 1000,
      });
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

// The static checks share nothing: side by side they use both cores (each alone mostly uses
// one). Each one's output is printed whole when it ends.
await Promise.all([
  runAside('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']),
  runAside('lint', 'npx', ['eslint', '.', '--max-warnings=0']),
  runAside('formatting (Prettier)', 'npx', ['prettier', '--check', '.']),
  runAside('no import cycles', 'npx', ['depcruise', 'src', '--output-type', 'err']),
  runAside('migrations match the schema', 'node', ['scripts/check-migrations.mjs']),
]);

const pgUrl = process.env.TEST_DATABASE_URL;
run('unit and API tests (embedded database)', 'npx', vitestArgs('test-results/vitest.json'), {
  env: { TEST_DATABASE_URL: '' },
  report: { file: 'test-results/vitest.json', count: vitestCount },
});
if (pgUrl) {
  // The fuzzing's second pass, on PostgreSQL, hunts what only that database refuses (NUL
  // characters, its own limits), with as many cases per call as the first.
  run(
    'API tests (PostgreSQL)',
    'npx',
    vitestArgs('test-results/vitest-pg.json', '--project', 'api'),
    {
      env: { TEST_DATABASE_URL: pgUrl },
      report: { file: 'test-results/vitest-pg.json', count: vitestCount },
    },
  );
}
// The fault suite (real processes killed and cut off; about 2 minutes): its PostgreSQL cases
// run when TEST_DATABASE_URL is set.
run(
  'fault suite',
  'npx',
  vitestArgs('test-results/faults.json', '--config', 'faults/vitest.config.ts'),
  {
    report: { file: 'test-results/faults.json', count: vitestCount },
  },
);

const built = run('production build', 'node', ['scripts/build.mjs']);
if (built && run('browser available', 'node', ['scripts/ensure-chromium.mjs'])) {
  run('browser tests', 'npx', ['playwright', 'test'], {
    report: { file: 'test-results/e2e.json', count: playwrightCount },
  });
}

console.log('\n=== summary ===');
for (const r of results) {
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'}  ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds.toFixed(0)} s)`,
  );
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
