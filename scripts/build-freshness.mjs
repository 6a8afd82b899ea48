import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** True when dist/ is missing or older than any source it is built from. */
export function buildIsStale() {
  const stamp = 'dist/.build-stamp';
  if (!existsSync(stamp) || !existsSync('dist/server/main.js')) return true;
  const builtAt = statSync(stamp).mtimeMs;
  const sources = ['src', 'drizzle', 'package-lock.json', 'vite.config.ts', 'scripts/build.mjs'];
  return sources.some((source) => newestMtime(source) > builtAt);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}
