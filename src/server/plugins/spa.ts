import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '../../shared/schemas/common';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and
 * every non-/api path falls back to index.html so the client router can take it.
 * Unknown /api paths answer a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webRoot: string | null): Promise<void> {
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
  const hasBuild = webRoot !== null && existsSync(path.join(webRoot, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      message: `Not found: ${request.method} ${pathname}`,
      code: 'not_found',
    } satisfies ErrorBody);
  });
}
