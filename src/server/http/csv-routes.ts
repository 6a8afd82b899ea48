import { z } from 'zod';
import { calendarDate } from '../../shared/dates';
import { formatDecimalCents, toCents } from '../../shared/money';
import { errorBodySchema } from '../../shared/schemas/common';
import { requestContext, runQuery, type Read } from '../context';
import type { Area } from '../../shared/permissions';
import type { Access } from '../modules/auth';
import { pagesOf, sendCsv, type CsvColumn } from './csv';
import type { PageRequest } from './paging';
import type { AppInstance } from './types';

/** Money as a CSV cell: 1234.50, never rounded by a float. */
export const csvMoney = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? null : formatDecimalCents(toCents(amount));

/** A timestamp as the landlord's calendar day (YYYY-MM-DD), which sorts in any spreadsheet. */
export const csvDay = (timeZone: string, instant: string | null | undefined) =>
  instant ? calendarDate(new Date(instant), timeZone) : null;

export interface CsvListRoute<Query extends z.ZodType, Row> {
  /** The list's name: the address is `/{name}.csv`, the file `{name}-YYYY-MM-DD.csv`. */
  name: string;
  tags: string[];
  summary: string;
  description: string;
  /** The list's own query without limit and offset: a download holds every matching row. */
  querystring: Query;
  access?: Access;
  /**
   * For managers: the download shows what the list's screen shows, so it is read as the
   * portfolio is (by every member) unless the list says otherwise.
   */
  area?: Area;
  /**
   * Refuses a filter naming another landlord's record. It runs before the first byte: once
   * the rows stream, the status line has gone and a refusal could only cut the file short.
   */
  authorize?: Read<z.output<Query>, void>;
  /** One page of rows, read through the list's own repository function. */
  readPage: Read<{ query: z.output<Query>; page: PageRequest }, Row[]>;
  /** The columns of the list's screen, in its order (after readPage, which types the rows). */
  columns: readonly CsvColumn<NoInfer<Row>>[];
}

/**
 * A list's CSV download beside its JSON list: same filters and sort, same columns as its
 * screen, every matching row (read a page at a time and streamed, never held whole).
 */
export function csvListRoute<Query extends z.ZodType, Row>(
  app: AppInstance,
  route: CsvListRoute<Query, Row>,
): void {
  app.get(
    `/${route.name}.csv`,
    {
      config: { access: route.access ?? 'manager', area: route.area ?? 'portfolio' },
      schema: {
        tags: route.tags,
        summary: route.summary,
        description: `${route.description} Columns: ${route.columns.map((c) => c.header).join(', ')}. Amounts are written as 1234.50; text a spreadsheet would run as a formula starts with an apostrophe.`,
        querystring: route.querystring,
        response: {
          200: {
            description: `text/csv attachment (${route.name}-YYYY-MM-DD.csv): a header line, then one line per row`,
            content: { 'text/csv': { schema: z.string() } },
          },
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const query = request.query as z.output<Query>;
      if (route.authorize) await runQuery(request, route.authorize, query);
      const { now, timeZone } = requestContext(request);
      // A read per page: a download never holds a connection while the client takes its bytes.
      const chunks = pagesOf((page) => runQuery(request, route.readPage, { query, page }));
      return sendCsv(
        reply,
        `${route.name}-${calendarDate(now, timeZone)}.csv`,
        route.columns,
        chunks,
      );
    },
  );
}
