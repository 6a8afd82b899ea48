import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { DOC, readDoor, renderSection, withSection } from './cli/module-doors';
import { moduleList } from './module-list';

const MODULES = path.resolve('src/server/modules');

/**
 * The front doors (decision 0024). Modules depend on each other in cycles through their
 * index.ts files, so what a module's code uses at load time from another module must already
 * be loaded, whichever module loads first; the import rules keep other modules out of a
 * module's files, and are checked here to fire.
 */
describe('module front doors', () => {
  it('lists every module folder in the module list', async () => {
    const folders = (await readdir(MODULES, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(Object.keys(moduleList).sort()).toEqual(folders.sort());
  });

  it.each(Object.keys(moduleList))(
    'loads %s first, on its own',
    { timeout: 60_000 },
    async (name) => {
      vi.resetModules();
      const door: Record<string, unknown> = await import(`./modules/${name}/index.ts`);
      expect(Object.values(door)).not.toContain(undefined);
    },
  );

  it('shows every front door in docs/architecture.md as it is (npm run docs:modules)', () => {
    expect(readDoor('ledger')).toMatchObject({ routes: ['ledgerRoutes'], jobs: true });
    expect(readDoor('ledger').offers).toContain('postCharge');
    const document = readFileSync(DOC, 'utf8');
    expect(withSection(document, renderSection())).toBe(document);
  });

  it(
    "refuses imports of another module's files, and allows its front door",
    { timeout: 60_000 },
    async () => {
      const violations = await cruise({
        'src/server/modules/b/index.ts': "export { listB } from './b.repository';",
        'src/server/modules/b/b.repository.ts': 'export const listB = 1;',
        'src/server/modules/b/b.table.ts': 'export const bTable = 1;',
        'src/server/modules/b/b.test-helpers.ts': 'export const makeB = 1;',
        'src/server/modules/a/a.service.ts':
          "import { listB } from '../b';\nimport { bTable } from '../b/b.repository';\nexport const a = [listB, bTable];",
        'src/server/modules/a/a.table.ts':
          "import { bTable } from '../b/b.table';\nexport const aTable = bTable;",
        'src/server/modules/a/a.repository.ts':
          "import { makeB } from '../b/b.test-helpers';\nexport const x = makeB;",
        'src/server/modules/a/a.routes.test.ts':
          "import { makeB } from '../b/b.test-helpers';\nimport { listB } from '../b/b.repository';\nexport const y = [makeB, listB];",
        'src/server/app.ts':
          "import { listB } from './modules/b/b.repository';\nexport const z = listB;",
      });
      expect(violations).toEqual(
        [
          'modules-meet-at-their-index: src/server/modules/a/a.service.ts -> src/server/modules/b/b.repository.ts',
          'outside-meets-modules-at-their-index: src/server/app.ts -> src/server/modules/b/b.repository.ts',
          'test-helpers-only-in-tests: src/server/modules/a/a.repository.ts -> src/server/modules/b/b.test-helpers.ts',
          'modules-meet-at-their-index: src/server/modules/a/a.repository.ts -> src/server/modules/b/b.test-helpers.ts',
          'tests-meet-other-modules-at-their-index: src/server/modules/a/a.routes.test.ts -> src/server/modules/b/b.repository.ts',
        ].sort(),
      );
    },
  );
});

/** The project's import rules run over a tree of files; returns 'rule: from -> to' for each violation. */
async function cruise(files: Record<string, string>): Promise<string[]> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'front-doors-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    }
    await writeFile(
      path.join(root, 'tsconfig.json'),
      '{ "compilerOptions": { "moduleResolution": "Bundler", "module": "ESNext" } }',
    );
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        path.resolve('node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
        'src',
        '--config',
        path.resolve('.dependency-cruiser.cjs'),
        '--output-type',
        'json',
      ],
      { cwd: root, maxBuffer: 10 * 1024 * 1024 },
    ).catch((error: { stdout: string }) => error);
    const result = JSON.parse(stdout) as {
      summary: { violations: { rule: { name: string }; from: string; to: string }[] };
    };
    return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
