import { SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_PHONE_INPUT } from '../../../../shared/phone-numbers';
import { UnitPicker } from '../../units';

/** A tenant's own details, as the tenant form and the placement form ask them. */
export interface TenantContactValues {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
}

/** First and last name, phone and email of a tenant (docs/product.md section 5). */
export function TenantFields<Values extends TenantContactValues>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label="First name"
        required
        autoComplete="off"
        {...form.getInputProps('firstName')}
      />
      <TextInput
        label="Last name"
        required
        autoComplete="off"
        {...form.getInputProps('lastName')}
      />
      <TextInput
        label="Phone number"
        type="tel"
        required
        maxLength={MAX_PHONE_INPUT}
        autoComplete="off"
        {...form.getInputProps('phoneNumber')}
      />
      <TextInput
        label="Email"
        type="email"
        required
        autoComplete="off"
        {...form.getInputProps('email')}
      />
    </SimpleGrid>
  );
}

/**
 * Placing someone: the unit (one of the landlord's Available units, or a line saying there is
 * none) and the tenant's details, as the tenant form and the placement form ask them.
 */
export function TenantInUnitFields<Values extends TenantContactValues & { unitId: string }>({
  form,
  noUnits,
}: {
  form: UseFormReturnType<Values>;
  noUnits: boolean;
}) {
  return (
    <>
      {noUnits ? (
        <Text c="var(--mantine-color-error)" size="sm" role="note">
          No available units found for your properties.
        </Text>
      ) : null}
      <UnitPicker
        value={form.values.unitId}
        onChange={(unitId) => form.getInputProps('unitId').onChange(unitId)}
        error={form.errors.unitId}
        disabled={noUnits}
      />
      <TenantFields form={form} />
    </>
  );
}
