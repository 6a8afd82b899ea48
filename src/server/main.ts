import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openMigratedDatabaseOrExit } from './database';
import { ensureAdmin } from './modules/users';
import { localUrlOf, newLocalToken, removeLocalToken, writeLocalToken } from './modules/backups';

/** Starts the server: open and migrate the database, listen, and shut down gracefully. */
const config = loadConfig();
// The database's own events (an idle pool connection failing while PostgreSQL restarts)
// happen outside any request: they are logged here, never dropped (decision 0002).
const database = await openMigratedDatabaseOrExit(config, pino({ level: config.logLevel }));
// On the embedded database only this process can read the data, so `npm run backup` asks it:
// with a token written into the data folder for the folder's owner only (local-token.ts).
const backupToken = database.kind === 'embedded' ? newLocalToken() : null;
const app = await buildApp({ database, config: { ...config, backupToken } });

// ADMIN_USERNAME + ADMIN_PASSWORD: create the first Admin when none exists yet.
if (config.admin) {
  const result = await ensureAdmin(database.db, config.admin);
  if (result.outcome === 'created')
    app.log.info({ userId: result.user.id }, 'created the first Admin');
  if (result.outcome === 'failed')
    app.log.error({ reason: result.reason }, 'could not create the Admin');
}

// On SIGTERM/SIGINT: stop accepting, let in-flight requests finish (new ones get 503),
// then close the database so the embedded one is flushed cleanly.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  // Closing first: from this moment new requests get 503, so nothing awaited may come before.
  await app.close();
  if (backupToken) await removeLocalToken(config.dataDir);
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
if (backupToken) {
  const address = app.server.address();
  if (address && typeof address === 'object') {
    await writeLocalToken(config.dataDir, {
      pid: process.pid,
      url: localUrlOf(address.address, address.port),
      token: backupToken,
    });
  }
}
app.log.info(
  { database: database.kind, dataDir: database.kind === 'embedded' ? config.dataDir : undefined },
  `Porchlight is listening on http://localhost:${config.port}`,
);
