// Builds the front end (Vite) and the server (esbuild), pre-compresses the static files,
// and fails when the JavaScript a first visit loads is over its gzipped budget.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { build } from 'esbuild';

const FIRST_VISIT_BUDGET_KB = 200;
// BUILD_DIR lets several builds live side by side (e.g. parallel browser-test runs).
const buildDir = process.env.BUILD_DIR ?? 'dist';
const webDir = `${buildDir}/web`;

execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', path.resolve(webDir)], { stdio: 'inherit' });

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
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

// What a first visit loads: the entry script and the chunks index.html preloads.
const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
const firstVisit = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gzipBytes = firstVisit.reduce((sum, file) => sum + statSync(path.join(webDir, `${file}.gz`)).size, 0);
const kb = gzipBytes / 1024;
console.log(`JavaScript on first visit: ${kb.toFixed(1)} KB gzipped (${firstVisit.length} files; budget ${FIRST_VISIT_BUDGET_KB} KB)`);
writeFileSync(`${buildDir}/.build-stamp`, new Date().toISOString());
if (kb > FIRST_VISIT_BUDGET_KB) {
  console.error(`Over budget: the first visit loads ${kb.toFixed(1)} KB of gzipped JavaScript.`);
  process.exit(1);
}

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}
