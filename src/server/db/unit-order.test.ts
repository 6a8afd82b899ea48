import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareUnitNumbers } from '../../shared/unit-numbers';
import { createTestApp, type TestApp } from '../test/test-app';
import { unitNumberOrder } from './unit-order';
import { z } from 'zod';
import { readRows } from './read-rows';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function sortedInSql(numbers: string[], direction: 'ASC' | 'DESC' = 'ASC') {
  const n = sql`v.n`;
  const rows = await readRows(
    t.database.db,
    sql`SELECT v.n FROM (VALUES ${sql.join(
      numbers.map((number) => sql`(${number}::text)`),
      sql`, `,
    )}) AS v(n)
        ORDER BY ${unitNumberOrder(n)} ${sql.raw(direction)}, v.n COLLATE "C" ${sql.raw(direction)}`,
    z.object({ n: z.string() }),
  );
  return rows.map((row) => row.n);
}

// Digits, letters of both cases, separators and a few characters beyond ASCII.
const unitChar = fc.constantFrom(...'0123456789012345aAbBzZ -#/._éÉßÅ漢'.split(''), '😀');
const unitNumber = fc
  .array(unitChar, { minLength: 1, maxLength: 8 })
  .map((chars) => chars.join(''))
  .filter((text) => text.trim() === text && text !== '');

describe('unitNumberOrder, the SQL twin of compareUnitNumbers', () => {
  it('sorts as people count: 1, 2, 10, 16; 1A < 1B < 2A; 101 < 1010', async () => {
    const numbers = ['16', '2', '1010', '1B', '10', 'Garage', '2A', '1', '101', '1A', '007'];
    expect(await sortedInSql(numbers)).toEqual([
      '1',
      '1A',
      '1B',
      '2',
      '2A',
      '007',
      '10',
      '16',
      '101',
      '1010',
      'Garage',
    ]);
    expect([...numbers].sort(compareUnitNumbers)).toEqual(await sortedInSql(numbers));
  });

  it('agrees with compareUnitNumbers on random unit numbers, both ways', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(unitNumber, { minLength: 2, maxLength: 25 }), async (numbers) => {
        const expected = [...numbers].sort(compareUnitNumbers);
        expect(await sortedInSql(numbers)).toEqual(expected);
        expect(await sortedInSql(numbers, 'DESC')).toEqual([...expected].reverse());
      }),
      { numRuns: 150 },
    );
  });

  it('compares leading numbers longer than any integer type', async () => {
    const numbers = ['99999999999999999999999', '100000000000000000000000', '9'];
    expect(await sortedInSql(numbers)).toEqual([
      '9',
      '99999999999999999999999',
      '100000000000000000000000',
    ]);
  });
});
