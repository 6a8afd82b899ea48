import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import type { AppInstance } from '../../http/types';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({ kind: z.enum(['embedded', 'postgres']), reachable: z.boolean() }),
});

export async function healthRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Whether the server can reach its database',
        // A 503 can also come before the handler (the session lookup failing with the
        // database down): then it is the usual error body.
        response: { 200: healthSchema, 503: z.union([healthSchema, errorBodySchema]) },
      },
    },
    async (_request, reply) => {
      const reachable = await app.database.ping().then(
        () => true,
        () => false,
      );
      return reply.status(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'unavailable',
        database: { kind: app.database.kind, reachable },
      });
    },
  );
}
