import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '../../../shared/schemas/applications';
import type { Lease } from '../../../shared/schemas/leases';
import type { PortalHome } from '../../../shared/schemas/portal';
import type { Property } from '../../../shared/schemas/properties';
import type { Staff } from '../../../shared/schemas/staff';
import type { Unit } from '../../../shared/schemas/units';
import type { WorkerQueue } from '../../../shared/schemas/worker-queue';
import { createPropertyWithUnits } from '../../test/fixtures';
import {
  createTestApp,
  login,
  signUpAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { DEMO_PASSWORD, seedDemo, US_CITIES } from './generate';

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

    const result = await seedDemo(t.database.db, t.config.timeZone);
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
    expect((await seedDemo(t.database.db, t.config.timeZone)).created).toBe(false);
    expect(await theirs()).toEqual(before);
  });

  it('looks like a real portfolio: addresses that agree, names that match the logins, ~90% let, every part of the story', async () => {
    const today = new Date('2026-06-20T12:00:00Z');
    const story = await createTestApp();
    try {
      story.clock.now = today;
      await seedDemo(story.database.db, story.config.timeZone, today);
      const get = async <T>(user: TestUser, url: string): Promise<T> => {
        const response = await user.request({ method: 'GET', url });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as T;
      };
      const alice = await login(story, 'alice.landlord', DEMO_PASSWORD);
      const bruno = await login(story, 'bruno.landlord', DEMO_PASSWORD);

      // City, state and ZIP come together from a table of real places.
      const places = new Set(US_CITIES.map((p) => `${p.city}|${p.state}|${p.zipCode}`));
      const units: Unit[] = [];
      for (const landlord of [alice, bruno]) {
        const properties = await get<Property[]>(landlord, '/api/properties?mine=true');
        for (const property of properties) {
          expect(places).toContain(`${property.city}|${property.state}|${property.zipCode}`);
          expect(property.address).toMatch(
            /^\d+ [A-Z][a-z]+ (Street|Avenue|Road|Boulevard|Drive|Lane)$/,
          );
        }
        units.push(...(await get<Unit[]>(landlord, '/api/units?mine=true')));
      }
      const rented = units.filter((unit) => unit.status === 'Rented').length;
      expect(rented / units.length).toBeGreaterThanOrEqual(0.85);
      expect(rented / units.length).toBeLessThanOrEqual(0.95);

      // The logins are people of the same name.
      const tina = await login(story, 'tina.tenant', DEMO_PASSWORD);
      const home = await get<PortalHome>(tina, '/api/portal/home');
      if (!home.linked) throw new Error('the demo tenant is not linked');
      expect(home.tenant).toMatchObject({ firstName: 'Tina', email: 'tina.tenant@example.com' });
      expect(home.landlord).toMatchObject({ userName: 'alice.landlord', name: 'Alice Morgan' });
      const max = await login(story, 'max.maintenance', DEMO_PASSWORD);
      const queue = await get<WorkerQueue>(max, '/api/worker/work-orders');
      const staffId = queue.linked ? queue.workOrders[0]!.assignedStaffId! : 0;
      const staff = await get<Staff>(alice, `/api/staff/${staffId}`);
      expect(staff).toMatchObject({ firstName: 'Max', email: 'max.maintenance@example.com' });

      // The story: a lease ending soon that nobody renewed, a renewal signed and not started,
      // and applications waiting for an answer.
      const leases = await get<Lease[]>(alice, '/api/leases');
      const renewedIds = new Set(leases.map((lease) => lease.renewedFromId));
      expect(
        leases.some((lease) => lease.state === 'ending_soon' && !renewedIds.has(lease.id)),
      ).toBe(true);
      const renewal = leases.find((lease) => lease.renewedFromId !== null);
      expect(renewal?.state).toBe('upcoming');
      const renewed = leases.find((lease) => lease.id === renewal!.renewedFromId)!;
      expect(renewed.state).toBe('ending_soon');
      expect(renewal!.rent).toBeGreaterThan(renewed.rent);
      const applications = await get<Application[]>(alice, '/api/applications?status=Pending');
      expect(applications.length).toBeGreaterThan(0);
    } finally {
      await story.close();
    }
  });
});
