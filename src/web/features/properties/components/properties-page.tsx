import { Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { createPropertyBodySchema, type Property } from '../../../../shared/schemas/properties';
import { PageHeader } from '../../../components/page-header';
import { HistoryPanel } from '../../../components/history-panel';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
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

/** /property/create: the property form plus the user's own property list, edited inline (docs/product.md section 2). */
export function PropertiesPage() {
  const { user } = useSession();
  const save = useSaveProperty();
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

  return (
    <Stack gap="lg">
      <PageHeader
        title="Properties"
        description="Add a property, or edit and delete the ones you manage."
      />
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
      {editing ? <HistoryPanel resource="properties" id={editing.id} /> : null}
      <Stack gap="sm">
        <Title order={2} size="h3">
          Your Properties
        </Title>
        <PropertyList
          onEdit={startEdit}
          onDeleted={(property) => {
            if (editing?.id === property.id) resetToCreate();
          }}
        />
      </Stack>
    </Stack>
  );
}
