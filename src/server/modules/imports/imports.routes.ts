import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { errorBodySchema } from '../../../shared/schemas/common';
import {
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  importChoicesSchema,
  importProgressParamsSchema,
  importProgressQuerySchema,
  importProgressSchema,
  importResultSchema,
  type ImportProgress,
  importTemplateParamsSchema,
  type ImportChoices,
} from '../../../shared/schemas/imports';
import { runService } from '../../context';
import { sendCsv } from '../../http/csv';
import { AppError, badRequest } from '../../http/errors';
import type { AppInstance } from '../../http/types';
import { fileTooLarge, readImportFile } from './import-files';
import { importProgress, setImportProgress } from './import-progress';
import {
  importAllOrNothing,
  planImport,
  previewImport,
  PreviewRolledBack,
} from './imports.service';

const PROGRESS_DESCRIPTION =
  ' With ?progress=<token> (a random id the caller makes), GET /imports/progress/<token> ' +
  'answers how far it has come while it runs.';

/** Where the call's progress goes: the caller's own token, when it named one. */
function progressOf(request: FastifyRequest, token: string | undefined) {
  const userId = request.user?.id;
  if (!token || userId === undefined) return undefined;
  return (progress: ImportProgress) => setImportProgress(userId, token, progress);
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
};

const UPLOAD_DESCRIPTION =
  'multipart/form-data: the file in the field "file" (CSV, .xlsx or a Porchlight property ' +
  'export, at most 50 MB and 100,000 rows) and, optionally before it, a field "choices": JSON ' +
  '{ sheets: { <sheet name>: { kind, mapping: { <header>: <column> | null } } } } that corrects ' +
  "each sheet's kind and how its headers map to columns.";

/** The file and the choices of a multipart body, read whole (at most 50 MB). */
async function readUpload(
  request: FastifyRequest,
): Promise<{ file: Buffer; name: string; choices: ImportChoices }> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'imports.not_multipart',
      'Send the file as multipart/form-data in a field named "file"',
    );
  }
  let file: Buffer | undefined;
  let name = 'file';
  let choices: ImportChoices = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field' && part.fieldname === 'choices') {
        let json: unknown;
        try {
          json = JSON.parse(String(part.value));
        } catch {
          throw badRequest(
            'imports.bad_choices',
            'The column choices are not valid JSON',
            'choices',
          );
        }
        const parsed = importChoicesSchema.safeParse(json);
        if (!parsed.success) {
          throw badRequest(
            'imports.bad_choices',
            'The column choices could not be read',
            'choices',
          );
        }
        choices = parsed.data;
      } else if (part.type === 'file' && part.fieldname === 'file') {
        file = await part.toBuffer();
        name = part.filename || name;
      } else {
        throw badRequest('imports.bad_multipart', 'Send one file in a field named "file"', 'file');
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    if (error instanceof AppError) throw error;
    throw badRequest('imports.bad_multipart', 'Send one file in a field named "file"', 'file');
  }
  if (!file) throw badRequest('imports.no_file', 'Please choose a file to import', 'file');
  return { file, name, choices };
}

export async function importsRoutes(app: AppInstance): Promise<void> {
  // Multipart bodies are accepted in this plugin (and the photos') only.
  await app.register(multipart, {
    limits: {
      fileSize: IMPORT_LIMITS.bytes,
      files: 1,
      fields: 1,
      parts: 2,
      headerPairs: 50,
      fieldSize: 1024 * 1024,
    },
  });

  app.post(
    '/imports/preview',
    {
      config: { access: 'manager', area: 'imports' },
      schema: {
        tags: ['imports'],
        summary: 'What importing a file would do: every row checked, nothing written',
        description:
          UPLOAD_DESCRIPTION +
          PROGRESS_DESCRIPTION +
          ' The answer lists each sheet (kind, headers, mapping, missing columns), every row error ' +
          '(sheet, line, column, message), and what would be created or is already here.',
        consumes: ['multipart/form-data'],
        querystring: importProgressQuerySchema,
        response: { 200: importResultSchema, ...errors },
      },
    },
    async (request) => {
      const onProgress = progressOf(request, request.query.progress);
      const { file, name, choices } = await readUpload(request);
      onProgress?.({ phase: 'reading', done: 0, total: 0 });
      const sheets = planImport(await readImportFile(file, name), choices);
      try {
        return await runService(request, previewImport, { sheets, onProgress });
      } catch (error) {
        if (error instanceof PreviewRolledBack) return error.result;
        throw error;
      }
    },
  );

  app.post(
    '/imports',
    {
      config: { access: 'manager', area: 'imports' },
      schema: {
        tags: ['imports'],
        summary: 'Import a file: all rows or none, in one transaction',
        description:
          UPLOAD_DESCRIPTION +
          PROGRESS_DESCRIPTION +
          ' Records already here (property name and address, unit number in its property, tenant ' +
          'email or name in the unit, lease start, staff email in the property) are left as they ' +
          'are, so importing the same file again adds nothing. Any row in error: 400 naming every ' +
          'error ("<sheet> line <n>, <column>") and nothing is written.',
        consumes: ['multipart/form-data'],
        querystring: importProgressQuerySchema,
        response: { 201: importResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const onProgress = progressOf(request, request.query.progress);
      const { file, name, choices } = await readUpload(request);
      onProgress?.({ phase: 'reading', done: 0, total: 0 });
      const sheets = planImport(await readImportFile(file, name), choices);
      const result = await importAllOrNothing(
        (service, input) => runService(request, service, input),
        sheets,
        onProgress,
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/imports/progress/:token',
    {
      config: { access: 'manager', area: 'imports' },
      schema: {
        tags: ['imports'],
        summary: "How far the caller's running import (named by its progress token) has come",
        description:
          'The phase (reading the file, checking rows, writing rows, done) and the rows done of ' +
          'the total, as each sheet is checked and then written. 404 for a token the caller ' +
          'has not named an import with (or one long finished).',
        params: importProgressParamsSchema,
        response: { 200: importProgressSchema, ...errors, 404: errorBodySchema },
      },
    },
    async (request) => {
      const progress = importProgress(request.user!.id, request.params.token);
      if (!progress) {
        throw new AppError(404, 'imports.progress_not_found', 'No import of yours has this token');
      }
      return progress;
    },
  );

  app.get(
    '/imports/templates/:kind',
    {
      config: { access: 'manager', area: 'imports' },
      schema: {
        tags: ['imports'],
        summary:
          'A CSV template of one kind (properties, units, tenants, staff) with an example row',
        params: importTemplateParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const columns = IMPORT_COLUMNS[request.params.kind];
      async function* example() {
        yield [columns];
      }
      return sendCsv(
        reply,
        `porchlight-${request.params.kind}.csv`,
        columns.map((column, index) => ({
          header: column.label,
          value: (row: typeof columns) => row[index]!.example,
        })),
        example(),
      );
    },
  );
}
