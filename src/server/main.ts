import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openMigratedDatabase } from './database';

/** Starts the server: open and migrate the database, listen, and shut down gracefully. */
const config = loadConfig();
const database = await openMigratedDatabase(config);
const app = await buildApp({ database, config });

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
