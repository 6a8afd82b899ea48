import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import { AppError, forbidden, notFound } from '../../http/errors';
import type { AppInstance } from '../../http/types';
import { backupFileName } from './backup-format';
import { streamBackup } from './backup-run';
import { tokenMatches } from './local-token';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The running server takes a backup for `npm run backup` on its own machine (it alone may
 * open the embedded database). Not a call for people: no session of any role opens it, an
 * Admin's included, since the file holds every account's password hash and every tenant's
 * details. The credential is the token the server wrote into its data folder at start
 * (local-token.ts), sent from a loopback connection.
 */
export async function backupsRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/backups',
    {
      config: { access: 'public' },
      schema: {
        tags: ['backups'],
        summary: 'Take a backup of the whole install (for `npm run backup` on this machine)',
        description:
          'Answers a .tar.gz backup (database rows and uploads, docs/decisions/0017-backups.md). ' +
          'Only with `Authorization: Bearer <token>`, the token the server wrote into its data ' +
          'folder at start, over a loopback connection; sessions do not count. 401 without the ' +
          'token or with a wrong one, 403 from another machine, 404 when this server keeps no ' +
          'token (it is not using the embedded database).',
        response: {
          200: {
            description: 'application/gzip attachment: porchlight-backup-<time>.tar.gz',
            content: { 'application/gzip': { schema: z.string() } },
          },
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      authorizeBackupCall(request);
      const now = app.config.now();
      const { stream, manifest } = await streamBackup(app.database, app.files, now);
      request.log.info(
        { tables: manifest.tables.length, files: manifest.files.length },
        'backup taken for the command line',
      );
      // A stream, not a JSON body: sent past the typed reply, as CSV downloads are.
      return (reply as FastifyReply)
        .type('application/gzip')
        .header('Content-Disposition', `attachment; filename="${backupFileName(now)}"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );
}

function authorizeBackupCall(request: FastifyRequest): void {
  const token = request.server.config.backupToken;
  if (!token) {
    throw notFound(
      'backups.unavailable',
      'This server takes no backups over HTTP: run `npm run backup` on its machine.',
    );
  }
  // The socket's own address: a proxy's X-Forwarded-For never makes a call local.
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) {
    throw forbidden('Backups are taken from the server machine only');
  }
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
  if (!tokenMatches(token, given)) {
    throw new AppError(401, 'backups.bad_token', 'A backup needs the token of this server');
  }
}
