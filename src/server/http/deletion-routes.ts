import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '../../shared/schemas/common';
import { deletionPreviewSchema, type DeletionPreview } from '../../shared/schemas/deletion';
import { runQuery, runService, type Read, type Service } from '../context';
import type { Area } from '../../shared/permissions';
import type { Access } from '../modules/auth';
import type { AppInstance } from './types';

export interface DeletionRoutes {
  /** The collection's address: the routes are `/{path}/:id/deletion` and `/{path}/:id`. */
  path: string;
  tags: string[];
  access?: Access;
  /** Which part of the portfolio the record is in (shared/permissions.ts). */
  area: Area;
  /** The error answers both routes declare besides the delete's 409. */
  errors: Record<number, typeof errorBodySchema>;
  preview: {
    summary: string;
    description: string;
    read: Read<number, DeletionPreview>;
  };
  delete: {
    summary: string;
    service: Service<number, void>;
    /** Whether something can block the delete, so that it may answer 409. */
    canRefuse: boolean;
  };
}

/**
 * The pair every deletable record has: the preview that says what deleting it would do now
 * (nothing changes) and the delete itself, which the same rules refuse with a 409.
 */
export function deletionRoutes(app: AppInstance, routes: DeletionRoutes): void {
  const access = routes.access ?? 'manager';

  app.get(
    `/${routes.path}/:id/deletion`,
    {
      config: { access, area: routes.area },
      schema: {
        tags: routes.tags,
        summary: routes.preview.summary,
        description: routes.preview.description,
        params: idParamsSchema,
        response: { 200: deletionPreviewSchema, ...routes.errors },
      },
    },
    (request) => runQuery(request, routes.preview.read, request.params.id),
  );

  const refusal = routes.delete.canRefuse ? { 409: errorBodySchema } : {};
  app.delete(
    `/${routes.path}/:id`,
    {
      config: { access, area: routes.area },
      schema: {
        tags: routes.tags,
        summary: routes.delete.summary,
        params: idParamsSchema,
        response: { 204: z.null(), ...routes.errors, ...refusal },
      },
    },
    async (request, reply) => {
      await runService(request, routes.delete.service, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
