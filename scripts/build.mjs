// Builds the front end (Vite) and the server (esbuild), pre-compresses the static files,
// and fails when the JavaScript a first visit loads is over its gzipped budget.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { build } from 'esbuild';

// The build fails above the budget, so the first visit cannot grow unnoticed. The target
// (the original front end's weight) is not reached yet: React, React Router and Mantine
// alone weigh more; see README's performance section.
const FIRST_VISIT_BUDGET_KB = 180;
const FIRST_VISIT_TARGET_KB = 110;
/** The page '/' shows a visitor (src/web/app/router.tsx). */
const PUBLIC_HOME_ROUTE = 'features/property-browser/components/property-browser-page.tsx';
// BUILD_DIR lets several builds live side by side (e.g. parallel browser-test runs).
const buildDir = process.env.BUILD_DIR ?? 'dist';
const webDir = `${buildDir}/web`;

execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', path.resolve(webDir)], {
  stdio: 'inherit',
});

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: `${buildDir}/server/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// Pre-compressed copies let the server send .br/.gz without compressing on every request.
for (const file of walk(webDir)) {
  if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
  const content = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

// What a logged-out first visit of '/' loads: the entry with every chunk it imports, and
// the public property browser's route chunk with its imports (Vite's manifest says which),
// not only the scripts index.html names.
const manifestPath = path.join(webDir, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
rmSync(path.dirname(manifestPath), { recursive: true, force: true });
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const browserRoute = Object.keys(manifest).find((key) => key.endsWith(PUBLIC_HOME_ROUTE));
if (!entry || !browserRoute) {
  console.error(`The build has no entry or no chunk for ${PUBLIC_HOME_ROUTE}.`);
  process.exit(1);
}
const firstVisit = new Set();
const visit = (key) => {
  if (firstVisit.has(key)) return;
  firstVisit.add(key);
  for (const imported of manifest[key].imports ?? []) visit(imported);
};
visit(entry);
visit(browserRoute);
const gzipBytes = [...firstVisit].reduce(
  (sum, key) => sum + statSync(path.join(webDir, `${manifest[key].file}.gz`)).size,
  0,
);
const kb = gzipBytes / 1024;
console.log(
  `JavaScript a logged-out first visit of / loads: ${kb.toFixed(1)} KB gzipped ` +
    `(${firstVisit.size} files; budget ${FIRST_VISIT_BUDGET_KB} KB, target ${FIRST_VISIT_TARGET_KB} KB)`,
);
writeFileSync(`${buildDir}/.build-stamp`, new Date().toISOString());
if (kb > FIRST_VISIT_BUDGET_KB) {
  console.error(
    `Over budget: a first visit of / loads ${kb.toFixed(1)} KB of gzipped JavaScript (budget ${FIRST_VISIT_BUDGET_KB} KB).`,
  );
  process.exit(1);
}

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}
