import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openMigratedDatabase } from './database';
import { ensureAdmin } from './modules/users/admin-accounts';

/** Starts the server: open and migrate the database, listen, and shut down gracefully. */
const config = loadConfig();
const database = await openMigratedDatabase(config);
const app = await buildApp({ database, config });

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
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { database: database.kind, dataDir: database.kind === 'embedded' ? config.dataDir : undefined },
  `Porchlight is listening on http://localhost:${config.port}`,
);
