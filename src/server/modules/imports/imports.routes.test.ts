import { deflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '../../../shared/schemas/imports';
import type { RentRollRow } from '../../../shared/schemas/money-reports';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { leasesTable } from '../leases';
import { propertiesTable } from '../properties';
import { tenantsTable } from '../tenants';
import { unitsTable } from '../units';
import { makeXlsx, postImport, type XlsxCell } from './imports.test-helpers';

const NOW = new Date('2026-06-15T15:00:00Z');

/** A small portfolio as a landlord's own spreadsheet would have it: their headers, not ours. */
function portfolio(overrides: { tenants?: XlsxCell[][] } = {}): Record<string, XlsxCell[][]> {
  return {
    Properties: [
      ['Property name', 'Street', 'City', 'State', 'Zip'],
      ['Maple Court', '12 Maple St', 'Springfield', 'IL', '62701'],
      ['Birch House', '4 Birch Rd', 'Springfield', 'IL', '62702'],
    ],
    Units: [
      ['Building', 'Unit #', 'Beds', 'Baths', 'Sq ft', 'Monthly rent'],
      ['Maple Court', '1A', 2, 1, 850, '1,200.00'],
      ['Maple Court', '1B', 1, 1, 600, 950],
      ['Birch House', '101', 3, 2, 1200, '$1,650.00'],
    ],
    Tenants: overrides.tenants ?? [
      [
        'Property',
        'Unit #',
        'First name',
        'Last name',
        'Email',
        'Phone',
        'Start date',
        'End date',
        'Monthly rent',
        'Security deposit',
        'Deposit paid',
      ],
      [
        'Maple Court',
        '1A',
        'Ana',
        'Lopez',
        'ana@example.com',
        '(217) 555-0101',
        '2025-09-01',
        '2026-08-31',
        '1,200',
        '1,200',
        '1,200',
      ],
      [
        'Birch House',
        '101',
        'Ben',
        'Okafor',
        'ben@example.com',
        '217-555-0102',
        '7/1/2026',
        '6/30/2027',
        '1650',
        '800',
        '',
      ],
    ],
    Staff: [
      ['Property', 'First name', 'Last name', 'Email', 'Phone', 'Position'],
      ['Maple Court', 'Sam', 'Ortiz', 'sam@example.com', '217-555-0199', 'Handyman'],
    ],
  };
}

const xlsx = (sheets: Record<string, XlsxCell[][]>) => ({
  bytes: makeXlsx(sheets),
  filename: 'portfolio.xlsx',
});

describe('importing a portfolio (POST /api/imports/preview, POST /api/imports)', () => {
  let t: TestApp;
  let landlord: TestUser;

  const counts = async () => ({
    properties: (await t.database.db.select().from(propertiesTable)).length,
    units: (await t.database.db.select().from(unitsTable)).length,
    tenants: (await t.database.db.select().from(tenantsTable)).length,
    leases: (await t.database.db.select().from(leasesTable)).length,
    events: (await t.database.db.select().from(auditEventsTable)).length,
  });

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    landlord = await signUpAndLogin(t, 'Landlord');
  });
  afterAll(() => t.close());

  it('previews every sheet with its headers matched by alias, and writes nothing', async () => {
    const before = await counts();
    const response = await postImport(landlord, '/api/imports/preview', xlsx(portfolio()));
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as ImportResult;
    expect(result.committed).toBe(false);
    expect(result.errors).toEqual([]);
    expect(result.sheets.map((s) => [s.name, s.kind, s.rows])).toEqual([
      ['Properties', 'properties', 2],
      ['Units', 'units', 3],
      ['Tenants', 'tenants', 2],
      ['Staff', 'staff', 1],
    ]);
    expect(result.sheets[1]!.mapping).toMatchObject({
      'Unit #': 'unitNumber',
      'Monthly rent': 'rent',
    });
    expect(result.created).toEqual({ properties: 2, units: 3, tenants: 2, leases: 2, staff: 1 });
    expect(await counts()).toEqual(before);
  });

  it("lists every row's errors by line and column, and a commit with errors writes nothing", async () => {
    const sheets = portfolio();
    sheets.Units![2] = ['Maple Court', '1B', 'two', 1, 600, '9,50'];
    sheets.Tenants![2] = [
      'Nowhere Plaza',
      '9',
      'Ben',
      'Okafor',
      'not-an-email',
      '217',
      '2026-07-01',
      '2026-06-30',
      '',
      '',
      '',
    ];
    const preview = (
      await postImport(landlord, '/api/imports/preview', xlsx(sheets))
    ).json() as ImportResult;
    expect(preview.errors).toEqual(
      expect.arrayContaining([
        {
          sheet: 'Units',
          line: 3,
          column: 'Beds',
          message: 'Bedrooms must be a number',
          value: 'two',
        },
        expect.objectContaining({ sheet: 'Units', line: 3, column: 'Monthly rent' }),
        expect.objectContaining({
          sheet: 'Tenants',
          line: 3,
          column: 'Property',
          message: expect.stringContaining('no property named Nowhere Plaza'),
        }),
      ]),
    );
    const before = await counts();
    const commit = await postImport(landlord, '/api/imports', xlsx(sheets));
    expect(commit.statusCode).toBe(400);
    expect(commit.json().message).toBe(
      '2 rows have errors: nothing was imported. Fix them and import again.',
    );
    expect(Object.keys(commit.json().errors)).toContain('Units line 3, Beds');
    expect(await counts()).toEqual(before);
  });

  it("undoes a commit that a service's rule refuses, and names the row (two tenants for one unit)", async () => {
    const sheets = portfolio();
    sheets.Tenants!.push([
      'Maple Court',
      '1A',
      'Cy',
      'Moss',
      'cy@example.com',
      '217-555-0103',
      '',
      '',
      '',
      '',
      '',
    ]);
    const before = await counts();
    const commit = await postImport(landlord, '/api/imports', xlsx(sheets));
    expect(commit.statusCode, commit.body).toBe(400);
    expect(commit.json().errors).toEqual({
      'Tenants line 4': ['This unit is no longer available'],
    });
    expect(await counts()).toEqual(before);
  });

  it("charges rent from the day a lease's 'Rent charged from' names, never before its start", async () => {
    const other = await signUpAndLogin(t, 'Landlord');
    const { Properties, Units } = portfolio();
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
        'Rent charged from',
      ],
      [
        'Maple Court',
        '1A',
        'Di',
        'Ng',
        'di@example.com',
        '217-555-0104',
        '2025-01-01',
        '2026-12-31',
        '2026-03-01',
      ],
      [
        'Maple Court',
        '1B',
        'Ed',
        'Yu',
        'ed@example.com',
        '217-555-0105',
        '2025-01-01',
        '2026-12-31',
        '2024-12-01',
      ],
    ];
    const file = xlsx({ Properties: Properties!, Units: Units!, Tenants: tenants });
    const preview = (await postImport(other, '/api/imports/preview', file)).json() as ImportResult;
    expect(preview.errors).toEqual([
      {
        sheet: 'Tenants',
        line: 3,
        column: 'Rent charged from',
        message: 'Rent charged from cannot be before the lease start',
        value: '2024-12-01',
      },
    ]);
    tenants[2]![8] = '';
    const response = await postImport(
      other,
      '/api/imports',
      xlsx({ Properties: Properties!, Units: Units!, Tenants: tenants }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const leases = await t.database.db.select().from(leasesTable);
    expect(leases.find((l) => l.firstName === 'Di')!.rentChargedFrom).toBe('2026-03-01');
    expect(leases.find((l) => l.firstName === 'Ed')!.rentChargedFrom).toBe('2026-06-15');
  });

  it("reads a lease's Due day: 1-28 or last, and names a bad one", async () => {
    const other = await signUpAndLogin(t, 'Landlord');
    const { Properties, Units } = portfolio();
    const header = ['Property', 'Unit', 'First name', 'Last name', 'Email', 'Phone'];
    const person = (unit: string, name: string, phone: string) => [
      'Maple Court',
      unit,
      name,
      'Ng',
      `${name.toLowerCase()}@example.com`,
      phone,
      '2026-07-15',
      '2027-07-14',
    ];
    const tenants: XlsxCell[][] = [
      [...header, 'Lease start', 'Lease end', 'Due day'],
      [...person('1A', 'Fay', '217-555-0106'), '1'],
      [...person('1B', 'Gus', '217-555-0107'), 'the 5th'],
    ];
    const file = () => xlsx({ Properties: Properties!, Units: Units!, Tenants: tenants });
    const preview = (
      await postImport(other, '/api/imports/preview', file())
    ).json() as ImportResult;
    expect(preview.errors).toEqual([
      {
        sheet: 'Tenants',
        line: 3,
        column: 'Due day',
        message: 'Due day must be 1-28 or last',
        value: 'the 5th',
      },
    ]);
    tenants[2]![8] = 'Last';
    const response = await postImport(other, '/api/imports', file());
    expect(response.statusCode, response.body).toBe(201);
    const leases = await t.database.db.select().from(leasesTable);
    expect(leases.find((l) => l.firstName === 'Fay')!.rentDueDay).toBe(1);
    expect(leases.find((l) => l.firstName === 'Gus')!.rentDueDay).toBe(31);
  });

  it('reads the cells corrected in the preview instead of the file', async () => {
    const sheets = portfolio();
    sheets.Units![2] = ['Maple Court', '1B', 'two', 1, 600, 950];
    const file = xlsx(sheets);
    const [error] = (
      (await postImport(landlord, '/api/imports/preview', file)).json() as ImportResult
    ).errors;
    expect(error).toMatchObject({ sheet: 'Units', line: 3, column: 'Beds', value: 'two' });
    const fixed = { sheets: { Units: { edits: { '3': { Beds: '2' } } } } };
    const preview = (
      await postImport(landlord, '/api/imports/preview', file, fixed)
    ).json() as ImportResult;
    expect(preview.errors).toEqual([]);
    expect(preview.created.units).toBe(3);
  });

  it('commits all rows through the services (events, unit status, deposits), then a second import adds nothing', async () => {
    const before = await counts();
    const response = await postImport(landlord, '/api/imports', xlsx(portfolio()));
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as ImportResult).created).toEqual({
      properties: 2,
      units: 3,
      tenants: 2,
      leases: 2,
      staff: 1,
    });
    const after = await counts();
    // One audit event per record, a unit status change per placed tenant, a deposit receipt.
    expect(after.events - before.events).toBe(2 + 3 + 2 + 2 + 2 + 1 + 1);

    const leases = await t.database.db.select().from(leasesTable);
    const ana = leases.find((lease) => lease.firstName === 'Ana')!;
    // Began before the import: its past rent was settled in the earlier books.
    expect(ana).toMatchObject({ rent: 120000, deposit: 120000, rentChargedFrom: '2026-06-15' });
    const ben = leases.find((lease) => lease.firstName === 'Ben')!;
    expect(ben).toMatchObject({
      startDate: '2026-07-01',
      endDate: '2027-06-30',
      rentChargedFrom: null,
    });

    const roll = (
      await landlord.request({ method: 'GET', url: '/api/rent-roll' })
    ).json() as RentRollRow[];
    expect(
      roll.map((r) => [r.propertyName, r.unitNumber, r.unitStatus, r.tenantName, r.rent]),
    ).toEqual([
      ['Birch House', '101', 'Rented', 'Ben Okafor', 1650],
      ['Maple Court', '1A', 'Rented', 'Ana Lopez', 1200],
      ['Maple Court', '1B', 'Available', null, null],
    ]);
    const deposit = (
      await landlord.request({ method: 'GET', url: `/api/leases/${ana.id}/deposit` })
    ).json();
    expect(deposit).toMatchObject({ agreed: 1200, received: 1200 });

    const again = await postImport(landlord, '/api/imports', xlsx(portfolio()));
    expect(again.statusCode, again.body).toBe(201);
    expect((again.json() as ImportResult).created).toEqual({
      properties: 0,
      units: 0,
      tenants: 0,
      leases: 0,
      staff: 0,
    });
    expect((again.json() as ImportResult).existing).toEqual({
      properties: 2,
      units: 3,
      tenants: 2,
      leases: 2,
      staff: 1,
    });
    expect(await counts()).toEqual(after);
  });

  it('tells the screen how far an import named by its token has come, and no one else', async () => {
    const token = 'c0ffee00-1234-4abc-9def-001122334455';
    const response = await postImport(
      landlord,
      `/api/imports/preview?progress=${token}`,
      xlsx(portfolio()),
    );
    expect(response.statusCode, response.body).toBe(200);
    const progress = await landlord.request({
      method: 'GET',
      url: `/api/imports/progress/${token}`,
    });
    // Every row of the four sheets counted (2 + 3 + 2 + 1), once checked and written.
    expect(progress.json()).toEqual({ phase: 'done', done: 8, total: 8 });
    const other = await signUpAndLogin(t, 'Landlord');
    const theirs = await other.request({ method: 'GET', url: `/api/imports/progress/${token}` });
    expect(theirs.statusCode).toBe(404);
    const bad = await landlord.request({ method: 'GET', url: '/api/imports/progress/x' });
    expect(bad.statusCode).toBe(400);
  });

  it("reads another landlord's sheet against their own properties only", async () => {
    const other = await signUpAndLogin(t, 'Landlord');
    const { Units } = portfolio();
    const response = await postImport(other, '/api/imports/preview', {
      bytes: makeXlsx({ Units: Units! }),
      filename: 'u.xlsx',
    });
    const result = response.json() as ImportResult;
    expect(result.errors.map((e) => e.message)).toContain(
      'There is no property named Maple Court: add it to the properties sheet first',
    );
  });

  it('takes the mapping the person corrected: a header of no alias, and a column left out', async () => {
    const csv = 'Building,Apt,Beds,Baths,Area,Cost,Notes\nMaple Court,2A,1,1,500,800,=cmd|calc\n';
    const auto = (
      await postImport(landlord, '/api/imports/preview', {
        bytes: csv,
        filename: 'building-list.csv',
      })
    ).json() as ImportResult;
    expect(auto.sheets[0]!.kind).toBe(null);
    const choices = {
      sheets: {
        'building-list': { kind: 'units', mapping: { Cost: 'rent', Notes: 'description' } },
      },
    };
    const response = await postImport(
      landlord,
      '/api/imports',
      { bytes: csv, filename: 'building-list.csv' },
      choices,
    );
    expect(response.statusCode, response.body).toBe(201);
    const [unit] = await t.database.db
      .select()
      .from(unitsTable)
      .where(eq(unitsTable.unitNumber, '2A'));
    // A cell that looks like a formula is kept as the text it is, never run.
    expect(unit).toMatchObject({ rent: 80000, description: '=cmd|calc' });
  });
});

describe('files an import refuses or reads with care', () => {
  let t: TestApp;
  let landlord: TestUser;
  const preview = (bytes: Buffer | string, filename = 'file.csv') =>
    postImport(landlord, '/api/imports/preview', { bytes, filename });
  const PROPERTY_HEADER = 'Property,Address,City,State,Zip code,Description';

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    landlord = await signUpAndLogin(t, 'Landlord');
  });
  afterAll(() => t.close());

  it('refuses UTF-16 and text in another encoding, saying how to save it', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`${PROPERTY_HEADER}\n`, 'utf16le'),
    ]);
    const a = await preview(utf16);
    expect(a.statusCode).toBe(400);
    expect(a.json().message).toBe(
      'The file is UTF-16 text. Save it as "CSV UTF-8" (comma delimited) and try again.',
    );
    const latin1 = Buffer.from(
      `${PROPERTY_HEADER}\nCaf\xe9 Row,1 Main,Springfield,IL,62701,\n`,
      'latin1',
    );
    const b = await preview(latin1);
    expect(b.statusCode).toBe(400);
    expect(b.json().message).toContain('not UTF-8 text (line 2');
  });

  it('reads a byte-order mark, semicolons and a quoted line break', async () => {
    const csv = `\ufeffProperty;Address;City;State;Zip code;Description\r\n"Elm; North";1 Elm;Springfield;IL;62701;"two\nlines"\r\n`;
    const response = await preview(csv);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as ImportResult;
    expect(result.sheets[0]!.mapping.Property).toBe('name');
    expect(result.errors).toEqual([]);
    expect(result.created.properties).toBe(1);
  });

  it('never runs a formula: a formula cell is text and a number column says so', async () => {
    const csv = `${PROPERTY_HEADER}\n=HYPERLINK("http://x"),+1 Main,@City,IL,62701,-2\n`;
    const result = (await preview(csv)).json() as ImportResult;
    expect(result.errors).toEqual([]);
    const units = 'Property,Unit,Bedrooms,Bathrooms,Square feet,Rent\nAny,1,=1+1,1,1,=SUM(A1:A2)\n';
    const errors = ((await preview(units)).json() as ImportResult).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ column: 'Bedrooms', message: 'Bedrooms must be a number' }),
        expect.objectContaining({ column: 'Rent' }),
      ]),
    );
    const book = makeXlsx({
      Units: [
        ['Property', 'Unit', 'Bedrooms', 'Bathrooms', 'Square feet', 'Rent'],
        ['Any', '1', { formula: '1+1', value: '2' }, 1, 1, 5],
      ],
    });
    const fromXlsx = (await preview(book, 'u.xlsx')).json() as ImportResult;
    expect(fromXlsx.errors.map((e) => e.column)).toEqual(['Property']);
  });

  it('refuses an empty file, an empty sheet and a header with no rows', async () => {
    expect((await preview('')).json().message).toBe('The file is empty');
    expect((await preview('{')).json().message).toBe('The file is not valid JSON');
    expect((await preview('P')).json().message).toContain('no rows to import');
    expect((await preview(`${PROPERTY_HEADER}\n`)).json().message).toBe(
      'The file has no rows to import: its sheets are empty or hold only a header',
    );
    const empty = await preview(makeXlsx({ Sheet1: [] }), 'empty.xlsx');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('no rows to import');
  });

  it('refuses a file over 50 MB with 413 and more than 100,000 rows with 400', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 1, 'a');
    const tooBig = await preview(big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(
      'The file is larger than 50 MB. Split it into smaller files.',
    );
    const long = `${PROPERTY_HEADER}\n${'A,1 Main,X,IL,62701,\n'.repeat(100_001)}`;
    const tooLong = await preview(long);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(
      'The file has more than 100,000 rows. Split it into smaller files.',
    );
  });

  it('refuses a zip bomb posing as .xlsx, and a damaged workbook, without a 500', async () => {
    const bomb = makeXlsx({ Units: [['Property']] });
    // The sheet's part replaced by 300 MB of zeros that pack into a few hundred KB.
    const zeros = deflateRawSync(Buffer.alloc(300 * 1024 * 1024), { level: 9 });
    const lying = replaceLastEntry(bomb, zeros);
    const response = await preview(lying, 'bomb.xlsx');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('unpacks to more than 200 MB');

    const damaged = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100, 7)]);
    const broken = await preview(damaged, 'broken.xlsx');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toContain('damaged or not a workbook');
    const renamed = await preview('hello', 'old.xls');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toContain('not an Excel workbook');
  });

  it('asks for a multipart file', async () => {
    const response = await landlord.request({
      method: 'POST',
      url: '/api/imports/preview',
      payload: { file: 'x' },
    });
    expect(response.statusCode).toBe(415);
  });

  it('offers a template per kind, with its columns and an example row', async () => {
    const response = await landlord.request({
      method: 'GET',
      url: '/api/imports/templates/tenants',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, example] = response.body.trim().split('\r\n');
    expect(header).toBe(
      'Property,Unit,First name,Last name,Email,Phone,Lease start,Lease end,Rent,Deposit,Deposit received,Rent charged from,Due day',
    );
    expect(example).toContain('ana@example.com');
    expect(
      (await landlord.request({ method: 'GET', url: '/api/imports/templates/pets' })).statusCode,
    ).toBe(400);
  });
});

/**
 * A zip whose last entry's data is replaced by `data` (deflated), with the sizes in its
 * headers left as they were: a bomb does not tell the truth about what it unpacks to.
 */
function replaceLastEntry(zip: Buffer, data: Buffer): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const centralStart = zip.readUInt32LE(end + 16);
  const entries = zip.readUInt16LE(end + 10);
  let at = centralStart;
  let last = at;
  for (let i = 0; i < entries; i++) {
    last = at;
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  const local = zip.readUInt32LE(last + 42);
  const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  const header = Buffer.from(zip.subarray(0, dataStart));
  header.writeUInt16LE(8, local + 8);
  header.writeUInt32LE(data.length, local + 18);
  const central = Buffer.from(zip.subarray(centralStart, end + 22));
  const entry = last - centralStart;
  central.writeUInt16LE(8, entry + 10);
  central.writeUInt32LE(data.length, entry + 20);
  central.writeUInt32LE(dataStart + data.length, central.length - 22 + 16);
  return Buffer.concat([header, data, central]);
}
