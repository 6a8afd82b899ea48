import { describe, expect, it } from 'vitest';
import { moveOutConfirmation, renewConfirmation } from './lease-confirmations';

const lease = {
  firstName: 'Alicia',
  lastName: 'Reyes',
  unitNumber: '101',
  endDate: '2027-05-31',
  deposit: 1650,
};

describe('the questions a lease asks before it changes for good', () => {
  it('names who moves out, when, what happens to the unit and the deposit, and what cannot be undone', () => {
    const asked = moveOutConfirmation(lease, { moveOutDate: '2026-11-30', reason: null });
    expect(asked.title).toBe('Move Alicia Reyes out?');
    expect(asked.happens).toEqual([
      'Alicia Reyes moves out on Nov 30, 2026; unit 101 becomes Available unless someone else still lives there.',
      'This lease ends early on Nov 30, 2026 instead of May 31, 2027; a renewal that has not started is cancelled.',
      'The deposit of $1,650.00 stays held on the lease: it is settled separately, from its ledger.',
    ]);
    expect(asked.cannotUndo).toMatch(
      /^This cannot be undone: Alicia Reyes cannot be moved back in/,
    );
    expect(asked).toMatchObject({ confirmLabel: 'Move out', danger: true });
  });

  it('says a lease past its end is not cut short', () => {
    const asked = moveOutConfirmation(lease, { moveOutDate: '2027-06-02', reason: null });
    expect(asked.happens[1]).toBe(
      'This lease has already run to its end on May 31, 2027; a renewal that has not started is cancelled.',
    );
  });

  it("names the renewal's dates, rent and deposit", () => {
    const asked = renewConfirmation(lease, { endDate: '2028-05-31', rent: 1700 });
    expect(asked.title).toBe("Renew Alicia Reyes's lease?");
    expect(asked.happens[0]).toBe(
      'A new lease of unit 101 for Alicia Reyes runs from Jun 1, 2027 to May 31, 2028 at $1,700.00 a month; its rent is posted each month from Jun 1, 2027.',
    );
    expect(asked.happens[1]).toContain('The deposit of $1,650.00 carries over');
    expect(asked.cannotUndo).toMatch(/^This cannot be undone: a lease is renewed only once/);
  });
});
