// Fails when the schema has changed without its migration: drizzle-kit generate would
// write a new file. Runs generate into a scratch copy so the real folder is untouched.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const scratch = mkdtempSync(path.join(tmpdir(), 'porchlight-migrations-'));
try {
  cpSync('drizzle', scratch, { recursive: true });
  const before = readdirSync(scratch).filter((f) => f.endsWith('.sql')).length;
  const config = path.join(scratch, 'drizzle.config.mjs');
  // drizzle-kit reads `out` as relative to the working directory (an absolute one fails).
  writeFileSync(
    config,
    `export default { dialect: 'postgresql', schema: '${path.resolve('src/server/modules')}/*/*.table.ts', out: '${path.relative(process.cwd(), scratch)}', casing: 'snake_case' };`,
  );
  execFileSync('npx', ['drizzle-kit', 'generate', '--config', config], { stdio: 'pipe' });
  const after = readdirSync(scratch).filter((f) => f.endsWith('.sql')).length;
  if (after !== before) {
    console.error(
      'The schema has changes without a migration. Run `npm run db:generate` and commit drizzle/.',
    );
    process.exit(1);
  }
  console.log('Migrations are up to date with the schema.');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
