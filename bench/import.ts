// The import rows of `npm run bench` (`--only import`): a portfolio brought in from two
// workbooks as the /import screen sends them, each previewed and then committed, timed apart:
// 100 properties with 5,000 units, then 5,000 tenants each with a lease (and a deposit
// received for every other one). Then both files again: nothing is created, and that is timed.
import { makeXlsx, type XlsxCell } from '../src/server/modules/imports/imports.test-helpers';

export const IMPORT_SIZE = { properties: 100, unitsPerProperty: 50 } as const;

export interface ImportRow {
  name: string;
  rows: number;
  seconds: number;
  status: number;
  created: Record<string, number>;
  existing: Record<string, number>;
  errors: number;
}

const property = (p: number) => `Bench Court ${p + 1}`;

/** 100 properties and 5,000 units, in two sheets of one workbook. */
export function unitsWorkbook(): Buffer {
  const properties: XlsxCell[][] = [['Property', 'Address', 'City', 'State', 'Zip code']];
  const units: XlsxCell[][] = [
    ['Property', 'Unit', 'Bedrooms', 'Bathrooms', 'Square feet', 'Rent'],
  ];
  for (let p = 0; p < IMPORT_SIZE.properties; p++) {
    properties.push([property(p), `${100 + p} Orchard Ave`, 'Springfield', 'IL', '62701']);
    for (let u = 0; u < IMPORT_SIZE.unitsPerProperty; u++) {
      units.push([property(p), `${u + 1}`, 1 + (u % 3), 1, 600 + u, '1,250.00']);
    }
  }
  return makeXlsx({ Properties: properties, Units: units });
}

/** One tenant with a lease in every unit: 5,000 rows. */
export function tenantsWorkbook(): Buffer {
  const tenants: XlsxCell[][] = [
    [
      'Property',
      'Unit',
      'First name',
      'Last name',
      'Email',
      'Phone',
      'Lease start',
      'Lease end',
      'Rent',
      'Deposit',
      'Deposit received',
    ],
  ];
  let n = 0;
  for (let p = 0; p < IMPORT_SIZE.properties; p++) {
    for (let u = 0; u < IMPORT_SIZE.unitsPerProperty; u++) {
      n++;
      tenants.push([
        property(p),
        `${u + 1}`,
        'Tenant',
        `Number${n}`,
        `tenant${n}@example.com`,
        '(212) 555-0142',
        '2026-01-01',
        '2026-12-31',
        '1,250.00',
        '1,250.00',
        n % 2 === 0 ? '1,250.00' : '',
      ]);
    }
  }
  return makeXlsx({ Tenants: tenants });
}

async function send(
  baseUrl: string,
  cookie: string,
  url: string,
  bytes: Buffer,
): Promise<{ status: number; seconds: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'portfolio.xlsx');
  const started = performance.now();
  const response = await fetch(baseUrl + url, { method: 'POST', headers: { cookie }, body: form });
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, seconds: (performance.now() - started) / 1000, body };
}

/** Preview then commit of each file, then both files again (which creates nothing). */
export async function measureImport(baseUrl: string, cookie: string): Promise<ImportRow[]> {
  const files = [
    {
      label: `${IMPORT_SIZE.properties} properties + ${IMPORT_SIZE.properties * IMPORT_SIZE.unitsPerProperty} units`,
      rows: IMPORT_SIZE.properties * (1 + IMPORT_SIZE.unitsPerProperty),
      bytes: unitsWorkbook(),
    },
    {
      label: `${IMPORT_SIZE.properties * IMPORT_SIZE.unitsPerProperty} tenants + leases`,
      rows: IMPORT_SIZE.properties * IMPORT_SIZE.unitsPerProperty,
      bytes: tenantsWorkbook(),
    },
  ];
  const rows: ImportRow[] = [];
  const step = async (name: string, rowCount: number, url: string, bytes: Buffer) => {
    process.stdout.write(`import: ${name}... `);
    const { status, seconds, body } = await send(baseUrl, cookie, url, bytes);
    const row: ImportRow = {
      name,
      rows: rowCount,
      seconds,
      status,
      created: (body.created as Record<string, number>) ?? {},
      existing: (body.existing as Record<string, number>) ?? {},
      errors: Array.isArray(body.errors) ? body.errors.length : 0,
    };
    console.log(
      `${status} in ${seconds.toFixed(2)} s`,
      row.created,
      row.errors ? `${row.errors} errors` : '',
    );
    rows.push(row);
  };
  for (const file of files) {
    await step(`preview ${file.label}`, file.rows, '/api/imports/preview', file.bytes);
    await step(`commit ${file.label}`, file.rows, '/api/imports', file.bytes);
  }
  for (const file of files) {
    await step(`commit again (nothing new) ${file.label}`, file.rows, '/api/imports', file.bytes);
  }
  return rows;
}
