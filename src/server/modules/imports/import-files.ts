import { inflateRawSync } from 'node:zlib';
import { parse as parseCsv } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { IMPORT_LIMITS } from '../../../shared/schemas/imports';
import { AppError, badRequest } from '../../http/errors';
import { sheetsOfPropertyExport } from './export-document';

/** A sheet of a file as text cells: the first row is the header. */
export interface RawSheet {
  name: string;
  rows: string[][];
}

const refuse = (code: string, message: string) => badRequest(`imports.${code}`, message, 'file');

export const fileTooLarge = () =>
  new AppError(
    413,
    'imports.too_large',
    'The file is larger than 50 MB. Split it into smaller files.',
    {
      file: ['The file is larger than 50 MB. Split it into smaller files.'],
    },
  );

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;

/**
 * Reads a file as the sheets of an import: an .xlsx workbook (every sheet), a CSV file (one
 * sheet), or Porchlight's property export (JSON, turned into sheets by the caller). Anything
 * it cannot read is a 400 that says why; nothing in a cell is ever evaluated.
 */
export async function readImportFile(bytes: Buffer, fileName: string): Promise<RawSheet[]> {
  if (bytes.length === 0) throw refuse('empty', 'The file is empty');
  if (bytes.length > IMPORT_LIMITS.bytes) throw fileTooLarge();
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === ZIP_LOCAL) return readWorkbook(bytes);
  if (/\.(xlsx|xlsm|xls|ods)$/i.test(fileName)) {
    throw refuse(
      'not_xlsx',
      'This file is not an Excel workbook (.xlsx). Save it as .xlsx or as CSV UTF-8 and try again.',
    );
  }
  const text = decodeText(bytes);
  if (/^\s*\{/.test(text)) return sheetsOfPropertyExport(text);
  const name = fileName.replace(/\.[^.]*$/, '') || 'file';
  return [{ name, rows: readCsv(text) }];
}

/** The file's text: UTF-8 (a byte-order mark is dropped). UTF-16 and other encodings are refused. */
export function decodeText(bytes: Buffer): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw refuse(
      'encoding',
      'The file is UTF-16 text. Save it as "CSV UTF-8" (comma delimited) and try again.',
    );
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    const lossy = new TextDecoder('utf-8').decode(bytes);
    const at = lossy.indexOf('\ufffd');
    const line = lossy.slice(0, Math.max(at, 0)).split('\n').length;
    throw refuse(
      'encoding',
      `The file is not UTF-8 text (line ${line} has a character that is not). Save it as "CSV UTF-8" and try again.`,
    );
  }
}

/** The delimiter of the header line: comma, semicolon (European spreadsheets) or tab. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, header.split(d).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

export function readCsv(text: string): string[][] {
  if (text.includes('\u0000')) {
    throw refuse('binary', 'The file is not a CSV or .xlsx file (it holds binary data)');
  }
  let rows: string[][];
  try {
    rows = parseCsv(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      // A quote inside an unquoted cell (=HYPERLINK("...")) is part of its text.
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      // One row more than allowed (plus the header) is enough to know the file is too long.
      to: IMPORT_LIMITS.rows + 2,
      max_record_size: 1_000_000,
    }) as string[][];
  } catch (error) {
    const { lines, message } = error as { lines?: number; message?: string };
    const reason = /quote/i.test(message ?? '')
      ? 'a quoted value is not closed'
      : 'it is not comma, semicolon or tab separated text';
    throw refuse(
      'bad_csv',
      `The CSV file could not be read${lines ? ` at line ${lines}` : ''}: ${reason}.`,
    );
  }
  return withoutBlankRows(rows);
}

function withoutBlankRows(rows: string[][]): string[][] {
  return rows.filter((row) => row.some((cell) => cell.trim() !== ''));
}

/**
 * Before an .xlsx is opened, every part it holds is inflated with a bound on what it may
 * unpack to, so a small file that would unpack to gigabytes (a zip bomb) is refused instead of
 * filling memory. The sizes written in the archive are not trusted: the bytes are counted.
 */
export function checkZipBound(bytes: Buffer, limit: number = IMPORT_LIMITS.unpackedBytes): void {
  const bad = () =>
    refuse(
      'bad_xlsx',
      'The .xlsx file is damaged or not a workbook. Save it again from your spreadsheet.',
    );
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (bytes.readUInt32LE(at) === ZIP_END) {
      end = at;
      break;
    }
  }
  if (end < 0) throw bad();
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (entries > 10_000) throw bad();
  let unpacked = 0;
  for (let index = 0; index < entries; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== ZIP_CENTRAL) throw bad();
    const method = bytes.readUInt16LE(at + 10);
    const packedSize = bytes.readUInt32LE(at + 20);
    const local = bytes.readUInt32LE(at + 42);
    at +=
      46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== ZIP_LOCAL) throw bad();
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (packedSize === 0xffffffff || start + packedSize > bytes.length) throw bad();
    const packed = bytes.subarray(start, start + packedSize);
    let size: number;
    if (method === 0) size = packed.length;
    else if (method === 8) {
      try {
        size = inflateRawSync(packed, { maxOutputLength: limit - unpacked + 1 }).length;
      } catch (error) {
        if (
          error instanceof RangeError ||
          (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
        ) {
          size = limit + 1;
        } else throw bad();
      }
    } else throw bad();
    unpacked += size;
    if (unpacked > limit) {
      throw refuse(
        'too_large_unpacked',
        `The .xlsx file unpacks to more than ${limit / 1024 / 1024} MB, more than any portfolio needs. It was not opened.`,
      );
    }
  }
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return String(cell).trim();
}

async function readWorkbook(bytes: Buffer): Promise<RawSheet[]> {
  checkZipBound(bytes);
  let sheets: { sheet: string; data: unknown[][] }[];
  try {
    sheets = (await readXlsxFile(bytes)) as { sheet: string; data: unknown[][] }[];
  } catch {
    throw refuse(
      'bad_xlsx',
      'The .xlsx file is damaged or not a workbook. Save it again from your spreadsheet.',
    );
  }
  return sheets.map(({ sheet, data }) => ({
    name: sheet,
    rows: withoutBlankRows(data.map((row) => row.map(cellText))),
  }));
}
