/**
 * Restores a backup taken by `npm run backup` (or the daily backups) into an empty install.
 *
 *   npm run restore -- FILE
 *
 * The target is the configured database: PostgreSQL (DATABASE_URL), which must hold no data,
 * or the embedded database in DATA_DIR, which must be a new or empty folder. Uploads go where
 * the configuration keeps them (DATA_DIR/uploads or the S3 bucket). The file is checked
 * before anything is written; the restored rows are checked against the figures the backup
 * recorded (rows per table, every lease's ledger) and kept only if they match. Exits 1 when
 * anything is refused or does not match.
 */
import { DataDirInUseError } from '../db/data-dir-lock';
import { loadConfig } from '../config';
import {
  BackupFileError,
  RestoreRefusedError,
  VerificationFailedError,
  describeVerification,
  restoreBackup,
} from '../modules/backups';

const USAGE = 'Usage: npm run restore -- FILE';

async function main(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const outcome = await restoreBackup(argv[0]!, loadConfig());
  const { manifest } = outcome;
  console.log(
    `Restored the backup taken at ${manifest.createdAt} by Porchlight ${manifest.appVersion} into ${outcome.target.replace(/^The /, 'the ')}.`,
  );
  console.log('Verification (matches the figures recorded in the backup):');
  for (const line of describeVerification(outcome.verification)) console.log(line);
  console.log(`  uploaded files: ${outcome.files}`);
  if (manifest.missingFiles.length > 0) {
    console.log(
      `  ${manifest.missingFiles.length} upload(s) had been deleted while the backup ran and are not restored`,
    );
  }
  console.log(
    `Not restored on purpose: ${manifest.skipped.map((s) => `${s.name} (${s.reason})`).join('; ')}`,
  );
  console.log('Start the server: it brings the database up to this version if needed.');
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (
    error instanceof BackupFileError ||
    error instanceof RestoreRefusedError ||
    error instanceof DataDirInUseError
  ) {
    console.error(`Could not restore: ${error.message}`);
    process.exitCode = 1;
  } else if (error instanceof VerificationFailedError) {
    console.error(`Restore failed its check, and nothing was kept: ${error.message}`);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
