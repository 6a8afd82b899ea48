// `npm start`: build when the build is missing or stale, then serve (embedded database
// unless DATABASE_URL is set).
import { execFileSync, spawn } from 'node:child_process';
import { buildIsStale } from './build-freshness.mjs';

if (buildIsStale()) {
  console.log('Building Porchlight (first start or sources changed)...');
  execFileSync('node', ['scripts/build.mjs'], { stdio: 'inherit' });
}

const server = spawn('node', ['--enable-source-maps', 'dist/server/main.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
