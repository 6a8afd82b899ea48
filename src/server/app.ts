import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { serializeError } from './db/database-errors';
import { limitConnectionsPerAddress } from './http/connection-limits';
import { maskingLoggerOptions, maskOneTimeCodes } from './http/log-masking';
import { trustFunction } from './http/trust-proxy';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerOriginCheck, registerSecurityHeaders } from './plugins/security';
import { registerSpa } from './plugins/spa';
import { assertAccessDeclared, authPlugin } from './modules/auth/auth.plugin';
import { authJobs } from './modules/auth/auth.jobs';
import { jobsJobs } from './modules/jobs/jobs.jobs';
import { jobsPlugin } from './modules/jobs/jobs.plugin';
import { rateLimitJobs } from './modules/rate-limits/rate-limits.jobs';
import { leasesJobs } from './modules/leases/leases.jobs';
import { mailJobs } from './modules/mail/mail.jobs';
import { notificationsJobs } from './modules/notifications/notifications.jobs';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { healthRoutes } from './modules/health/health.routes';
import { propertiesRoutes } from './modules/properties/properties.routes';
import { unitsRoutes } from './modules/units/units.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { tenantsRoutes } from './modules/tenants/tenants.routes';
import { leasesRoutes } from './modules/leases/leases.routes';
import { leaseLifecycleRoutes } from './modules/leases/lease-lifecycle.routes';
import { leaseBooksRoutes } from './modules/leases/lease-books.routes';
import { ledgerRoutes } from './modules/ledger/ledger.routes';
import { moneyRoutes } from './modules/money/money.routes';
import { depositsRoutes } from './modules/deposits/deposits.routes';
import { recurringChargesRoutes } from './modules/recurring-charges/recurring-charges.routes';
import { ledgerJobs } from './modules/ledger/ledger.jobs';
import { applicationsRoutes } from './modules/applications/applications.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import type { FileStore } from './modules/uploads/file-store';
import { configuredFileStore } from './modules/uploads/configured-file-store';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { workOrdersRoutes } from './modules/work-orders/work-orders.routes';
import { workerQueueRoutes } from './modules/work-orders/worker-queue.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { portalRoutes } from './modules/portal/portal.routes';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { overviewRoutes } from './modules/overview/overview.routes';
import { searchRoutes } from './modules/search/search.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { backupJobs } from './modules/backups/backups.jobs';
import { backupsRoutes } from './modules/backups/backups.routes';
import { bankRoutes } from './modules/bank/bank.routes';
import { placementsRoutes } from './modules/placements/placements.routes';
import { vendorsRoutes } from './modules/vendors/vendors.routes';
import { expensesRoutes } from './modules/expenses/expenses.routes';
import { recurringExpensesRoutes } from './modules/expenses/recurring-expenses.routes';
import { expensesJobs } from './modules/expenses/expenses.jobs';
import { reportsRoutes } from './modules/reports/reports.routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
    config: Config;
    /** Where uploaded photos are kept. */
    files: FileStore;
  }
}

export interface BuildAppOptions {
  database: DatabaseHandle;
  config: Config;
  /** Defaults to the configured bucket, else a folder 'uploads' in DATA_DIR. */
  files?: FileStore;
}

function serializeLoggedError(error: Error) {
  const serialized = serializeError(error);
  return {
    ...serialized,
    message: maskOneTimeCodes(serialized.message),
    stack: maskOneTimeCodes(serialized.stack),
  };
}

/**
 * Never log secrets: passwords travel in bodies (not logged), sessions in cookies, one-time
 * codes in paths (masked).
 */
const LOG_REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

export async function buildApp({
  database,
  config,
  files,
}: BuildAppOptions): Promise<FastifyInstance> {
  const trustProxy = trustFunction(config.trustProxy);
  const app = Fastify({
    // Database errors are logged by code and table: their messages carry query parameters.
    // One-time codes in URLs and messages are masked (http/log-masking.ts).
    logger: {
      level: config.logLevel,
      redact: LOG_REDACT,
      ...maskingLoggerOptions,
      serializers: { ...maskingLoggerOptions.serializers, err: serializeLoggedError },
    },
    trustProxy,
    bodyLimit: 1024 * 1024,
    // A request must arrive whole (headers and body) within the timeout, and a silent
    // socket is closed: a client sending one byte every few seconds cannot hold a
    // connection for minutes. Node checks the timeouts every connectionsCheckingInterval.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, config.requestTimeoutMs / 4)),
    },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // Let the zod schemas decide: unknown fields are stripped by zod, never stored.
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<ZodTypeProvider>();

  limitConnectionsPerAddress(app.server, config.maxConnectionsPerAddress, trustProxy);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('config', config);
  app.decorate('files', files ?? configuredFileStore(config));

  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  registerOriginCheck(app);
  await registerOpenApi(app);
  await app.register(authPlugin);
  // Each feature's background work, in <feature>.jobs.ts.
  await app.register(jobsPlugin, {
    definitions: [
      ...authJobs(config.session),
      ...rateLimitJobs,
      ...jobsJobs,
      ...leasesJobs,
      ...ledgerJobs,
      ...expensesJobs,
      ...notificationsJobs(config),
      ...mailJobs(config.mail),
      ...backupJobs(config, database, app.files),
    ],
  });

  await app.register(
    async (api) => {
      api.addHook('onRoute', assertAccessDeclared);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(propertiesRoutes);
      await api.register(unitsRoutes);
      await api.register(staffRoutes);
      await api.register(tenantsRoutes);
      await api.register(leasesRoutes);
      await api.register(leaseLifecycleRoutes);
      await api.register(leaseBooksRoutes);
      await api.register(ledgerRoutes);
      await api.register(depositsRoutes);
      await api.register(recurringChargesRoutes);
      await api.register(moneyRoutes);
      await api.register(applicationsRoutes);
      await api.register(dashboardRoutes);
      await api.register(uploadsRoutes);
      await api.register(accountsRoutes);
      await api.register(workOrdersRoutes);
      await api.register(workerQueueRoutes);
      await api.register(auditRoutes);
      await api.register(notificationsRoutes);
      await api.register(mailRoutes);
      await api.register(portalRoutes);
      await api.register(invitationsRoutes);
      await api.register(onboardingRoutes);
      await api.register(overviewRoutes);
      await api.register(searchRoutes);
      await api.register(paymentsRoutes);
      await api.register(importsRoutes);
      await api.register(backupsRoutes);
      await api.register(placementsRoutes);
      await api.register(vendorsRoutes);
      await api.register(expensesRoutes);
      await api.register(recurringExpensesRoutes);
      await api.register(bankRoutes);
      await api.register(reportsRoutes);
    },
    { prefix: '/api' },
  );

  await registerSpa(app, config.webRoot);
  return app;
}
