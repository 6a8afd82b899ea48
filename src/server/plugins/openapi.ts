import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PAGE_HEADERS } from '../http/paging';

/** The OpenAPI document, generated from the routes' zod schemas. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Porchlight API',
        description:
          'Property management for landlords, their tenants and maintenance staff. Authentication is a session cookie set by POST /api/authentication/login.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'porchlight_session' },
        },
      },
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      // Which part of the portfolio a manager's call reads or changes: with the method, it
      // decides which member roles may make it (shared/permissions.ts).
      const area = input.route.config?.area;
      if (area) (output.schema as Record<string, unknown>)['x-area'] = area;
      // A list that takes limit and offset answers pages: its 200 carries the paging headers.
      const schema = output.schema as {
        querystring?: { properties?: Record<string, unknown> };
        response?: Record<string, Record<string, unknown>>;
      };
      const query = schema.querystring?.properties ?? {};
      const ok = schema.response?.['200'];
      if ('limit' in query && 'offset' in query && ok) ok.headers = PAGE_HEADERS;
      return output;
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: false },
    staticCSP: true,
  });
}
