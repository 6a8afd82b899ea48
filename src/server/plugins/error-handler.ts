import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../shared/schemas/common';
import {
  isDatabaseBusy,
  isDatabaseDataError,
  isDatabaseUnavailable,
  isLostRace,
} from '../db/database-errors';
import { AppError } from '../http/errors';

export const CONCURRENT_CHANGE =
  'Someone else changed this at the same moment. Please reload and try again.';

/**
 * The one place errors become answers. Every answer has a human `message`; a 5xx never
 * carries internals (stack, SQL, driver text) to the client; those go to the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 403) {
        request.log.warn({ userId: request.user?.id, url: request.url }, 'forbidden');
      }
      const body: ErrorBody = { message: error.message, code: error.code };
      if (error.errors) body.errors = error.errors;
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send(body);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        (errors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      const first = error.validation[0]?.message ?? 'Invalid request';
      return reply
        .status(400)
        .send({ message: first, code: 'validation_failed', errors } satisfies ErrorBody);
    }

    if (isDatabaseBusy(error)) {
      // Shed the load at once rather than queue for seconds: the client retries shortly.
      request.log.warn({ err: error, url: request.url }, 'database busy');
      return reply
        .status(503)
        .header('Retry-After', '2')
        .send({
          message: 'The service is busy. Please try again in a moment.',
          code: 'service_busy',
        } satisfies ErrorBody);
    }

    if (isDatabaseDataError(error)) {
      request.log.warn({ err: error, url: request.url }, 'value refused by the database');
      return reply.status(400).send({
        message: 'A value in the request is out of range or malformed',
        code: 'invalid_value',
      } satisfies ErrorBody);
    }

    if (isLostRace(error)) {
      // Concurrent writes kept beating this one (context.ts retried it): nothing was written.
      request.log.warn({ err: error, url: request.url }, 'lost a race with a concurrent write');
      return reply.status(409).send({
        message: CONCURRENT_CHANGE,
        code: 'concurrent_change',
      } satisfies ErrorBody);
    }

    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({
          message: 'The service is temporarily unavailable. Please try again shortly.',
          code: 'service_unavailable',
        } satisfies ErrorBody);
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (error.code === 'ECONNRESET') {
        request.log.info({ url: request.url }, 'client closed the connection mid-request');
      }
      // Fastify's own client errors: malformed JSON, body too large, wrong content type...
      const messages: Record<string, string> = {
        FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
        FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
      };
      const message =
        messages[error.code] ?? (status === 413 ? 'The request body is too large' : 'Bad request');
      return reply.status(status).send({ message, code: 'bad_request' } satisfies ErrorBody);
    }

    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({
      message: 'Something went wrong on our side. Please try again.',
      code: 'internal',
    } satisfies ErrorBody);
  });
}
