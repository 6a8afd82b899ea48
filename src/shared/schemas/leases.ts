import { z } from 'zod';
import { LEASE_STATUSES } from '../constants';
import { MAX_ID, calendarDateSchema, moneySchema } from './common';

export const leaseStatusSchema = z.enum(LEASE_STATUSES, {
  error: 'Status must be Active, Terminated or Expired',
});

/**
 * The lease form and POST/PUT /api/leases. unitNumber, firstName and lastName may be sent
 * (the spec's body has them) but the server copies them from the tenant.
 */
export const leaseBodySchema = z
  .object({
    tenantId: z.coerce
      .number({ error: 'Please select a tenant' })
      .int('Please select a tenant')
      .positive('Please select a tenant')
      .max(MAX_ID, 'Please select a tenant'),
    unitNumber: z.string().max(200).nullish(),
    firstName: z.string().max(200).nullish(),
    lastName: z.string().max(200).nullish(),
    startDate: calendarDateSchema('Start date'),
    endDate: calendarDateSchema('End date'),
    rent: moneySchema('Rent'),
    deposit: moneySchema('Deposit'),
    status: leaseStatusSchema,
  })
  .refine((lease) => lease.endDate >= lease.startDate, {
    message: 'End date cannot be before the start date',
    path: ['endDate'],
  });
export type LeaseBody = z.infer<typeof leaseBodySchema>;
export type LeaseBodyInput = z.input<typeof leaseBodySchema>;

export const leaseSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  unitNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  rent: z.number(),
  deposit: z.number(),
  status: leaseStatusSchema,
});
export type Lease = z.infer<typeof leaseSchema>;
