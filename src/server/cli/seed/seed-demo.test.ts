import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPropertyWithUnits } from '../../test/fixtures';
import { createTestApp, login, signUpAndLogin, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './generate';

describe('seed --demo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("creates and touches only its own accounts and records, never a real landlord's", async () => {
    // A real landlord whose units are all Available: what the old demo attached past tenants to.
    const real = await signUpAndLogin(t, 'Landlord');
    await createPropertyWithUnits(real, ['Available', 'Available', 'Available', 'Available']);
    const theirs = async () => {
      const read = async (url: string) => (await real.request({ method: 'GET', url })).json();
      return {
        units: await read('/api/units?mine=true'),
        tenants: await read('/api/tenants'),
        leases: await read('/api/leases'),
        properties: await read('/api/properties?mine=true'),
      };
    };
    const before = await theirs();
    expect(before.units).toHaveLength(4);

    const result = await seedDemo(t.database.db);
    expect(result.created).toBe(true);
    expect(await theirs()).toEqual(before);

    // The demo's former tenants live in the history of the demo landlords' own units.
    const alice = await login(t, 'alice.landlord', DEMO_PASSWORD);
    const bruno = await login(t, 'bruno.landlord', DEMO_PASSWORD);
    const pastTenants = [];
    for (const demo of [alice, bruno]) {
      const tenants = (await demo.request({ method: 'GET', url: '/api/tenants' })).json() as {
        movedOutOn: string | null;
      }[];
      pastTenants.push(...tenants.filter((tenant) => tenant.movedOutOn !== null));
    }
    expect(pastTenants).toHaveLength(4);

    // Alice's maintenance shows every state: open, overdue and completed work orders.
    const counts = (await alice.request({ method: 'GET', url: '/api/work-orders/counts' })).json();
    expect(counts).toEqual({ open: 4, emergency: 1, overdue: 1 });
    const done = (
      await alice.request({ method: 'GET', url: '/api/work-orders?open=false' })
    ).json() as { status: string }[];
    expect(done.map((o) => o.status).sort()).toEqual(['Closed', 'Done']);

    // Seeding again finds the demo in place and changes nothing.
    expect((await seedDemo(t.database.db)).created).toBe(false);
    expect(await theirs()).toEqual(before);
  });
});
