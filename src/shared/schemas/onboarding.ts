import { z } from 'zod';

/** The first-run steps, in the order a new landlord takes them. */
export const ONBOARDING_STEPS = ['property', 'unit', 'tenant', 'lease', 'invitation'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** Which first-run steps the caller's portfolio shows as done. */
export const onboardingSchema = z.object({
  done: z.object({
    property: z.boolean(),
    unit: z.boolean(),
    tenant: z.boolean(),
    lease: z.boolean(),
    invitation: z.boolean(),
  }),
});
export type Onboarding = z.infer<typeof onboardingSchema>;
