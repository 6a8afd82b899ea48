import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, describeEvent, describeTrail } from './audit-sentences';
import type { AuditedEntity, HistoryEvent } from './schemas/audit';

type Actor = HistoryEvent['actor'];
const maria: Actor = { kind: 'user', userId: 1, name: 'maria' };
const jobs: Actor = { kind: 'system', userId: null, name: 'jobs' };
const stripe: Actor = { kind: 'system', userId: null, name: 'stripe-webhook' };
const visitor: Actor = { kind: 'visitor', userId: null, name: 'visitor' };

const sentenceOf = (
  entity: AuditedEntity,
  action: string,
  actor: Actor,
  before: HistoryEvent['before'],
  after: HistoryEvent['after'],
) => describeEvent({ action, actor, before, after }, entity).sentence;

describe('describeEvent: an audit event as a sentence', () => {
  it.each([
    [
      'leases',
      'ledger.rent',
      jobs,
      null,
      {
        kind: 'charge',
        category: 'rent',
        amount: 1200,
        period: '2026-12',
        entryDate: '2026-12-01',
      },
      'Rent for December 2026 ($1,200.00) posted automatically',
    ],
    [
      'leases',
      'ledger.late_fee',
      jobs,
      null,
      { kind: 'charge', category: 'late_fee', amount: 50, period: '2026-12' },
      'Late fee of $50.00 for December 2026 charged automatically',
    ],
    [
      'leases',
      'ledger.payment',
      stripe,
      null,
      { kind: 'payment', method: 'card', amount: 1200.5 },
      'Payment of $1,200.50 (card) recorded by the card processor',
    ],
    [
      'leases',
      'ledger.payment',
      maria,
      null,
      { kind: 'payment', method: 'check', amount: 300 },
      'maria recorded a payment of $300.00 (check)',
    ],
    [
      'leases',
      'ledger.charge',
      maria,
      null,
      { kind: 'charge', category: 'utilities', amount: 42.1 },
      'maria charged $42.10 (utilities)',
    ],
    [
      'leases',
      'move-out',
      maria,
      { status: 'Active', endedOn: null, firstName: 'Alicia', lastName: 'Reyes' },
      { status: 'Ended', endedOn: '2026-11-30', firstName: 'Alicia', lastName: 'Reyes' },
      'maria moved Alicia Reyes out on Nov 30, 2026',
    ],
    [
      'leases',
      'expire',
      jobs,
      { status: 'Active' },
      { status: 'Expired' },
      'Lease ended and marked Expired automatically',
    ],
    [
      'leases',
      'deposit.settlement',
      maria,
      null,
      { date: '2026-12-05', deducted: 150, applied: 0, returned: 850, unpaidDeductions: 0 },
      'maria settled the deposit on Dec 5, 2026: $850.00 returned to the tenant, $150.00 deducted',
    ],
    ['units', 'create', maria, null, { unitNumber: '101', rent: 120000 }, 'maria added unit 101'],
    ['units', 'update', maria, { rent: 120000 }, { rent: 130000 }, 'maria changed this unit'],
    [
      'applications',
      'create',
      visitor,
      null,
      { firstName: 'Jane', lastName: 'Doe', unitNumber: '2B' },
      'Jane Doe applied for unit 2B',
    ],
    ['users', 'login', maria, null, null, 'maria logged in'],
    ['users', 'create', visitor, null, { userName: 'bob' }, 'bob signed up'],
    ['users', 'create', maria, null, { userName: 'bob' }, 'maria made the account bob'],
    ['users', 'reset_password', visitor, null, null, 'A new password was chosen with a reset link'],
    [
      'tenants',
      'invite',
      maria,
      null,
      { invitationId: 3, emailedTo: 'a@example.com' },
      'maria invited this tenant to the portal (emailed to a@example.com)',
    ],
    [
      'work-orders',
      'status',
      maria,
      { status: 'Assigned' },
      { status: 'Done' },
      'maria marked this work order Done',
    ],
  ] as const)('%s %s', (entity, action, actor, before, after, expected) => {
    expect(sentenceOf(entity, action, actor, before, after)).toBe(expected);
  });

  it("lists a change's fields in words, money in dollars, dates as dates", () => {
    const { details } = describeEvent(
      {
        action: 'update',
        actor: maria,
        before: { rent: 120000, endDate: '2026-12-31', unitId: 4 },
        after: { rent: 130000, endDate: '2027-06-30', unitId: 5 },
      },
      'leases',
    );
    expect(details).toEqual([
      'rent: $1,200.00 \u2192 $1,300.00',
      'end date: Dec 31, 2026 \u2192 Jun 30, 2027',
    ]);
  });

  it('names the record from its trail: a later event says whom it concerns', () => {
    const trail = describeTrail(
      [
        {
          id: 3,
          action: 'move-out',
          actor: maria,
          before: { movedOutOn: null },
          after: { movedOutOn: '2026-11-30' },
        },
        {
          id: 2,
          action: 'update',
          actor: maria,
          before: { lastName: 'Cruz' },
          after: { lastName: 'Reyes' },
        },
        {
          id: 1,
          action: 'create',
          actor: maria,
          before: null,
          after: { firstName: 'Alicia', lastName: 'Cruz', unitNumber: '101' },
        },
      ],
      'tenants',
    );
    expect(trail.get(1)?.sentence).toBe('maria added Alicia Cruz');
    expect(trail.get(3)?.sentence).toBe('maria moved Alicia Reyes out on Nov 30, 2026');
  });

  it('every action has a sentence in words, never its code', () => {
    for (const action of AUDIT_ACTIONS) {
      for (const actor of [maria, jobs, visitor]) {
        const sentence = sentenceOf(
          'leases',
          action,
          actor,
          { status: 'Active' },
          {
            status: 'Ended',
            amount: 10,
          },
        );
        expect(sentence, action).toMatch(/^[A-Za-z]/);
        if (/[._-]/.test(action)) expect(sentence, action).not.toContain(action);
        expect(sentence, action).not.toMatch(/this record|undefined|null|NaN|_/);
      }
    }
  });
});

/** Every action literal handed to the audit trail by the server's code. */
function recordedActions(): Set<string> {
  const root = path.resolve(__dirname, '../server');
  const files = (readdirSync(root, { recursive: true }) as string[]).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  const actions = new Set<string>();
  const patterns = [
    /recordEvent\([^;]*?action: '([^']+)'/gs,
    /recordEntryEvent\([^)]*'([^']+)'\)/g,
    /recordAccountChange\(ctx, '([^']+)'/g,
    /const action = [^;]*\? '([^']+)' : '([^']+)'/g,
    /entryChange\([^;]*?\? '([^']+)' : '([^']+)'\)/g,
    /await update\(\s*ctx,[^;]*?'([a-z-]+)',\s*\);/g,
  ];
  for (const file of files) {
    const source = readFileSync(path.join(root, file), 'utf8');
    if (!/recordEvent|recordEntryEvent|recordAccountChange/.test(source)) continue;
    for (const pattern of patterns) {
      for (const match of source.matchAll(pattern)) {
        for (const action of match.slice(1)) if (action) actions.add(action);
      }
    }
  }
  return actions;
}

describe('a member is named with the role they acted in', () => {
  const charge = { kind: 'charge', category: 'utilities', amount: 42.1 };
  it.each([
    ['Bookkeeper', 'dana (Bookkeeper) charged $42.10 (utilities)'],
    ['Owner', 'dana charged $42.10 (utilities)'],
    [undefined, 'dana charged $42.10 (utilities)'],
  ] as const)('%s', (role, sentence) => {
    const dana: Actor = { kind: 'user', userId: 2, name: 'dana', ...(role ? { role } : {}) };
    expect(sentenceOf('leases', 'ledger.charge', dana, null, charge)).toBe(sentence);
  });
});

describe('the actions the server records', () => {
  it('each has a sentence (recordEvent also takes only AUDIT_ACTIONS)', () => {
    const actions = recordedActions();
    // The scan finds the kinds of write: a scan that found nothing would prove nothing.
    for (const known of ['create', 'move-out', 'ledger.rent', 'approve', 'assign', 'disable']) {
      expect(actions).toContain(known);
    }
    const unknown = [...actions].filter(
      (action) => !(AUDIT_ACTIONS as readonly string[]).includes(action),
    );
    expect(unknown).toEqual([]);
    // And the list holds no action that nothing records any more.
    expect([...actions].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});

describe("the bank's events", () => {
  it('say what was imported, matched, unmatched, turned down and typed', () => {
    const line = { lineId: 3, postedOn: '2026-03-02', amount: 1200, description: 'ZELLE' };
    expect(
      sentenceOf('bank-accounts', 'bank.import', maria, null, { added: 5, alreadyThere: 2 }),
    ).toBe('maria imported a bank statement: 5 new lines, 2 already there');
    expect(
      sentenceOf('bank-accounts', 'bank.match', maria, null, {
        ...line,
        kind: 'payment',
        recordId: 12,
      }),
    ).toBe('maria matched the bank line of $1,200.00 with payment 12');
    expect(
      sentenceOf(
        'bank-accounts',
        'bank.unmatch',
        maria,
        { ...line, kind: 'expense', recordId: 7 },
        null,
      ),
    ).toBe('maria unmatched the bank line of $1,200.00 with expense 7');
    expect(
      sentenceOf('bank-accounts', 'bank.reject', maria, null, {
        ...line,
        kind: 'payment',
        recordId: 12,
      }),
    ).toBe('maria turned down a suggested match for the bank line of $1,200.00');
    expect(
      sentenceOf('bank-accounts', 'bank.balance', maria, null, {
        month: '2026-03',
        closingBalance: 5850.5,
      }),
    ).toBe('maria entered the closing balance of March 2026 ($5,850.50)');
  });
});
