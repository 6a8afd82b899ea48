import { Button, Group, Stack } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useRouteId } from '../../../lib/edit-route';
import { tenantBodySchema, type Tenant } from '../../../../shared/schemas/tenants';
import { FormCard } from '../../../components/form-card';
import { HistoryPanel } from '../../../components/history-panel';
import { PageHeader } from '../../../components/page-header';
import { LoadingState, NotFoundState } from '../../../components/page-states';
import { StatusBanner } from '../../../components/status-banner';
import { useEntityForm } from '../../../components/use-entity-form';
import { errorMessage } from '../../../lib/api-client';
import { PortalAccessPanel } from '../../invitations';
import { useHasAvailableUnits } from '../../units';
import { useTenant } from '../api/get-tenants';
import { useSaveTenant } from '../api/save-tenant';
import { usePrefillId } from '../../../lib/prefill-param';
import { formatPhone } from '../../../../shared/phone-format';
import { TenantInUnitFields } from './tenant-fields';
import { RequireWrite } from '../../auth';

interface TenantFormValues {
  unitId: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
}

const EMPTY: TenantFormValues = {
  unitId: '',
  firstName: '',
  lastName: '',
  phoneNumber: '',
  email: '',
};

const validateTenant = schemaResolver(tenantBodySchema, { sync: true });

function toFormValues(tenant: Tenant): TenantFormValues {
  return {
    unitId: String(tenant.unitId),
    firstName: tenant.firstName,
    lastName: tenant.lastName,
    phoneNumber: formatPhone(tenant.phoneNumber),
    email: tenant.email,
  };
}

/** /tenant/create and /tenant/:id (docs/product.md sections 2 and 5). */
export function TenantFormPage() {
  return (
    <RequireWrite
      area="leasing"
      doing="add or edit tenants"
      title="Tenants"
      back={{ to: '/tenants', label: 'Back to tenants' }}
    >
      <TenantForm />
    </RequireWrite>
  );
}

function TenantForm() {
  const id = useRouteId();
  const isEdit = id !== undefined;
  const prefillUnitId = usePrefillId('unitId');
  const navigate = useNavigate();
  const hasAvailable = useHasAvailableUnits();
  const tenant = useTenant(isEdit ? id : undefined);
  const save = useSaveTenant();
  // The tenant just added: their lease is the next step, offered beside the success message.
  const [added, setAdded] = useState<Tenant | null>(null);

  const { form, onSubmit, busy, notFound, banner, clearBanner, showError } = useEntityForm({
    // A link may open this form with a unit chosen (`?unitId=`).
    initialValues: { ...EMPTY, unitId: isEdit ? '' : prefillUnitId },
    validate: validateTenant,
    record: { query: tenant, label: 'tenant', toValues: toFormValues },
    // The server takes the unit number from the unit.
    toBody: (values) => tenantBodySchema.parse({ ...values, unitNumber: null }),
    save: (body) => save.mutateAsync({ id, body }),
    // After save the form returns to create mode (docs/product.md section 4).
    onSaved: (saved) => {
      if (isEdit) {
        return { then: 'return', to: '/tenant/create', message: 'Tenant updated successfully!' };
      }
      setAdded(saved);
      return { then: 'reset', message: 'Tenant added successfully!' };
    },
    failed: 'Failed to save tenant',
  });

  useEffect(() => {
    if (hasAvailable.error)
      showError(errorMessage(hasAvailable.error, 'Failed to fetch properties and units'));
  }, [hasAvailable.error, showError]);
  // The unit choices are the Available units plus, on an edit, the tenant's current unit.
  const noUnits = hasAvailable.data === false && !isEdit;

  if (notFound) {
    return (
      <>
        <PageHeader title="Tenants" />
        <NotFoundState
          noun="Tenant"
          back={{ to: '/tenants', label: 'Back to tenants' }}
          create={{ to: '/tenant/create', label: 'Add a tenant' }}
        />
      </>
    );
  }

  if (hasAvailable.isPending || (isEdit && tenant.isPending)) {
    return (
      <>
        <PageHeader title="Tenants" />
        <LoadingState label="Loading units..." />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Tenants"
        description="Place a tenant in one of your units."
        actions={
          isEdit ? (
            <Button component={Link} to={`/tenants/${id}`} variant="default">
              Tenant page
            </Button>
          ) : undefined
        }
      />
      <Stack gap="md" maw={720}>
        <StatusBanner banner={banner} onClose={clearBanner} />
        {added && banner?.kind === 'success' && !isEdit ? (
          <Group gap="xs" wrap="wrap" data-testid="tenant-next-step">
            <Button component={Link} to={`/lease/create?tenantId=${added.id}`}>
              Create lease for {added.firstName} {added.lastName}
            </Button>
            <Button component={Link} to={`/tenants/${added.id}`} variant="default">
              Tenant page
            </Button>
          </Group>
        ) : null}
        <FormCard
          noun="Tenant"
          isEdit={isEdit}
          isSaving={busy}
          onSubmit={onSubmit}
          onCancel={() => void navigate('/tenant/create')}
          listLink={{ to: '/tenants', label: 'View all tenants' }}
          submitDisabled={noUnits}
        >
          <TenantInUnitFields form={form} noUnits={noUnits} />
        </FormCard>
        {id !== undefined ? (
          <PortalAccessPanel
            record="tenants"
            id={id}
            name={tenant.data ? `${tenant.data.firstName} ${tenant.data.lastName}` : undefined}
          />
        ) : null}
        {id !== undefined ? <HistoryPanel resource="tenants" id={id} /> : null}
      </Stack>
    </>
  );
}
