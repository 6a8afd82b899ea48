/**
 * Imports a portfolio from the command line.
 *
 *   npm run import -- FILE [--as USERNAME] [--dry-run] [--choices CHOICES.json]
 *
 * FILE is a CSV, an .xlsx workbook or a Porchlight property export (JSON), read as the import
 * screen reads it. The records are written as the account USERNAME (a Landlord or an Admin);
 * without --as, the install's only Landlord or Admin. Every row is checked first: any error is
 * printed (sheet, line, column, message) and nothing is written; --dry-run only checks.
 * Uses the configured database (DATABASE_URL or DATA_DIR); on the embedded database the server
 * must be stopped, since one process holds its folder.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { arrayOverlaps, eq } from 'drizzle-orm';
import { MANAGER_ROLES } from '../../shared/constants';
import { importChoicesSchema, type ImportResult } from '../../shared/schemas/imports';
import { loadConfig } from '../config';
import { runAsAccount } from '../context';
import { openMigratedDatabaseOrExit } from '../database';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import {
  readImportFile,
  importAllOrNothing,
  planImport,
  previewImport,
  PreviewRolledBack,
} from '../modules/imports';
import {
  ensureOwnOrganisation,
  findMembership,
  firstOrganisationOf,
} from '../modules/organisations';
import { toUser, usersTable } from '../modules/users';

const USAGE =
  'Usage: npm run import -- FILE [--as USERNAME] [--dry-run] [--choices CHOICES.json]\n' +
  '  FILE: .csv, .xlsx or a Porchlight property export (.json)';

class ImportCommandError extends Error {}

function parseArgs(argv: string[]) {
  const options = { file: '', as: '', dryRun: false, choices: '' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--as' && argv[i + 1]) options.as = argv[++i]!;
    else if (arg === '--choices' && argv[i + 1]) options.choices = argv[++i]!;
    else if (!arg.startsWith('--') && !options.file) options.file = arg;
    else return null;
  }
  return options.file ? options : null;
}

async function accountFor(db: Database, userName: string) {
  const managers = await db
    .select()
    .from(usersTable)
    .where(
      userName
        ? eq(usersTable.userName, userName)
        : arrayOverlaps(usersTable.roles, [...MANAGER_ROLES]),
    )
    .limit(2);
  if (userName) {
    const user = managers[0];
    if (!user) throw new ImportCommandError(`There is no account named ${userName}`);
    if (!user.roles.some((role) => MANAGER_ROLES.includes(role as never))) {
      throw new ImportCommandError(`${userName} is not a Landlord or Admin`);
    }
    return toUser(user);
  }
  if (managers.length !== 1) {
    throw new ImportCommandError(
      managers.length === 0
        ? 'This install has no Landlord or Admin account to import as'
        : 'This install has several Landlord and Admin accounts: say which with --as USERNAME',
    );
  }
  return toUser(managers[0]!);
}

function report(result: ImportResult): void {
  for (const sheet of result.sheets) {
    const mapped = Object.entries(sheet.mapping)
      .map(([header, field]) => `${header} -> ${field ?? '(ignored)'}`)
      .join(', ');
    console.log(`${sheet.name}: ${sheet.kind ?? 'not imported'}, ${sheet.rows} rows (${mapped})`);
  }
  for (const error of result.errors) {
    console.error(
      `${error.sheet} line ${error.line}${error.column ? `, ${error.column}` : ''}: ${error.message}`,
    );
  }
  const line = (counts: ImportResult['created']) =>
    `${counts.properties} properties, ${counts.units} units, ${counts.tenants} tenants, ${counts.leases} leases, ${counts.staff} staff`;
  console.log(`${result.committed ? 'Created' : 'Would create'}: ${line(result.created)}`);
  console.log(`Already here (left as they are): ${line(result.existing)}`);
}

async function main(argv: string[]): Promise<number> {
  const options = parseArgs(argv);
  if (!options) {
    console.error(USAGE);
    return 2;
  }
  const bytes = await readFile(options.file).catch(() => {
    throw new ImportCommandError(`Cannot read ${options.file}`);
  });
  let choices = {};
  if (options.choices) {
    try {
      choices = importChoicesSchema.parse(JSON.parse(await readFile(options.choices, 'utf8')));
    } catch {
      throw new ImportCommandError(`${options.choices} is not a JSON file of column choices`);
    }
  }
  const sheets = planImport(await readImportFile(bytes, path.basename(options.file)), choices);
  const config = loadConfig();
  const database = await openMigratedDatabaseOrExit(config);
  try {
    const user = await accountFor(database.db, options.as);
    const base = { user, command: 'import', now: config.now(), timeZone: config.timeZone };
    // The import acts for the organisation a login of the account would act for; a landlord
    // account made outside sign-up gets its own first, as sign-up would have made it.
    const organisationId =
      (await firstOrganisationOf(database.db, user.id)) ??
      (await runAsAccount(database.db, { ...base, membership: null }, ensureOwnOrganisation, user));
    const account = {
      ...base,
      membership: await findMembership(database.db, user.id, organisationId),
    };
    let preview: ImportResult;
    try {
      await runAsAccount(database.db, account, previewImport, sheets);
      throw new Error('a preview always rolls back');
    } catch (error) {
      if (!(error instanceof PreviewRolledBack)) throw error;
      preview = error.result;
    }
    if (options.dryRun || preview.errors.length > 0) {
      report(preview);
      if (preview.errors.length > 0) console.error('Nothing was imported.');
      return preview.errors.length > 0 ? 1 : 0;
    }
    report(
      await importAllOrNothing(
        (service, input) => runAsAccount(database.db, account, service, input),
        sheets,
      ),
    );
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof ImportCommandError || error instanceof AppError) {
    console.error(`Could not import: ${error.message}`);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
