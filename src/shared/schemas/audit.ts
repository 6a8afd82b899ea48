import { z } from 'zod';
import { MEMBER_ROLES } from '../constants';

/** The records whose changes are kept, named as their API paths name them. */
export const AUDITED_ENTITIES = [
  'users',
  'properties',
  'units',
  'staff',
  'tenants',
  'leases',
  'applications',
  'uploads',
  'work-orders',
  // the landlord's books
  'vendors',
  'expenses',
  'recurring-expenses',
  'bank-accounts',
  // teams
  'organisations',
  'members',
] as const;
export type AuditedEntity = (typeof AUDITED_ENTITIES)[number];

/** A field's value as the trail keeps it: text, numbers, flags, lists of text (roles). */
export const auditValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.string()),
]);
export type AuditValue = z.infer<typeof auditValueSchema>;

/** One change of a record: who, when, what, and the changed fields before and after. */
export const historyEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  actor: z.object({
    kind: z.enum(['user', 'visitor', 'system']),
    userId: z.number().int().nullable(),
    name: z.string(),
    /** The member's role in the organisation they acted for, when they acted as a member. */
    role: z.enum(MEMBER_ROLES).optional(),
  }),
  before: z.record(z.string(), auditValueSchema).nullable(),
  after: z.record(z.string(), auditValueSchema).nullable(),
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;
