// Builds the front end (Vite: the SPA, the visitor's page and its server-side renderer), the
// server (esbuild), pre-compresses the static files, and fails when the JavaScript a
// visitor's first visit of '/' loads is over its gzipped budget.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';

// A visitor's '/' is the lean visitor page (src/web/visitor.html, rendered by the server;
// docs/decisions/0012-visitor-home-page.md): the build fails when what it loads grows past
// the original front end's weight.
const FIRST_VISIT_BUDGET_KB = 110;
/** Code the visitor's page loads by itself right after it starts (app/layout/shell-frame.tsx). */
const VISITOR_LOADS_AT_ONCE = ['app/layout/color-scheme-toggle.tsx'];
/** The SPA's entry and the property browser's route: what a visitor's first visit of any other page loads. */
const SPA_BROWSER_ROUTE = 'features/property-browser/components/property-browser-page.tsx';
// BUILD_DIR lets several builds live side by side (e.g. parallel browser-test runs).
const buildDir = process.env.BUILD_DIR ?? 'dist';
const webDir = `${buildDir}/web`;

const viteBuildArgs = ['vite', 'build', '--logLevel', 'warn', '--outDir', path.resolve(webDir)];
execFileSync('npx', viteBuildArgs, { stdio: 'inherit' });
// The visitor's page, built apart into the same folder (vite.config.ts).
execFileSync('npx', [...viteBuildArgs, '--mode', 'visitor'], { stdio: 'inherit' });
// The visitor page's renderer, for the server (src/server/plugins/spa.ts loads it from here).
await viteBuild({
  logLevel: 'warn',
  build: {
    ssr: path.resolve('src/web/visitor-server.tsx'),
    outDir: path.resolve(buildDir, 'ssr'),
    emptyOutDir: true,
    copyPublicDir: false,
    manifest: false,
  },
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

// What a page loads: its entry with every chunk the entry imports, and the chunks of the
// routes shown at once with their imports (Vite's manifest says which), not only the
// scripts the HTML names.
const manifestDir = path.join(webDir, '.vite');
const readManifest = (name) => JSON.parse(readFileSync(path.join(manifestDir, name), 'utf8'));
const spaManifest = readManifest('manifest.json');
const visitorManifest = readManifest('visitor-manifest.json');
rmSync(manifestDir, { recursive: true, force: true });

function loadedBy(manifest, ...keys) {
  const files = new Set();
  const visit = (key) => {
    if (files.has(key)) return;
    files.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  const gzipBytes = [...files].reduce(
    (sum, key) => sum + statSync(path.join(webDir, `${manifest[key].file}.gz`)).size,
    0,
  );
  return { kb: gzipBytes / 1024, files: files.size };
}

const findKey = (manifest, test, what) => {
  const key = Object.keys(manifest).find(test);
  if (!key) {
    console.error(`The build has no chunk for ${what}.`);
    process.exit(1);
  }
  return key;
};
const entryOf = (manifest, html) =>
  findKey(manifest, (key) => manifest[key].isEntry && key.endsWith(html), html);
const chunkOf = (manifest, source) => findKey(manifest, (key) => key.endsWith(source), source);

const visitor = loadedBy(
  visitorManifest,
  entryOf(visitorManifest, 'visitor.html'),
  ...VISITOR_LOADS_AT_ONCE.map((source) => chunkOf(visitorManifest, source)),
);
const spa = loadedBy(
  spaManifest,
  entryOf(spaManifest, 'index.html'),
  chunkOf(spaManifest, SPA_BROWSER_ROUTE),
);
console.log(
  `JavaScript a visitor's first visit of / loads: ${visitor.kb.toFixed(1)} KB gzipped ` +
    `(${visitor.files} files; budget ${FIRST_VISIT_BUDGET_KB} KB)`,
);
console.log(
  `The SPA's entry with the property browser's route (/properties): ${spa.kb.toFixed(1)} KB gzipped (${spa.files} files)`,
);
writeFileSync(`${buildDir}/.build-stamp`, new Date().toISOString());
if (visitor.kb > FIRST_VISIT_BUDGET_KB) {
  console.error(
    `Over budget: a visitor's first visit of / loads ${visitor.kb.toFixed(1)} KB of gzipped JavaScript (budget ${FIRST_VISIT_BUDGET_KB} KB).`,
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
