/**
 * Administration from the command line.
 *
 *   npm run admin -- create <username>
 *
 * Creates an Admin account. The password is read from ADMIN_PASSWORD, or asked for on the
 * terminal (not echoed). Uses the configured database (DATABASE_URL or DATA_DIR).
 */
import { loadConfig } from '../config';
import { openMigratedDatabaseOrExit } from '../database';
import { AdminAccountError, createAdmin } from '../modules/users';

const USAGE =
  'Usage: npm run admin -- create <username>\n  (password from ADMIN_PASSWORD or asked for)';

async function askHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  if (!stdin.isTTY) {
    throw new AdminAccountError('No terminal to ask for the password: set ADMIN_PASSWORD');
  }
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let answer = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          finish();
          stdout.write('\n');
          resolve(answer);
          return;
        }
        if (char === '\u0003') {
          finish();
          stdout.write('\n');
          reject(new AdminAccountError('Cancelled'));
          return;
        }
        if (char === '\u007f' || char === '\b') answer = answer.slice(0, -1);
        else answer += char;
      }
    };
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
    };
    stdin.on('data', onData);
  });
}

async function main(argv: string[]): Promise<number> {
  const [command, userName, ...rest] = argv;
  if (command !== 'create' || !userName || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  let password = process.env.ADMIN_PASSWORD;
  if (!password) {
    password = await askHidden(`Password for ${userName}: `);
    const again = await askHidden('Repeat the password: ');
    if (password !== again) throw new AdminAccountError('The passwords do not match');
  }
  const config = loadConfig();
  const database = await openMigratedDatabaseOrExit(config);
  try {
    const user = await createAdmin(database.db, userName, password);
    console.log(`Created Admin '${user.userName}' (id ${user.id}).`);
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof AdminAccountError) {
    console.error(`Could not create the Admin: ${error.message}`);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
