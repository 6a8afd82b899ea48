import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_LIMIT } from '../../modules/applications';
import { createTestApp, signUpAndLogin, type TestApp } from '../test-app';
import { createPropertyWithUnits } from '../fixtures';
import {
  buildWorld,
  fillPath,
  fingerprint,
  listOperations,
  sampleBodyFor,
  type Operation,
  type World,
} from './attack-kit';

/**
 * Input the database cannot hold: a NUL character in any text field, a date in year 0000.
 * Every such body is a 400 from validation (a login a 401, as every bad login), before any
 * limit is charged, and writes nothing. Fields are taken from the OpenAPI route table, so a
 * body that lands later is covered too.
 */
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
});
afterAll(() => t?.close());

interface FieldSchema {
  type?: string | string[];
  format?: string;
  anyOf?: FieldSchema[];
  oneOf?: FieldSchema[];
}

const acceptsString = (s: FieldSchema): boolean =>
  s.type === 'string' ||
  (Array.isArray(s.type) && s.type.includes('string')) ||
  [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(acceptsString);

/** Passwords are hashed, never stored as text. */
const NOT_TEXT = new Set(['password']);
const isDateField = (name: string) => /Date$/.test(name);

function textFields(op: Operation): string[] {
  return Object.entries(op.body?.properties ?? {})
    .filter(([name, s]) => acceptsString(s as FieldSchema) && !NOT_TEXT.has(name))
    .map(([name]) => name);
}

const expectedStatus = (op: Operation) => (op.key === 'POST /api/authentication/login' ? 401 : 400);

async function send(op: Operation, body: Record<string, unknown>) {
  const before = await fingerprint(t);
  const response = await world.a.request({
    method: op.method,
    url: fillPath(op, world.ids),
    payload: body,
  });
  const after = await fingerprint(t);
  return { response, wrote: JSON.stringify(before) !== JSON.stringify(after) };
}

describe('text the database cannot hold', () => {
  it('finds text fields to try', () => {
    const count = listOperations(t).reduce((n, op) => n + textFields(op).length, 0);
    expect(count).toBeGreaterThan(20);
  });

  it('refuses a NUL character in every text field of every body, and writes nothing', async () => {
    const failures: string[] = [];
    for (const op of listOperations(t)) {
      for (const field of textFields(op)) {
        const valid = sampleBodyFor(op, world.ids);
        const sample = typeof valid[field] === 'string' ? (valid[field] as string) : 'text';
        const { response, wrote } = await send(op, { ...valid, [field]: `${sample}\u0000x` });
        const label = `${op.key} ${field}: ${response.statusCode} ${response.body.slice(0, 160)}`;
        if (response.statusCode !== expectedStatus(op) || wrote) failures.push(label);
        else if (typeof response.json().message !== 'string') failures.push(label);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses dates outside 1900-01-01 .. 9999-12-31 with a field error, and writes nothing', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const op of listOperations(t)) {
      for (const field of textFields(op).filter(isDateField)) {
        for (const date of ['0000-01-01', '0001-12-31', '1899-12-31']) {
          tried++;
          const valid = sampleBodyFor(op, world.ids);
          // Both dates of a lease out of range, so the end-after-start rule is not what refuses it.
          const body = {
            ...valid,
            [field]: date,
            ...(field === 'endDate' ? { startDate: date } : {}),
          };
          const { response, wrote } = await send(op, body);
          const label = `${op.key} ${field}=${date}: ${response.statusCode} ${response.body.slice(0, 160)}`;
          if (response.statusCode !== 400 || wrote || !response.json().errors?.[field]) {
            failures.push(label);
          }
        }
      }
    }
    expect(tried).toBeGreaterThanOrEqual(12);
    expect(failures).toEqual([]);
  });

  it('accepts the first and last dates of the range', async () => {
    const op = listOperations(t).find((o) => o.key === 'POST /api/leases')!;
    const { response } = await send(op, {
      ...sampleBodyFor(op, world.ids),
      startDate: '1900-01-01',
      endDate: '9999-12-31',
      status: 'Expired',
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it("a NUL in an application's message uses up none of the address's hourly applications", async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const { units } = await createPropertyWithUnits(landlord);
    const apply = (message: string) =>
      t.request({
        method: 'POST',
        url: '/api/applications',
        remoteAddress: '198.51.100.77',
        payload: {
          unitId: units[0]!.id,
          firstName: 'Jane',
          lastName: 'Applicant',
          email: 'jane@example.com',
          phoneNumber: '+12125550199',
          moveInDate: '2099-01-01',
          message,
        },
      });
    for (let i = 0; i < APPLICATION_LIMIT.limit + 5; i++) {
      expect((await apply('a\u0000b')).statusCode).toBe(400);
    }
    expect((await apply('A quiet cat.')).statusCode).toBe(201);
  });
});
