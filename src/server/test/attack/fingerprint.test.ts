import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { fingerprint } from './attack-kit';

describe('the fingerprint of every table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stays the same while nothing is written, and changes with a write after it was kept', async () => {
    const before = await fingerprint(t);
    expect(await fingerprint(t)).toEqual(before);
    await t.database.db.execute(
      sql`insert into jobs (kind, key, run_at) values ('fingerprint check', 'fingerprint check', now())`,
    );
    const after = await fingerprint(t);
    expect(after.jobs).not.toEqual(before.jobs);
    expect({ ...after, jobs: before.jobs }).toEqual(before);
  });
});
