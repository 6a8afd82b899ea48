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
import { assertAccessDeclared, authPlugin } from './modules/auth';
import type { FrontDoor } from './front-door';
import { moduleList } from './module-list';
import { jobsPlugin } from './modules/jobs';
import type { FileStore } from './modules/uploads';
import { configuredFileStore } from './modules/uploads';

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
  const modules: FrontDoor[] = Object.values(moduleList);
  // Each module's background work, from its front door (index.ts).
  const jobSetting = { config, database, files: app.files };
  await app.register(jobsPlugin, {
    definitions: modules.flatMap((module) => module.jobs?.(jobSetting) ?? []),
  });

  await app.register(
    async (api) => {
      api.addHook('onRoute', assertAccessDeclared);
      for (const routes of modules.flatMap((module) => module.routes ?? [])) {
        await api.register(routes);
      }
    },
    { prefix: '/api' },
  );

  await registerSpa(app, config.webRoot);
  return app;
}
