import { z } from 'zod';

/**
 * Every kind of notification a user can receive, with the words the settings screen shows.
 * A kind sent by code but missing here is still delivered (email on); adding it here lets
 * people turn its email off.
 */
export const NOTIFICATION_KINDS = [
  { kind: 'payments.recorded', label: 'A payment is recorded on my lease' },
  { kind: 'ledger.posted', label: 'A charge or credit is added to my ledger' },
  { kind: 'charges.overdue', label: 'My rent is overdue' },
  { kind: 'late_fee_assessed', label: 'A late fee is charged' },
  { kind: 'leases.ending_soon', label: 'A lease ends within 60 days' },
  { kind: 'applications.received', label: 'Someone applies to rent a unit' },
  { kind: 'work-orders.requested', label: 'A maintenance request is filed' },
  { kind: 'work-orders.assigned', label: 'A work order is assigned to me' },
  { kind: 'work-orders.status', label: 'A work order changes status' },
  { kind: 'work-orders.note', label: 'A note is added to a work order' },
  { kind: 'account.roles_changed', label: 'My roles change' },
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]['kind'];
const kindNames = NOTIFICATION_KINDS.map((k) => k.kind) as [
  NotificationKind,
  ...NotificationKind[],
];

export const notificationPreferenceSchema = z.object({
  kind: z.enum(kindNames),
  label: z.string(),
  /** Also sent by email (when the account has an address and the server sends mail). */
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** PUT: the kinds to change; kinds left out keep their setting. */
export const notificationPreferencesBodySchema = z
  .array(
    z.object({
      kind: z.enum(kindNames, { error: 'Unknown notification kind' }),
      email: z.boolean({ error: 'email must be true or false' }),
    }),
  )
  .min(1, 'Name at least one kind')
  .max(NOTIFICATION_KINDS.length)
  .refine((items) => new Set(items.map((i) => i.kind)).size === items.length, {
    message: 'Each kind may be named once',
  });
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBodySchema>;
