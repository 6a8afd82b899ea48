import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerOriginCheck, registerSecurityHeaders } from './plugins/security';
import { registerSpa } from './plugins/spa';
import { authPlugin } from './modules/auth/auth.plugin';
import { authRoutes } from './modules/auth/auth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { healthRoutes } from './modules/health/health.routes';
import { propertiesRoutes } from './modules/properties/properties.routes';
import { unitsRoutes } from './modules/units/units.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { tenantsRoutes } from './modules/tenants/tenants.routes';
import { leasesRoutes } from './modules/leases/leases.routes';
import { applicationsRoutes } from './modules/applications/applications.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
    config: Config;
  }
}

export interface BuildAppOptions {
  database: DatabaseHandle;
  config: Config;
}

/** Never log secrets: passwords travel in bodies (not logged), sessions in cookies. */
const LOG_REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

export async function buildApp({ database, config }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: LOG_REDACT },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // Let the zod schemas decide: unknown fields are stripped by zod, never stored.
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('config', config);

  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  registerOriginCheck(app);
  await registerOpenApi(app);
  await app.register(authPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(propertiesRoutes);
      await api.register(unitsRoutes);
      await api.register(staffRoutes);
      await api.register(tenantsRoutes);
      await api.register(leasesRoutes);
      await api.register(applicationsRoutes);
      await api.register(dashboardRoutes);
    },
    { prefix: '/api' },
  );

  await registerSpa(app, config.webRoot);
  return app;
}
