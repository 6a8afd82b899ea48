import { Stack, Title } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { useRef, useState } from 'react';
import { createPropertyBodySchema, type Property } from '../../../../shared/schemas/properties';
import { PageHeader } from '../../../components/page-header';
import { HistoryPanel } from '../../../components/history-panel';
import { StatusBanner } from '../../../components/status-banner';
import { useEntityForm } from '../../../components/use-entity-form';
import { RequireWrite } from '../../auth';
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

const validateProperty = schemaResolver(createPropertyBodySchema, { sync: true });

/** /property/create: the property form plus the user's own property list, edited inline (docs/product.md section 2). */
export function PropertiesPage() {
  const { user, can } = useSession();
  const writes = can('properties', 'write');
  const save = useSaveProperty();
  const [editing, setEditing] = useState<Property | null>(null);
  const formTop = useRef<HTMLDivElement>(null);
  const { form, onSubmit, busy, banner, clearBanner } = useEntityForm({
    initialValues: emptyPropertyForm,
    validate: validateProperty,
    toBody: (values) => createPropertyBodySchema.parse({ ...values, userId: user?.id }),
    save: (body) => save.mutateAsync({ id: editing?.id, body }),
    onSaved: () => {
      const message = editing ? 'Property updated successfully!' : 'Property added successfully!';
      setEditing(null);
      return { then: 'reset', message };
    },
    failed: 'Failed to save property',
  });

  function resetToCreate() {
    setEditing(null);
    form.reset();
  }

  function startEdit(property: Property) {
    clearBanner();
    setEditing(property);
    form.setValues(toFormState(property));
    form.clearErrors();
    formTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    formTop.current?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Properties"
        description={
          writes
            ? 'Add a property, or edit and delete the ones you manage.'
            : 'The properties you work on.'
        }
      />
      <StatusBanner banner={banner} onClose={clearBanner} />
      <RequireWrite area="properties" doing="add or edit properties">
        <div ref={formTop} style={{ scrollMarginTop: 80 }}>
          <PropertyForm
            form={form}
            isEdit={editing !== null}
            isSaving={busy}
            onSubmit={onSubmit}
            onCancel={() => {
              clearBanner();
              resetToCreate();
            }}
          />
        </div>
      </RequireWrite>
      {editing ? <HistoryPanel resource="properties" id={editing.id} /> : null}
      <Stack gap="sm">
        <Title order={2} size="h3">
          Your Properties
        </Title>
        <PropertyList
          onEdit={writes ? startEdit : undefined}
          onDeleted={(property) => {
            if (editing?.id === property.id) resetToCreate();
          }}
        />
      </Stack>
    </Stack>
  );
}
