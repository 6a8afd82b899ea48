import { z } from 'zod';

/** The records that can hang on one that is deleted, by what people call them. */
export const DEPENDENT_KINDS = [
  'units',
  'tenants',
  'leases',
  'workOrders',
  'moneyRecords',
  'staff',
  'applications',
  'assignedWorkOrders',
  'portalAccount',
  'expenses',
] as const;

/** Records of one kind that hang on the one to delete, counted and said in a sentence. */
export const dependentsSchema = z.object({
  kind: z.enum(DEPENDENT_KINDS),
  count: z.number().int().positive(),
  message: z.string().meta({
    description: "The product's sentence, e.g. 'Its 2 staff members go with it.'",
  }),
});
export type Dependents = z.infer<typeof dependentsSchema>;

/**
 * GET /api/{properties|units|staff|tenants|leases}/{id}/deletion: what a delete would do now.
 * While blockers is not empty the delete answers 409 with these same messages.
 */
export const deletionPreviewSchema = z.object({
  blockers: z.array(dependentsSchema).meta({
    description: 'What must be removed first; the delete is refused (409) while any is there.',
  }),
  removes: z.array(dependentsSchema).meta({
    description: 'What goes with the record, or loses its link to it, when it is deleted.',
  }),
});
export type DeletionPreview = z.infer<typeof deletionPreviewSchema>;
