import { afterAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from '../src/server/database';
import type { DatabaseHandle } from '../src/server/db/client';
import { runAsSystem } from '../src/server/context';
import { insertUser } from '../src/server/cli/seed/generate';
import { jobsTable } from '../src/server/modules/jobs';
import { notificationsTable, notify } from '../src/server/modules/notifications';
import { outgoingMailTable } from '../src/server/modules/mail';
import { startSmtpReceiver, type SmtpReceiver } from '../src/server/test/smtp-receiver';
import {
  postgresStore,
  postgresUrl,
  sleep,
  startServer,
  stopServer,
  type Server,
  type Store,
} from './harness';

const COUNT = 16;

/**
 * Two server processes on one PostgreSQL, both running the jobs runner against the same
 * outbox and the same SMTP server: every notification lands once in the app and arrives
 * once at the SMTP receiver, never twice, never lost.
 */
describe.skipIf(!postgresUrl)('notification mail with two server processes', () => {
  let store: Store;
  let database: DatabaseHandle;
  let smtp: SmtpReceiver;
  let servers: Server[] = [];

  afterAll(async () => {
    for (const server of servers) await stopServer(server);
    await smtp?.close();
    await database?.close();
    await store?.cleanup();
  });

  it('delivers every notification exactly once, in the app and at the SMTP receiver', async () => {
    store = await postgresStore();
    database = await openMigratedDatabase({ databaseUrl: store.databaseUrl, dataDir: '' });
    smtp = await startSmtpReceiver();
    const userIds: number[] = [];
    for (let i = 0; i < COUNT; i++) {
      userIds.push(
        await insertUser(
          database.db,
          { userName: `mail_${i}`, password: 'tidy-lantern-orchard-42', roles: ['Tenant'] },
          { email: `reader${i}@example.test`, phone: null },
        ),
      );
    }
    const env = {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Porchlight <no-reply@example.test>',
      PUBLIC_URL: 'https://porchlight.example.test',
      JOBS_POLL_MS: '20',
    };
    servers = await Promise.all([startServer(store, { env }), startServer(store, { env })]);

    // The events commit while both processes are polling.
    await runAsSystem(
      database.db,
      { name: 'faults', now: new Date(), timeZone: 'UTC' },
      async (ctx) => {
        for (const [i, userId] of userIds.entries()) {
          await notify(ctx, {
            userId,
            key: `faults-notice:${i}`,
            kind: 'account.roles_changed',
            title: `Notice ${i}`,
            body: `Notice number ${i}.`,
            link: '/',
          });
        }
      },
      undefined,
    );

    const deadline = Date.now() + 90_000;
    const pendingJobs = async () =>
      (await database.db.select({ status: jobsTable.status, kind: jobsTable.kind }).from(jobsTable))
        .filter((job) => job.kind === 'notifications.deliver' || job.kind === 'mail.send')
        .filter((job) => job.status !== 'done');
    while (smtp.received.length < COUNT || (await pendingJobs()).length > 0) {
      if (Date.now() > deadline) {
        throw new Error(
          `timed out: ${smtp.received.length} mails, pending ${JSON.stringify(await pendingJobs())}\n` +
            servers.map((s) => s.output()).join('\n'),
        );
      }
      await sleep(100);
    }
    // Longer than several polls of both: a late duplicate would show up by now.
    await sleep(1_000);

    const recipients = smtp.received.map((mail) =>
      mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
    );
    expect(recipients.sort()).toEqual(
      Array.from({ length: COUNT }, (_, i) => `reader${i}@example.test`).sort(),
    );
    for (const mail of smtp.received) {
      const n = /Notice (\d+)/.exec(mail.subject ?? '')?.[1];
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(
        `reader${n}@example.test`,
      );
    }
    const rows = await database.db.select({ key: notificationsTable.key }).from(notificationsTable);
    expect(rows).toHaveLength(COUNT);
    // Each mail was tried once: no process sent one the other had claimed.
    const mail = await database.db
      .select({ status: outgoingMailTable.status, attempts: outgoingMailTable.attempts })
      .from(outgoingMailTable);
    expect(mail).toEqual(Array.from({ length: COUNT }, () => ({ status: 'sent', attempts: 1 })));
  });
});
