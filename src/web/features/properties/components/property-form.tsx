import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { FormEventHandler } from 'react';
import { LIMITS } from '../../../../shared/constants';
import type { PropertyFormValues } from '../../../../shared/schemas/properties';
import { FormCard } from '../../../components/form-card';
import { ListingFields } from '../../../components/listing-fields';

export type PropertyFormState = Required<{
  [K in Exclude<keyof PropertyFormValues, 'userId'>]: string;
}>;

export const emptyPropertyForm: PropertyFormState = {
  name: '',
  description: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  imageUrl: '',
};

interface PropertyFormProps {
  form: UseFormReturnType<PropertyFormState>;
  isEdit: boolean;
  isSaving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel(): void;
}

/** The property form of /property/create; the same form edits a property inline. */
export function PropertyForm({ form, isEdit, isSaving, onSubmit, onCancel }: PropertyFormProps) {
  return (
    <FormCard
      noun="Property"
      isEdit={isEdit}
      isSaving={isSaving}
      onSubmit={onSubmit}
      onCancel={onCancel}
      listLink={{ to: '/properties', label: 'View all properties' }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          maxLength={LIMITS.shortText}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Address"
          required
          autoComplete="street-address"
          maxLength={LIMITS.shortText}
          {...form.getInputProps('address')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="City"
            required
            autoComplete="address-level2"
            maxLength={100}
            {...form.getInputProps('city')}
          />
          <TextInput
            label="State"
            required
            autoComplete="address-level1"
            maxLength={LIMITS.state}
            description="2 letters, e.g. IL"
            {...form.getInputProps('state')}
          />
          <TextInput
            label="Zip code"
            required
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={10}
            description="12345 or 12345-6789"
            {...form.getInputProps('zipCode')}
          />
        </SimpleGrid>
        <ListingFields
          description={form.getInputProps('description')}
          imageUrl={form.getInputProps('imageUrl')}
        />
      </Stack>
    </FormCard>
  );
}
