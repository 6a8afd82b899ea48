import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { addDays } from '../../../../shared/dates';
import { fetchLeasePrefill } from '../api/lease-lifecycle';

export interface LeasePrefill {
  tenantId: string;
  unitNumber: string;
  firstName: string;
  lastName: string;
  rent: number;
  startDate?: string;
  endDate?: string;
}

/** A year's term: it ends the day before the same date a year later. */
export const oneYearFrom = (startDate: string) =>
  addDays(dayjs(startDate).add(1, 'year').format('YYYY-MM-DD'), -1);

/**
 * A new lease opened from an approved application (`/lease/create?tenantId=..&startDate=..`)
 * arrives filled in: the tenant, their unit's rent, the requested move-in date as its start
 * and a year as its term. `rentFor` gives the unit's rent when the landlord picks a tenant.
 */
export function useLeasePrefill(apply: (values: LeasePrefill) => void) {
  const [params] = useSearchParams();
  const tenantId = Number(params.get('tenantId'));
  const startDate = params.get('startDate');
  const applied = useRef(false);
  const applyRef = useRef(apply);
  applyRef.current = apply;

  useEffect(() => {
    if (applied.current || !Number.isInteger(tenantId) || tenantId <= 0) return;
    applied.current = true;
    void fetchLeasePrefill(tenantId)
      .then(({ tenant, rent }) =>
        applyRef.current({
          tenantId: String(tenant.id),
          unitNumber: tenant.unitNumber,
          firstName: tenant.firstName,
          lastName: tenant.lastName,
          rent,
          ...(startDate ? { startDate, endDate: oneYearFrom(startDate) } : {}),
        }),
      )
      // Nothing to prefill from (a stale link): the empty form is still usable.
      .catch((error: unknown) => console.error('Could not prefill the lease', error));
  }, [tenantId, startDate]);

  return {
    rentFor: async (id: number) => (await fetchLeasePrefill(id)).rent,
  };
}
