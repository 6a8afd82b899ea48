import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../paths';

/**
 * For migration tests: a copy, in `scratch`, of the migrations folder that ends just before
 * `tag`, so a database can be brought to the schema the migration starts from.
 */
export function migrationsBefore(tag: string, scratch: string): string {
  const folder = path.join(scratch, `before-${tag}`);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  if (cut < 1) throw new Error(`No migration ${tag} after the first in ${migrationsFolder}`);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}
