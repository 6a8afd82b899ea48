import { execFileSync } from 'node:child_process';
import { buildIsStale } from '../scripts/build-freshness.mjs';
import { projectRoot } from './harness';

/**
 * The suite kills and restarts the server as `npm start` runs it, from the production build:
 * built first when missing or older than the sources (`npm test` has built it already).
 */
export default function setup(): void {
  if (buildIsStale()) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: projectRoot, stdio: 'inherit' });
  }
}
