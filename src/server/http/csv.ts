import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/**
 * A list as a CSV download, written while its rows are still being read: the rows come in
 * chunks (an async iterable of arrays, e.g. one database page at a time), so a long list never
 * sits whole in memory. csv-stringify quotes what needs quoting (commas, quotes, line breaks);
 * a text cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a
 * leading apostrophe, while numbers written as plain decimals (money, -12.50) stay as they are.
 */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null | undefined;
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell as a spreadsheet will show it, never as a formula. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** A safe `filename="..."` for Content-Disposition (letters, digits, dot, dash, underscore). */
function attachmentName(filename: string): string {
  return filename.replace(/[^\w.-]/g, '_');
}

/** Sends the rows as `text/csv`, an attachment named `filename`, with a header line. */
export function sendCsv<Row>(
  reply: FastifyReply,
  filename: string,
  columns: readonly CsvColumn<Row>[],
  chunks: AsyncIterable<Row[]>,
): FastifyReply {
  async function* records() {
    for await (const rows of chunks) {
      for (const row of rows) yield columns.map((column) => csvCell(column.value(row)));
    }
  }
  const csv = stringify({
    header: true,
    columns: columns.map((column) => column.header),
    record_delimiter: 'windows',
  });
  // A failure halfway (the database gone) ends the download short instead of hanging it.
  const body = pipeline(Readable.from(records()), csv, (error) => {
    if (error) reply.log.error({ err: error }, 'CSV download failed while streaming');
  });
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${attachmentName(filename)}"`)
    .send(body);
}

/** The pages of a list, read one after another until a short page, as sendCsv's chunks. */
export async function* pagesOf<Row>(
  readPage: (page: { limit: number; offset: number }) => Promise<Row[]>,
  pageSize = 500,
): AsyncIterable<Row[]> {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await readPage({ limit: pageSize, offset });
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
  }
}
