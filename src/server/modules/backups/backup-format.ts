import { z } from 'zod';

/**
 * What a backup file is (docs/decisions/0017-backups.md): a gzipped tar holding
 *   manifest.json          this schema: what the file holds and how to check it
 *   tables/<table>.jsonl   one JSON object per row (row_to_json), in dependency order
 *   files/<storage key>    the bytes of every upload a row of the snapshot names
 * A logical export: it restores on the embedded database and on PostgreSQL alike.
 */
export const BACKUP_FORMAT = 'porchlight-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** porchlight-backup-2026-11-26T1049Z.tar.gz (the snapshot's time, to the minute, in UTC). */
export function backupFileName(at: Date): string {
  const stamp = at.toISOString().slice(0, 16).replace(':', '');
  return `porchlight-backup-${stamp}Z.tar.gz`;
}

/** The time a file named by backupFileName was taken; null for any other name. */
export function backupFileTime(name: string): Date | null {
  const match = /^porchlight-backup-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})Z(?:-\d+)?\.tar\.gz$/.exec(
    name,
  );
  if (!match) return null;
  const time = new Date(`${match[1]}T${match[2]}:${match[3]}:00Z`);
  return Number.isNaN(time.getTime()) ? null : time;
}

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** Per lease id: how many rows and their sum (exact decimal text). */
const perLeaseSchema = z.record(
  z.string().regex(/^\d+$/),
  z.object({ count: z.number().int().min(0), sum: z.string() }),
);

/** What a restore must find again: rows per table and every lease's ledger and deposit sums. */
export const verificationSchema = z.object({
  rows: z.record(z.string(), z.number().int().min(0)),
  /** Per ledger-like table ('ledger_entries', 'deposit_transactions'): per lease count and sum. */
  ledgers: z.record(z.string(), perLeaseSchema),
});
export type Verification = z.infer<typeof verificationSchema>;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  appVersion: z.string(),
  createdAt: z.string(),
  database: z.enum(['embedded', 'postgres']),
  /** The migrations applied to the database the snapshot was taken of, oldest first. */
  migrations: z.array(z.object({ createdAt: z.number(), hash: z.string() })).min(1),
  /** Dependency order: a table's rows are loaded after those of every table it references. */
  tables: z.array(
    z.object({
      name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
      rows: z.number().int().min(0),
      sha256,
    }),
  ),
  /** Tables deliberately left out, and why. */
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
  files: z.array(
    z.object({
      key: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}\.[a-z0-9]{1,8}$/),
      bytes: z.number().int().min(0),
      sha256,
    }),
  ),
  /** Uploads a row names whose bytes were gone when the files were copied (deleted since). */
  missingFiles: z.array(z.string()),
  verification: verificationSchema,
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A backup file that cannot be used: its message is for the person restoring. */
export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupFileError';
  }
}
