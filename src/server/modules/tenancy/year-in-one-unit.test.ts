import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../../shared/schemas/dashboard';
import type {
  ArrearsResponse,
  RentRollRow,
  Statement,
} from '../../../shared/schemas/money-reports';
import type { PropertyOverview, UnitOverview } from '../../../shared/schemas/overview';
import type { PortalHome } from '../../../shared/schemas/portal';
import type { WorkerQueue, WorkerWorkOrder } from '../../../shared/schemas/worker-queue';
import { createPropertyWithUnits, leaseBody, posted, tenantBody } from '../../test/fixtures';
import {
  createTestApp,
  login,
  signUpAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { staffTable } from '../staff';
import { tenantsTable } from '../tenants';

/**
 * A year in one unit (docs/product.md sections 11 and 17): unit A of one property is let,
 * renewed, left early, let again; its second tenant transfers to unit B; a lease is entered with
 * a start in the past; a lease's end is corrected earlier, later, then to a day already past. After each step every screen that answers
 * "who rents what, and what do they owe" is read and compared with one row of the table below:
 * the dashboard (summary and the property's card), the rent roll, arrears (today and as of a
 * past day), a lease's statement, the property and unit pages, the tenants' homes and the
 * worker's queue. Names stand for ids: units A and B, tenants by first name, leases by label.
 */

type UnitName = 'A' | 'B';
type LeaseName = 'ana1' | 'ana2' | 'ben1' | 'ben2' | 'cara1';
type Account = 'ana' | 'ben';

/** [unit, tenant, lease, rent, lease end, balance] */
type RentRollFact = [
  UnitName,
  string | null,
  LeaseName | null,
  number | null,
  string | null,
  number | null,
];

interface PortalFact {
  unit: UnitName;
  lease: LeaseName | null;
  state: string | null;
  daysLeft: number | null;
  balance: number;
  movedOut: boolean;
  workOrders: string[];
}

interface Facts {
  /** The summary's counts and revenue, and the property's card. */
  dashboard: {
    occupiedUnits: number;
    availableUnits: number;
    activeLeases: number;
    totalMonthlyRent: number;
    card: { occupiedCount: number; activeLeaseCount: number; monthlyRent: number };
  };
  rentRoll: RentRollFact[];
  /** Leases in arrears today, [lease, balance] in the list's order, and the total. */
  arrears: { total: number; leases: [LeaseName, number][] };
  /** The same as of `asOf` (asked for). */
  arrearsThen: { asOf: string; total: number; leases: [LeaseName, number][] };
  /** `lease`, `from` and `to` are asked for; the rest is read. */
  statement: {
    lease: LeaseName;
    from: string;
    to: string;
    opening: number;
    charged: number;
    paid: number;
    closing: number;
  };
  propertyPage: {
    units: Record<UnitName, { status: string; occupants: string[] }>;
    tenants: string[];
    leases: LeaseName[];
  };
  unitPages: Record<UnitName, { tenants: string[]; leases: LeaseName[] }>;
  /** Each linked tenant account's home (null: not linked yet). */
  portal: Record<Account, PortalFact | null>;
  /** The worker's queue: each work order's title and the tenant it names (first name). */
  worker: [string, string | null][];
}

const statement = (
  lease: LeaseName,
  from: string,
  to: string,
  [opening, charged, paid, closing]: [number, number, number, number],
) => ({ lease, from, to, opening, charged, paid, closing });

const bothUnitsFree = {
  A: { status: 'Available', occupants: [] },
  B: { status: 'Available', occupants: [] },
};

/**
 * What a landlord expects after each step. Rent is due on the lease's start day each month;
 * a lease that ends early is charged its last period's days (1,100 x 15/31 = 532.26 for Aug 1
 * to 15, 1,200 x 15/31 = 580.65 for Oct 1 to 15).
 */
const expected = {
  'move-in: Ana rents unit A from Jan 1 to Jun 30 at 1,000; a leak is reported': {
    dashboard: {
      occupiedUnits: 1,
      availableUnits: 1,
      activeLeases: 1,
      totalMonthlyRent: 1000,
      card: { occupiedCount: 1, activeLeaseCount: 1, monthlyRent: 1000 },
    },
    rentRoll: [
      ['A', 'Ana', 'ana1', 1000, '2026-06-30', 1000],
      ['B', null, null, null, null, null],
    ],
    arrears: { total: 1000, leases: [['ana1', 1000]] },
    arrearsThen: { asOf: '2025-12-31', total: 0, leases: [] },
    statement: statement('ana1', '2026-01-01', '2026-01-05', [0, 1000, 0, 1000]),
    propertyPage: {
      units: {
        A: { status: 'Rented', occupants: ['Ana'] },
        B: { status: 'Available', occupants: [] },
      },
      tenants: ['Ana'],
      leases: ['ana1'],
    },
    unitPages: { A: { tenants: ['Ana'], leases: ['ana1'] }, B: { tenants: [], leases: [] } },
    portal: {
      ana: {
        unit: 'A',
        lease: 'ana1',
        state: 'active',
        daysLeft: 176,
        balance: 1000,
        movedOut: false,
        workOrders: ['Leak under the sink'],
      },
      ben: null,
    },
    worker: [['Leak under the sink', 'Ana']],
  },

  'months of rent: February and March posted, 2,000 paid on Mar 1': {
    dashboard: {
      occupiedUnits: 1,
      availableUnits: 1,
      activeLeases: 1,
      totalMonthlyRent: 1000,
      card: { occupiedCount: 1, activeLeaseCount: 1, monthlyRent: 1000 },
    },
    rentRoll: [
      ['A', 'Ana', 'ana1', 1000, '2026-06-30', 1000],
      ['B', null, null, null, null, null],
    ],
    arrears: { total: 1000, leases: [['ana1', 1000]] },
    arrearsThen: { asOf: '2026-02-15', total: 2000, leases: [['ana1', 2000]] },
    statement: statement('ana1', '2026-02-01', '2026-03-05', [1000, 2000, 2000, 1000]),
    propertyPage: {
      units: {
        A: { status: 'Rented', occupants: ['Ana'] },
        B: { status: 'Available', occupants: [] },
      },
      tenants: ['Ana'],
      leases: ['ana1'],
    },
    unitPages: { A: { tenants: ['Ana'], leases: ['ana1'] }, B: { tenants: [], leases: [] } },
    portal: {
      ana: {
        unit: 'A',
        lease: 'ana1',
        state: 'active',
        daysLeft: 117,
        balance: 1000,
        movedOut: false,
        workOrders: ['Leak under the sink'],
      },
      ben: null,
    },
    worker: [['Leak under the sink', 'Ana']],
  },

  'renewal: Ana renews from Jul 1 at 1,100; the renewal is upcoming, not counted': {
    dashboard: {
      occupiedUnits: 1,
      availableUnits: 1,
      activeLeases: 1,
      totalMonthlyRent: 1000,
      card: { occupiedCount: 1, activeLeaseCount: 1, monthlyRent: 1000 },
    },
    rentRoll: [
      ['A', 'Ana', 'ana1', 1000, '2026-06-30', 1000],
      ['B', null, null, null, null, null],
    ],
    arrears: { total: 1000, leases: [['ana1', 1000]] },
    arrearsThen: { asOf: '2026-03-31', total: 1000, leases: [['ana1', 1000]] },
    statement: statement('ana1', '2026-04-01', '2026-05-20', [1000, 2000, 2000, 1000]),
    propertyPage: {
      units: {
        A: { status: 'Rented', occupants: ['Ana'] },
        B: { status: 'Available', occupants: [] },
      },
      tenants: ['Ana'],
      leases: ['ana2', 'ana1'],
    },
    unitPages: {
      A: { tenants: ['Ana'], leases: ['ana2', 'ana1'] },
      B: { tenants: [], leases: [] },
    },
    portal: {
      ana: {
        unit: 'A',
        lease: 'ana1',
        state: 'ending_soon',
        daysLeft: 41,
        balance: 1000,
        movedOut: false,
        workOrders: ['Leak under the sink'],
      },
      ben: null,
    },
    worker: [['Leak under the sink', 'Ana']],
  },

  'late on Jun 30 in New York, already Jul 1 in UTC: June is posted, the renewal not begun': {
    dashboard: {
      occupiedUnits: 1,
      availableUnits: 1,
      activeLeases: 1,
      totalMonthlyRent: 1000,
      card: { occupiedCount: 1, activeLeaseCount: 1, monthlyRent: 1000 },
    },
    rentRoll: [
      ['A', 'Ana', 'ana1', 1000, '2026-06-30', 2000],
      ['B', null, null, null, null, null],
    ],
    arrears: { total: 2000, leases: [['ana1', 2000]] },
    arrearsThen: { asOf: '2026-05-31', total: 1000, leases: [['ana1', 1000]] },
    statement: statement('ana1', '2026-06-01', '2026-06-30', [1000, 1000, 0, 2000]),
    propertyPage: {
      units: {
        A: { status: 'Rented', occupants: ['Ana'] },
        B: { status: 'Available', occupants: [] },
      },
      tenants: ['Ana'],
      leases: ['ana2', 'ana1'],
    },
    unitPages: {
      A: { tenants: ['Ana'], leases: ['ana2', 'ana1'] },
      B: { tenants: [], leases: [] },
    },
    portal: {
      ana: {
        unit: 'A',
        lease: 'ana1',
        state: 'ending_soon',
        daysLeft: 0,
        balance: 2000,
        movedOut: false,
        workOrders: ['Leak under the sink'],
      },
      ben: null,
    },
    worker: [['Leak under the sink', 'Ana']],
  },

  'the renewal takes over on Jul 1: July is posted; ana1 still owes 2,000': {
    dashboard: {
      occupiedUnits: 1,
      availableUnits: 1,
      activeLeases: 1,
      totalMonthlyRent: 1100,
      card: { occupiedCount: 1, activeLeaseCount: 1, monthlyRent: 1100 },
    },
    rentRoll: [
      ['A', 'Ana', 'ana2', 1100, '2027-06-30', 1100],
      ['B', null, null, null, null, null],
    ],
    arrears: {
      total: 3100,
      leases: [
        ['ana1', 2000],
        ['ana2', 1100],
      ],
    },
    arrearsThen: { asOf: '2026-06-30', total: 2000, leases: [['ana1', 2000]] },
    statement: statement('ana1', '2026-06-01', '2026-07-05', [1000, 1000, 0, 2000]),
    propertyPage: {
      units: {
        A: { status: 'Rented', occupants: ['Ana'] },
        B: { status: 'Available', occupants: [] },
      },
      tenants: ['Ana'],
      leases: ['ana2'],
    },
    unitPages: {
      A: { tenants: ['Ana'], leases: ['ana2', 'ana1'] },
      B: { tenants: [], leases: [] },
    },
    portal: {
      // The home shows the balance of the lease it shows (docs/product.md section 14): the
      // 2,000 Ana still owes on ana1 is not in it, though she owes 3,100 in all.
      ana: {
        unit: 'A',
        lease: 'ana2',
        state: 'active',
        daysLeft: 360,
        balance: 1100,
        movedOut: false,
        workOrders: ['Leak under the sink'],
      },
      ben: null,
    },
    worker: [['Leak under the sink', 'Ana']],
  },

  'early move-out: Ana leaves on Aug 15; Aug 1-15 is posted afterwards; a repaint is asked': {
    dashboard: {
      occupiedUnits: 0,
      availableUnits: 2,
      activeLeases: 0,
      totalMonthlyRent: 0,
      card: { occupiedCount: 0, activeLeaseCount: 0, monthlyRent: 0 },
    },
    rentRoll: [
      ['A', null, null, null, null, null],
      ['B', null, null, null, null, null],
    ],
    arrears: {
      total: 3632.26,
      leases: [
        ['ana1', 2000],
        ['ana2', 1632.26],
      ],
    },
    arrearsThen: {
      asOf: '2026-07-31',
      total: 3100,
      leases: [
        ['ana1', 2000],
        ['ana2', 1100],
      ],
    },
    statement: statement('ana2', '2026-07-01', '2026-08-20', [0, 1632.26, 0, 1632.26]),
    propertyPage: { units: bothUnitsFree, tenants: [], leases: [] },
    unitPages: {
      A: { tenants: ['Ana'], leases: ['ana2', 'ana1'] },
      B: { tenants: [], leases: [] },
    },
    portal: {
      ana: {
        unit: 'A',
        lease: 'ana2',
        state: 'ended_early',
        daysLeft: 0,
        balance: 1632.26,
        movedOut: true,
        workOrders: ['Leak under the sink'],
      },
      ben: null,
    },
    worker: [
      ['Leak under the sink', 'Ana'],
      ['Repaint the hall', null],
    ],
  },

  'a new tenant: Ben rents unit A from Sep 1 at 1,200; a blind breaks': {
    dashboard: {
      occupiedUnits: 1,
      availableUnits: 1,
      activeLeases: 1,
      totalMonthlyRent: 1200,
      card: { occupiedCount: 1, activeLeaseCount: 1, monthlyRent: 1200 },
    },
    rentRoll: [
      ['A', 'Ben', 'ben1', 1200, '2027-08-31', 1200],
      ['B', null, null, null, null, null],
    ],
    arrears: {
      total: 4832.26,
      leases: [
        ['ana1', 2000],
        ['ana2', 1632.26],
        ['ben1', 1200],
      ],
    },
    arrearsThen: {
      asOf: '2026-08-31',
      total: 3632.26,
      leases: [
        ['ana1', 2000],
        ['ana2', 1632.26],
      ],
    },
    statement: statement('ben1', '2026-09-01', '2026-09-01', [0, 1200, 0, 1200]),
    propertyPage: {
      units: {
        A: { status: 'Rented', occupants: ['Ben'] },
        B: { status: 'Available', occupants: [] },
      },
      tenants: ['Ben'],
      leases: ['ben1'],
    },
    unitPages: {
      A: { tenants: ['Ben', 'Ana'], leases: ['ben1', 'ana2', 'ana1'] },
      B: { tenants: [], leases: [] },
    },
    portal: {
      ana: {
        unit: 'A',
        lease: 'ana2',
        state: 'ended_early',
        daysLeft: 0,
        balance: 1632.26,
        movedOut: true,
        workOrders: ['Leak under the sink'],
      },
      ben: {
        unit: 'A',
        lease: 'ben1',
        state: 'active',
        daysLeft: 364,
        balance: 1200,
        movedOut: false,
        workOrders: ['Blind is broken'],
      },
    },
    worker: [
      ['Leak under the sink', 'Ana'],
      ['Repaint the hall', null],
      ['Blind is broken', 'Ben'],
    ],
  },

  'a transfer: Ben moves out of A on Oct 15 and rents B from Oct 16 at 1,300': {
    dashboard: {
      occupiedUnits: 1,
      availableUnits: 1,
      activeLeases: 1,
      totalMonthlyRent: 1300,
      card: { occupiedCount: 1, activeLeaseCount: 1, monthlyRent: 1300 },
    },
    rentRoll: [
      ['A', null, null, null, null, null],
      ['B', 'Ben', 'ben2', 1300, '2027-10-15', 1300],
    ],
    arrears: {
      total: 6712.91,
      leases: [
        ['ana1', 2000],
        ['ben1', 1780.65],
        ['ana2', 1632.26],
        ['ben2', 1300],
      ],
    },
    arrearsThen: {
      asOf: '2026-09-30',
      total: 4832.26,
      leases: [
        ['ana1', 2000],
        ['ana2', 1632.26],
        ['ben1', 1200],
      ],
    },
    statement: statement('ben1', '2026-09-01', '2026-10-20', [0, 1780.65, 0, 1780.65]),
    propertyPage: {
      units: {
        A: { status: 'Available', occupants: [] },
        B: { status: 'Rented', occupants: ['Ben'] },
      },
      tenants: ['Ben'],
      leases: ['ben2'],
    },
    unitPages: {
      A: { tenants: ['Ben', 'Ana'], leases: ['ben1', 'ana2', 'ana1'] },
      B: { tenants: ['Ben'], leases: ['ben2'] },
    },
    portal: {
      ana: {
        unit: 'A',
        lease: 'ana2',
        state: 'ended_early',
        daysLeft: 0,
        balance: 1632.26,
        movedOut: true,
        workOrders: ['Leak under the sink'],
      },
      // Unit A's blind is the old tenancy's: Ben's home on B shows B's requests.
      ben: {
        unit: 'B',
        lease: 'ben2',
        state: 'active',
        daysLeft: 360,
        balance: 1300,
        movedOut: false,
        workOrders: [],
      },
    },
    worker: [
      ['Leak under the sink', 'Ana'],
      ['Repaint the hall', null],
      ['Blind is broken', 'Ben'],
    ],
  },

  'a backdated start: Cara is entered on Nov 20 renting A since Oct 16 at 1,250': {
    dashboard: {
      occupiedUnits: 2,
      availableUnits: 0,
      activeLeases: 2,
      totalMonthlyRent: 2550,
      card: { occupiedCount: 2, activeLeaseCount: 2, monthlyRent: 2550 },
    },
    rentRoll: [
      ['A', 'Cara', 'cara1', 1250, '2027-10-15', 2500],
      ['B', 'Ben', 'ben2', 1300, '2027-10-15', 2600],
    ],
    arrears: {
      total: 10512.91,
      leases: [
        ['ben2', 2600],
        ['cara1', 2500],
        ['ana1', 2000],
        ['ben1', 1780.65],
        ['ana2', 1632.26],
      ],
    },
    arrearsThen: {
      asOf: '2026-10-31',
      total: 7962.91,
      leases: [
        ['ana1', 2000],
        ['ben1', 1780.65],
        ['ana2', 1632.26],
        ['ben2', 1300],
        ['cara1', 1250],
      ],
    },
    statement: statement('cara1', '2026-10-01', '2026-11-20', [0, 2500, 0, 2500]),
    propertyPage: {
      units: {
        A: { status: 'Rented', occupants: ['Cara'] },
        B: { status: 'Rented', occupants: ['Ben'] },
      },
      tenants: ['Ben', 'Cara'],
      leases: ['ben2', 'cara1'],
    },
    unitPages: {
      A: { tenants: ['Cara', 'Ben', 'Ana'], leases: ['cara1', 'ben1', 'ana2', 'ana1'] },
      B: { tenants: ['Ben'], leases: ['ben2'] },
    },
    portal: {
      ana: {
        unit: 'A',
        lease: 'ana2',
        state: 'ended_early',
        daysLeft: 0,
        balance: 1632.26,
        movedOut: true,
        workOrders: ['Leak under the sink'],
      },
      ben: {
        unit: 'B',
        lease: 'ben2',
        state: 'active',
        daysLeft: 329,
        balance: 2600,
        movedOut: false,
        workOrders: [],
      },
    },
    worker: [
      ['Leak under the sink', 'Ana'],
      ['Repaint the hall', null],
      ['Blind is broken', 'Ben'],
    ],
  },

  "an end corrected earlier: Ben's lease on B ends Jan 15, 2027, not Oct 15": {
    dashboard: {
      occupiedUnits: 2,
      availableUnits: 0,
      activeLeases: 2,
      totalMonthlyRent: 2550,
      card: { occupiedCount: 2, activeLeaseCount: 2, monthlyRent: 2550 },
    },
    rentRoll: [
      ['A', 'Cara', 'cara1', 1250, '2027-10-15', 2500],
      ['B', 'Ben', 'ben2', 1300, '2027-01-15', 2600],
    ],
    arrears: {
      total: 10512.91,
      leases: [
        ['ben2', 2600],
        ['cara1', 2500],
        ['ana1', 2000],
        ['ben1', 1780.65],
        ['ana2', 1632.26],
      ],
    },
    arrearsThen: {
      asOf: '2026-11-15',
      total: 7962.91,
      leases: [
        ['ana1', 2000],
        ['ben1', 1780.65],
        ['ana2', 1632.26],
        ['ben2', 1300],
        ['cara1', 1250],
      ],
    },
    statement: statement('ben2', '2026-10-16', '2026-12-10', [0, 2600, 0, 2600]),
    propertyPage: {
      units: {
        A: { status: 'Rented', occupants: ['Cara'] },
        B: { status: 'Rented', occupants: ['Ben'] },
      },
      tenants: ['Ben', 'Cara'],
      leases: ['ben2', 'cara1'],
    },
    unitPages: {
      A: { tenants: ['Cara', 'Ben', 'Ana'], leases: ['cara1', 'ben1', 'ana2', 'ana1'] },
      B: { tenants: ['Ben'], leases: ['ben2'] },
    },
    portal: {
      ana: {
        unit: 'A',
        lease: 'ana2',
        state: 'ended_early',
        daysLeft: 0,
        balance: 1632.26,
        movedOut: true,
        workOrders: ['Leak under the sink'],
      },
      ben: {
        unit: 'B',
        lease: 'ben2',
        state: 'ending_soon',
        daysLeft: 36,
        balance: 2600,
        movedOut: false,
        workOrders: [],
      },
    },
    worker: [
      ['Leak under the sink', 'Ana'],
      ['Repaint the hall', null],
      ['Blind is broken', 'Ben'],
    ],
  },

  "an end corrected later: Ben's lease on B runs to Dec 15, 2027; December's rent is posted": {
    dashboard: {
      occupiedUnits: 2,
      availableUnits: 0,
      activeLeases: 2,
      totalMonthlyRent: 2550,
      card: { occupiedCount: 2, activeLeaseCount: 2, monthlyRent: 2550 },
    },
    rentRoll: [
      ['A', 'Cara', 'cara1', 1250, '2027-10-15', 3750],
      ['B', 'Ben', 'ben2', 1300, '2027-12-15', 3900],
    ],
    arrears: {
      total: 13062.91,
      leases: [
        ['ben2', 3900],
        ['cara1', 3750],
        ['ana1', 2000],
        ['ben1', 1780.65],
        ['ana2', 1632.26],
      ],
    },
    arrearsThen: {
      asOf: '2026-12-15',
      total: 10512.91,
      leases: [
        ['ben2', 2600],
        ['cara1', 2500],
        ['ana1', 2000],
        ['ben1', 1780.65],
        ['ana2', 1632.26],
      ],
    },
    statement: statement('ben2', '2026-12-01', '2026-12-20', [2600, 1300, 0, 3900]),
    propertyPage: {
      units: {
        A: { status: 'Rented', occupants: ['Cara'] },
        B: { status: 'Rented', occupants: ['Ben'] },
      },
      tenants: ['Ben', 'Cara'],
      leases: ['ben2', 'cara1'],
    },
    unitPages: {
      A: { tenants: ['Cara', 'Ben', 'Ana'], leases: ['cara1', 'ben1', 'ana2', 'ana1'] },
      B: { tenants: ['Ben'], leases: ['ben2'] },
    },
    portal: {
      ana: {
        unit: 'A',
        lease: 'ana2',
        state: 'ended_early',
        daysLeft: 0,
        balance: 1632.26,
        movedOut: true,
        workOrders: ['Leak under the sink'],
      },
      ben: {
        unit: 'B',
        lease: 'ben2',
        state: 'active',
        daysLeft: 360,
        balance: 3900,
        movedOut: false,
        workOrders: [],
      },
    },
    worker: [
      ['Leak under the sink', 'Ana'],
      ['Repaint the hall', null],
      ['Blind is broken', 'Ben'],
    ],
  },
  "an end corrected to a past day: Ben's lease on B ended Jan 15; the hour's jobs have not run": {
    dashboard: {
      occupiedUnits: 2,
      availableUnits: 0,
      activeLeases: 1,
      totalMonthlyRent: 1250,
      card: { occupiedCount: 2, activeLeaseCount: 1, monthlyRent: 1250 },
    },
    // Ben still lives in B (he was not moved out), without a lease.
    rentRoll: [
      ['A', 'Cara', 'cara1', 1250, '2027-10-15', 3750],
      ['B', 'Ben', null, null, null, null],
    ],
    arrears: {
      total: 13062.91,
      leases: [
        ['ben2', 3900],
        ['cara1', 3750],
        ['ana1', 2000],
        ['ben1', 1780.65],
        ['ana2', 1632.26],
      ],
    },
    arrearsThen: {
      asOf: '2026-12-31',
      total: 13062.91,
      leases: [
        ['ben2', 3900],
        ['cara1', 3750],
        ['ana1', 2000],
        ['ben1', 1780.65],
        ['ana2', 1632.26],
      ],
    },
    statement: statement('ben2', '2026-10-16', '2027-01-20', [0, 3900, 0, 3900]),
    propertyPage: {
      units: {
        A: { status: 'Rented', occupants: ['Cara'] },
        B: { status: 'Rented', occupants: ['Ben'] },
      },
      tenants: ['Ben', 'Cara'],
      leases: ['cara1'],
    },
    unitPages: {
      A: { tenants: ['Cara', 'Ben', 'Ana'], leases: ['cara1', 'ben1', 'ana2', 'ana1'] },
      B: { tenants: ['Ben'], leases: ['ben2'] },
    },
    portal: {
      ana: {
        unit: 'A',
        lease: 'ana2',
        state: 'ended_early',
        daysLeft: 0,
        balance: 1632.26,
        movedOut: true,
        workOrders: ['Leak under the sink'],
      },
      ben: {
        unit: 'B',
        lease: 'ben2',
        state: 'expired',
        daysLeft: 0,
        balance: 3900,
        movedOut: false,
        workOrders: [],
      },
    },
    worker: [
      ['Leak under the sink', 'Ana'],
      ['Repaint the hall', null],
      ['Blind is broken', 'Ben'],
    ],
  },

  "the hour's jobs run: the lease is Expired, Cara's January rent is posted": {
    dashboard: {
      occupiedUnits: 2,
      availableUnits: 0,
      activeLeases: 1,
      totalMonthlyRent: 1250,
      card: { occupiedCount: 2, activeLeaseCount: 1, monthlyRent: 1250 },
    },
    // Ben still lives in B (he was not moved out), without a lease.
    rentRoll: [
      ['A', 'Cara', 'cara1', 1250, '2027-10-15', 5000],
      ['B', 'Ben', null, null, null, null],
    ],
    arrears: {
      total: 14312.91,
      leases: [
        ['cara1', 5000],
        ['ben2', 3900],
        ['ana1', 2000],
        ['ben1', 1780.65],
        ['ana2', 1632.26],
      ],
    },
    arrearsThen: {
      asOf: '2026-12-31',
      total: 13062.91,
      leases: [
        ['ben2', 3900],
        ['cara1', 3750],
        ['ana1', 2000],
        ['ben1', 1780.65],
        ['ana2', 1632.26],
      ],
    },
    statement: statement('ben2', '2026-10-16', '2027-01-20', [0, 3900, 0, 3900]),
    propertyPage: {
      units: {
        A: { status: 'Rented', occupants: ['Cara'] },
        B: { status: 'Rented', occupants: ['Ben'] },
      },
      tenants: ['Ben', 'Cara'],
      leases: ['cara1'],
    },
    unitPages: {
      A: { tenants: ['Cara', 'Ben', 'Ana'], leases: ['cara1', 'ben1', 'ana2', 'ana1'] },
      B: { tenants: ['Ben'], leases: ['ben2'] },
    },
    portal: {
      ana: {
        unit: 'A',
        lease: 'ana2',
        state: 'ended_early',
        daysLeft: 0,
        balance: 1632.26,
        movedOut: true,
        workOrders: ['Leak under the sink'],
      },
      ben: {
        unit: 'B',
        lease: 'ben2',
        state: 'expired',
        daysLeft: 0,
        balance: 3900,
        movedOut: false,
        workOrders: [],
      },
    },
    worker: [
      ['Leak under the sink', 'Ana'],
      ['Repaint the hall', null],
      ['Blind is broken', 'Ben'],
    ],
  },
} satisfies Record<string, Facts>;

type StepName = keyof typeof expected;

describe('a year in one unit', () => {
  let t: TestApp;
  let landlord: TestUser;
  /** Ana's and Ben's tenant accounts, and the maintenance worker's. */
  const accounts = {} as Record<Account | 'worker', TestUser>;
  let propertyId: number;
  const units = {} as Record<UnitName, number>;
  const leases = {} as Record<LeaseName, number>;
  const tenants: Record<string, number> = {};
  let staffId: number;

  const nameOfLease = (id: number | null): LeaseName | null => {
    if (id === null) return null;
    const found = (Object.keys(leases) as LeaseName[]).find((name) => leases[name] === id);
    if (!found) throw new Error(`lease ${id} is none of the scenario's`);
    return found;
  };
  const nameOfUnit = (id: number): UnitName => (units.A === id ? 'A' : 'B');

  /**
   * Noon in New York on `day` (or the instant given); sessions idle out meanwhile, so everyone
   * logs in again.
   */
  async function at(day: string) {
    t.clock.now = new Date(day.includes('T') ? day : `${day}T17:00:00Z`);
    landlord = await login(t, landlord.user.userName, landlord.password);
    for (const key of Object.keys(accounts) as (Account | 'worker')[]) {
      accounts[key] = await login(t, accounts[key].user.userName, accounts[key].password);
    }
  }
  /** The next hour's jobs: rent posting, expiry, late fees. */
  async function runJobs() {
    t.clock.advance(3_600_000);
    await t.app.jobs.runDueJobs(t.clock.now);
  }
  const get = async <T>(user: TestUser, url: string): Promise<T> => {
    const response = await user.request({ method: 'GET', url });
    expect(response.statusCode, `${url} ${response.body}`).toBe(200);
    return response.json() as T;
  };
  async function tenantOn(unit: UnitName, firstName: string): Promise<number> {
    const body = tenantBody(units[unit], { firstName, email: `${firstName}@example.org` });
    return (await posted(landlord, '/api/tenants', body)).id;
  }
  async function leaseOf(name: LeaseName, tenantId: number, terms: Record<string, unknown>) {
    leases[name] = (await posted(landlord, '/api/leases', leaseBody(tenantId, terms))).id;
  }
  async function pay(lease: LeaseName, amount: number, entryDate: string) {
    await posted(
      landlord,
      `/api/leases/${leases[lease]}/ledger/payments`,
      { amount, entryDate, method: 'check', idempotencyKey: `pay-${lease}-${entryDate}` },
      201,
    );
  }
  async function fileAndAssign(unit: UnitName, title: string) {
    const { id } = await posted(landlord, '/api/work-orders', {
      unitId: units[unit],
      title,
      category: 'Plumbing',
      priority: 'Routine',
      photoIds: [],
    });
    await posted(landlord, `/api/work-orders/${id}/assign`, { staffId, scheduledFor: null }, 200);
  }
  /**
   * Links a tenant record to an account, as an accepted invitation does, first unlinking the
   * account's earlier record. An invitation cannot do that part: an account acts as at most one
   * tenant record (docs/product.md section 13), so a tenant who moves to another unit (a new
   * tenant record) cannot take their account along.
   */
  async function link(tenantId: number, account: Account) {
    const userId = accounts[account].user.id;
    await t.database.db
      .update(tenantsTable)
      .set({ userId: null })
      .where(eq(tenantsTable.userId, userId));
    await t.database.db.update(tenantsTable).set({ userId }).where(eq(tenantsTable.id, tenantId));
  }
  async function editLease(lease: LeaseName, tenantId: number, terms: Record<string, unknown>) {
    const response = await landlord.request({
      method: 'PUT',
      url: `/api/leases/${leases[lease]}`,
      payload: leaseBody(tenantId, terms),
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  const firstNames = (rows: { firstName: string }[]) => rows.map((row) => row.firstName);
  const leaseNames = (rows: { id: number }[]) => rows.map((row) => nameOfLease(row.id)!);
  const arrearsFacts = (answer: ArrearsResponse) => ({
    total: answer.totals.balance,
    leases: answer.leases.map((row): [LeaseName, number] => [
      nameOfLease(row.leaseId)!,
      row.balance,
    ]),
  });

  async function portalOf(account: Account): Promise<PortalFact | null> {
    const home = await get<PortalHome>(accounts[account], '/api/portal/home');
    if (!home.linked) return null;
    return {
      unit: nameOfUnit(home.unit.id),
      lease: home.lease ? nameOfLease(home.lease.id) : null,
      state: home.lease?.state ?? null,
      daysLeft: home.lease?.daysLeft ?? null,
      balance: home.balance,
      movedOut: home.tenant.movedOut,
      workOrders: home.workOrders.map((order) => order.title),
    };
  }

  /** Everything the screens say after a step, in the table's shape. */
  async function observe(asked: Facts): Promise<Facts> {
    const { summary, properties } = await get<Required<DashboardResponse>>(
      landlord,
      `/api/landlord/dashboard?sections=summary,properties&propertyId=${propertyId}`,
    );
    const card = properties.find((property) => property.id === propertyId)!;
    const roll = await get<RentRollRow[]>(landlord, `/api/rent-roll?propertyId=${propertyId}`);
    const arrears = await get<ArrearsResponse>(landlord, `/api/arrears?propertyId=${propertyId}`);
    const arrearsThen = await get<ArrearsResponse>(
      landlord,
      `/api/arrears?propertyId=${propertyId}&asOf=${asked.arrearsThen.asOf}`,
    );
    const { lease, from, to } = asked.statement;
    const account = await get<Statement>(
      landlord,
      `/api/leases/${leases[lease]}/statement?from=${from}&to=${to}`,
    );
    const page = await get<PropertyOverview>(landlord, `/api/properties/${propertyId}/overview`);
    const unitPage = async (unit: UnitName) => {
      const { manager } = await get<UnitOverview>(landlord, `/api/units/${units[unit]}/overview`);
      return {
        tenants: firstNames(manager!.tenants.rows),
        leases: leaseNames(manager!.leases.rows),
      };
    };
    const unitOnPage = (unit: UnitName) => {
      const row = page.units.rows.find((candidate) => candidate.id === units[unit])!;
      return { status: row.status, occupants: firstNames(row.occupants ?? []) };
    };
    const queue = await get<WorkerQueue>(accounts.worker, '/api/worker/work-orders');
    const worker: Facts['worker'] = [];
    for (const { id, title } of queue.workOrders) {
      const order = await get<WorkerWorkOrder>(accounts.worker, `/api/worker/work-orders/${id}`);
      worker.push([title, order.tenant?.name.split(' ')[0] ?? null]);
    }
    return {
      dashboard: {
        occupiedUnits: summary.occupiedUnits,
        availableUnits: summary.availableUnits,
        activeLeases: summary.activeLeases,
        totalMonthlyRent: summary.totalMonthlyRent,
        card: {
          occupiedCount: card.occupiedCount,
          activeLeaseCount: card.activeLeaseCount,
          monthlyRent: card.monthlyRent,
        },
      },
      rentRoll: roll.map((row) => [
        nameOfUnit(row.unitId),
        row.tenantName?.split(' ')[0] ?? null,
        nameOfLease(row.leaseId),
        row.rent,
        row.leaseEnd,
        row.balance,
      ]),
      arrears: arrearsFacts(arrears),
      arrearsThen: { asOf: arrearsThen.asOf, ...arrearsFacts(arrearsThen) },
      statement: {
        lease,
        from: account.from,
        to: account.to,
        opening: account.openingBalance,
        charged: account.charged,
        paid: account.paid,
        closing: account.closingBalance,
      },
      propertyPage: {
        units: { A: unitOnPage('A'), B: unitOnPage('B') },
        tenants: firstNames(page.manager!.tenants.rows),
        leases: leaseNames(page.manager!.leases.rows),
      },
      unitPages: { A: await unitPage('A'), B: await unitPage('B') },
      portal: { ana: await portalOf('ana'), ben: await portalOf('ben') },
      worker,
    };
  }

  /** What happens in each step, on its day (the table above says what follows). */
  const steps: Record<StepName, { day: string; act: () => Promise<void> }> = {
    'move-in: Ana rents unit A from Jan 1 to Jun 30 at 1,000; a leak is reported': {
      day: '2026-01-05',
      act: async () => {
        tenants.ana = await tenantOn('A', 'Ana');
        await link(tenants.ana, 'ana');
        await leaseOf('ana1', tenants.ana, {
          startDate: '2026-01-01',
          endDate: '2026-06-30',
          rent: 1000,
        });
        await fileAndAssign('A', 'Leak under the sink');
        await runJobs();
      },
    },
    'months of rent: February and March posted, 2,000 paid on Mar 1': {
      day: '2026-03-05',
      act: async () => {
        await pay('ana1', 2000, '2026-03-01');
        await runJobs();
      },
    },
    'renewal: Ana renews from Jul 1 at 1,100; the renewal is upcoming, not counted': {
      day: '2026-05-20',
      act: async () => {
        const renewal = await posted<{ id: number }>(landlord, `/api/leases/${leases.ana1}/renew`, {
          endDate: '2027-06-30',
          rent: 1100,
        });
        leases.ana2 = renewal.id;
        await pay('ana1', 2000, '2026-05-20');
        await runJobs();
      },
    },
    'late on Jun 30 in New York, already Jul 1 in UTC: June is posted, the renewal not begun': {
      // 10 pm in New York; the jobs run at 11 pm.
      day: '2026-07-01T02:00:00Z',
      act: runJobs,
    },
    'the renewal takes over on Jul 1: July is posted; ana1 still owes 2,000': {
      day: '2026-07-05',
      act: runJobs,
    },
    'early move-out: Ana leaves on Aug 15; Aug 1-15 is posted afterwards; a repaint is asked': {
      day: '2026-08-20',
      act: async () => {
        await posted(
          landlord,
          `/api/tenants/${tenants.ana}/move-out`,
          { moveOutDate: '2026-08-15' },
          200,
        );
        // Between two tenancies the unit is nobody's: the request names no tenant.
        await fileAndAssign('A', 'Repaint the hall');
        await runJobs();
      },
    },
    'a new tenant: Ben rents unit A from Sep 1 at 1,200; a blind breaks': {
      day: '2026-09-01',
      act: async () => {
        tenants.benOnA = await tenantOn('A', 'Ben');
        await link(tenants.benOnA, 'ben');
        await leaseOf('ben1', tenants.benOnA, {
          startDate: '2026-09-01',
          endDate: '2027-08-31',
          rent: 1200,
        });
        await fileAndAssign('A', 'Blind is broken');
        await runJobs();
      },
    },
    'a transfer: Ben moves out of A on Oct 15 and rents B from Oct 16 at 1,300': {
      day: '2026-10-20',
      act: async () => {
        // An edit cannot move a tenant whose lease runs: the landlord is sent to Move out.
        const moved = await landlord.request({
          method: 'PUT',
          url: `/api/tenants/${tenants.benOnA}`,
          payload: tenantBody(units.B, { firstName: 'Ben', email: 'Ben@example.org' }),
        });
        expect(moved.statusCode, moved.body).toBe(409);
        await posted(
          landlord,
          `/api/tenants/${tenants.benOnA}/move-out`,
          { moveOutDate: '2026-10-15', reason: 'Moved to unit B' },
          200,
        );
        tenants.benOnB = await tenantOn('B', 'Ben');
        await link(tenants.benOnB, 'ben');
        await leaseOf('ben2', tenants.benOnB, {
          startDate: '2026-10-16',
          endDate: '2027-10-15',
          rent: 1300,
        });
        await runJobs();
      },
    },
    'a backdated start: Cara is entered on Nov 20 renting A since Oct 16 at 1,250': {
      day: '2026-11-20',
      act: async () => {
        tenants.cara = await tenantOn('A', 'Cara');
        await leaseOf('cara1', tenants.cara, {
          startDate: '2026-10-16',
          endDate: '2027-10-15',
          rent: 1250,
        });
        await runJobs();
      },
    },
    "an end corrected earlier: Ben's lease on B ends Jan 15, 2027, not Oct 15": {
      day: '2026-12-10',
      act: async () => {
        await editLease('ben2', tenants.benOnB!, {
          startDate: '2026-10-16',
          endDate: '2027-01-15',
          rent: 1300,
        });
        await runJobs();
      },
    },
    "an end corrected later: Ben's lease on B runs to Dec 15, 2027; December's rent is posted": {
      day: '2026-12-20',
      act: async () => {
        await editLease('ben2', tenants.benOnB!, {
          startDate: '2026-10-16',
          endDate: '2027-12-15',
          rent: 1300,
        });
        await runJobs();
      },
    },
    "an end corrected to a past day: Ben's lease on B ended Jan 15; the hour's jobs have not run": {
      day: '2027-01-20',
      act: () =>
        editLease('ben2', tenants.benOnB!, {
          startDate: '2026-10-16',
          endDate: '2027-01-15',
          rent: 1300,
        }),
    },
    "the hour's jobs run: the lease is Expired, Cara's January rent is posted": {
      day: '2027-01-20',
      act: runJobs,
    },
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = new Date('2026-01-05T17:00:00Z');
    landlord = await signUpAndLogin(t, 'Landlord');
    accounts.ana = await signUpAndLogin(t, 'Tenant');
    accounts.ben = await signUpAndLogin(t, 'Tenant');
    accounts.worker = await signUpAndLogin(t, 'Maintenance');
    const made = await createPropertyWithUnits(landlord, ['Available', 'Available']);
    propertyId = made.propertyId;
    units.A = made.units[0]!.id;
    units.B = made.units[1]!.id;
    staffId = (
      await posted(landlord, '/api/staff', {
        firstName: 'Rosa',
        lastName: 'Diaz',
        email: 'rosa@example.org',
        phone: '+12125550142',
        position: 'Handy',
        propertyId,
      })
    ).id;
    await t.database.db
      .update(staffTable)
      .set({ userId: accounts.worker.user.id })
      .where(eq(staffTable.id, staffId));
  });
  afterAll(() => t.close());

  for (const [name, step] of Object.entries(steps) as [StepName, (typeof steps)[StepName]][]) {
    it(name, async () => {
      await at(step.day);
      await step.act();
      const want: Facts = expected[name];
      const seen = await observe(want);
      expect(seen).toEqual(want);
    });
  }
});
