import { Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { createPropertyBodySchema, type Property } from '../../../../shared/schemas/properties';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner, LoadingState } from '../../../components/page-states';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import { useDeleteProperty } from '../api/delete-property';
import { useMyProperties } from '../api/get-properties';
import { useSaveProperty } from '../api/save-property';
import { emptyPropertyForm, PropertyForm, type PropertyFormState } from './property-form';
import { PropertyList } from './property-list';

function toFormState(property: Property): PropertyFormState {
  return {
    name: property.name,
    description: property.description ?? '',
    address: property.address,
    city: property.city,
    state: property.state,
    zipCode: property.zipCode,
    imageUrl: property.imageUrl ?? '',
  };
}

/** /property/create: the property form plus the user's own property list, edited inline (SPEC section 2). */
export function PropertiesPage() {
  const { user } = useSession();
  const properties = useMyProperties();
  const save = useSaveProperty();
  const remove = useDeleteProperty();
  const { banner, showSuccess, showError, clear } = useBanner();
  const [editing, setEditing] = useState<Property | null>(null);
  const formTop = useRef<HTMLDivElement>(null);
  const form = useForm<PropertyFormState>({
    mode: 'controlled',
    initialValues: emptyPropertyForm,
    validate: schemaResolver(createPropertyBodySchema, { sync: true }),
  });

  function resetToCreate() {
    setEditing(null);
    form.setValues(emptyPropertyForm);
    form.resetDirty(emptyPropertyForm);
    form.clearErrors();
  }

  function startEdit(property: Property) {
    clear();
    setEditing(property);
    form.setValues(toFormState(property));
    form.clearErrors();
    formTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    formTop.current?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  }

  const handleSubmit = form.onSubmit(async (values) => {
    if (save.isPending) return;
    clear();
    const body = createPropertyBodySchema.parse({ ...values, userId: user?.id });
    try {
      await save.mutateAsync({ id: editing?.id, body });
      showSuccess(editing ? 'Property updated successfully!' : 'Property added successfully!');
      resetToCreate();
    } catch (error) {
      showError(errorMessage(error, 'Failed to save property'));
    }
  });

  async function handleDelete(property: Property) {
    if (!window.confirm(`Delete the property "${property.name}"? This cannot be undone.`)) return;
    clear();
    try {
      await remove.mutateAsync(property.id);
      if (editing?.id === property.id) resetToCreate();
      showSuccess('Property deleted successfully!');
    } catch (error) {
      showError(errorMessage(error, 'Failed to delete property'));
    }
  }

  return (
    <Stack gap="lg">
      <PageHeader title="Properties" description="Add a property, or edit and delete the ones you manage." />
      <StatusBanner banner={banner} onClose={clear} />
      <div ref={formTop} style={{ scrollMarginTop: 80 }}>
        <PropertyForm
          form={form}
          isEdit={editing !== null}
          isSaving={save.isPending}
          onSubmit={handleSubmit}
          onCancel={() => {
            clear();
            resetToCreate();
          }}
        />
      </div>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Your Properties
        </Title>
        {properties.isPending ? (
          <LoadingState label="Loading properties..." />
        ) : properties.isError ? (
          <ErrorBanner>{errorMessage(properties.error, 'Failed to fetch properties')}</ErrorBanner>
        ) : (
          <PropertyList
            properties={properties.data}
            onEdit={startEdit}
            onDelete={handleDelete}
            deletingId={remove.isPending ? (remove.variables ?? null) : null}
          />
        )}
      </Stack>
    </Stack>
  );
}
