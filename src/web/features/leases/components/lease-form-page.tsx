import { Button, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useRouteId } from '../../../lib/edit-route';
import { LEASE_STATUSES } from '../../../../shared/constants';
import { leaseBodySchema, type Lease } from '../../../../shared/schemas/leases';
import { FormCard } from '../../../components/form-card';
import { MoneyInput } from '../../../components/money-input';
import { HistoryPanel } from '../../../components/history-panel';
import { PageHeader } from '../../../components/page-header';
import { LoadingState, NotFoundState } from '../../../components/page-states';
import { StatusBanner } from '../../../components/status-banner';
import { useEntityForm } from '../../../components/use-entity-form';
import { errorMessage } from '../../../lib/api-client';
import { TenantPicker, useHasTenants, useTenantListItem } from '../../tenants';
import { useLease } from '../api/get-leases';
import { useSaveLease } from '../api/save-lease';
import { useLeasePrefill } from '../hooks/use-lease-prefill';
import {
  LateFeeFieldset,
  EMPTY_LATE_FEE,
  lateFeeBody,
  type LateFeeValues,
} from './late-fee-fieldset';
import { LeaseLifecyclePanel } from './lease-lifecycle-panel';
import {
  booksBody,
  EMPTY_BOOKS,
  OpeningBalanceFieldset,
  type BookValues,
} from './opening-balance-fieldset';
import { PostingPreview, postingTerms, usePostingConfirmation } from './posting-preview';
import {
  dueDayBody,
  dueDayValues,
  EMPTY_DUE_DAY,
  RentDueDayField,
  type DueDayValues,
} from './rent-due-day-field';
import { RecurringChargesPanel } from '../../money';
import { RequireWrite } from '../../auth';

/** Decision 0010, in the words a landlord needs beside the rent. */
const RENT_RULE =
  "Per month, USD. Due each month on the due day (clamped to the month's end); a last month cut short by the end date is charged by the day.";

interface LeaseFormValues extends LateFeeValues, BookValues, DueDayValues {
  tenantId: string;
  unitNumber: string;
  firstName: string;
  lastName: string;
  startDate: string;
  endDate: string;
  rent: number | string;
  deposit: number | string;
  status: Lease['status'];
}

const EMPTY: LeaseFormValues = {
  tenantId: '',
  unitNumber: '',
  firstName: '',
  lastName: '',
  startDate: '',
  endDate: '',
  rent: '',
  deposit: '',
  status: 'Active',
  ...EMPTY_LATE_FEE,
  ...EMPTY_BOOKS,
  ...EMPTY_DUE_DAY,
};

const validateLease = schemaResolver(leaseBodySchema, { sync: true });
const withLateFee = (values: LeaseFormValues, isEdit = false) => ({
  ...values,
  ...lateFeeBody(values),
  ...booksBody(values, isEdit),
  ...dueDayBody(values),
});

function toFormValues(lease: Lease): LeaseFormValues {
  return {
    tenantId: String(lease.tenantId),
    unitNumber: lease.unitNumber,
    firstName: lease.firstName,
    lastName: lease.lastName,
    startDate: lease.startDate,
    endDate: lease.endDate,
    rent: lease.rent,
    deposit: lease.deposit,
    status: lease.status,
    lateFeeKind: lease.lateFeeKind,
    lateFeeAmount: lease.lateFeeAmount ?? '',
    lateFeePercent: lease.lateFeePercent ?? '',
    lateFeeGraceDays: lease.lateFeeGraceDays ?? EMPTY_LATE_FEE.lateFeeGraceDays,
    lateFeeCap: lease.lateFeeCap ?? '',
    ...EMPTY_BOOKS,
    rentChargedFrom: lease.rentChargedFrom ?? '',
    ...dueDayValues(lease.rentDueDay),
  };
}

/** /lease/create and /lease/:id (docs/product.md sections 2 and 5). */
export function LeaseFormPage() {
  return (
    <RequireWrite
      area="leasing"
      doing="create or edit leases"
      title="Leases"
      back={{ to: '/leases', label: 'Back to leases' }}
    >
      <LeaseForm />
    </RequireWrite>
  );
}

function LeaseForm() {
  const id = useRouteId();
  const isEdit = id !== undefined;
  const navigate = useNavigate();
  const hasTenants = useHasTenants();
  const lease = useLease(isEdit ? id : undefined);
  const save = useSaveLease();
  const posting = usePostingConfirmation();

  const { form, onSubmit, busy, notFound, banner, clearBanner, showError } = useEntityForm({
    initialValues: EMPTY,
    validate: (values) => validateLease(withLateFee(values, isEdit)),
    record: { query: lease, label: 'lease', toValues: toFormValues },
    toBody: (values) => leaseBodySchema.parse(withLateFee(values, isEdit)),
    // Past rent is previewed; more than a year of it, or reversals, are asked first.
    confirm: (_body, values) => posting.confirm(postingTerms(values, id)),
    save: (body) => save.mutateAsync({ id, body: posting.withConfirmation(body) }),
    // An edited lease stays on screen as saved, with its panels (docs/product.md section 4):
    // the landlord came to this lease and has more to do on it than start another.
    onSaved: (saved) =>
      isEdit
        ? { then: 'reset', message: 'Lease updated successfully!', values: toFormValues(saved) }
        : { then: 'reset', message: 'Lease added successfully!' },
    failed: 'Failed to save lease',
  });

  const { rentFor } = useLeasePrefill((values) => form.setValues(values));

  useEffect(() => {
    if (hasTenants.error) showError(errorMessage(hasTenants.error, 'Failed to fetch tenants'));
  }, [hasTenants.error, showError]);
  const noTenants = hasTenants.data === false;

  // Choosing a tenant copies their unit number and names into the form (docs/product.md section 5).
  const chosen = useTenantListItem(Number(form.values.tenantId) || undefined);
  const chosenTenant = chosen.data;
  useEffect(() => {
    if (!chosenTenant || String(chosenTenant.id) !== form.values.tenantId) return;
    form.setValues({
      unitNumber: chosenTenant.unitNumber,
      firstName: chosenTenant.firstName,
      lastName: chosenTenant.lastName,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- copy once per chosen tenant
  }, [chosenTenant]);

  function chooseTenant(value: string) {
    form.setFieldValue('tenantId', value);
    form.clearFieldError('tenantId');
    // The rent starts as the unit's rent (docs/product.md section 11); a typed rent stays.
    if (value && form.values.rent === '') {
      void rentFor(Number(value)).then(
        (rent) => {
          if (form.getValues().rent === '') form.setFieldValue('rent', rent);
        },
        () => undefined,
      );
    }
  }

  if (notFound) {
    return (
      <>
        <PageHeader title="Leases" />
        <NotFoundState
          noun="Lease"
          back={{ to: '/leases', label: 'Back to leases' }}
          create={{ to: '/lease/create', label: 'Create a lease' }}
        />
      </>
    );
  }

  if (hasTenants.isPending || (isEdit && lease.isPending)) {
    return (
      <>
        <PageHeader title="Leases" />
        <LoadingState label="Loading tenants..." />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Leases"
        description="Record the terms a tenant rents on."
        actions={
          isEdit ? (
            <Button component={Link} to={`/leases/${id}/ledger`} variant="default">
              Ledger
            </Button>
          ) : undefined
        }
      />
      <Stack gap="md" maw={720}>
        <StatusBanner banner={banner} onClose={clearBanner} />
        <FormCard
          noun="Lease"
          isEdit={isEdit}
          isSaving={busy}
          onSubmit={onSubmit}
          onCancel={() => void navigate('/lease/create')}
          listLink={{ to: '/leases', label: 'View all leases' }}
          submitDisabled={noTenants}
        >
          {noTenants ? (
            <Text c="var(--mantine-color-error)" size="sm" role="note">
              No tenants found. Add a tenant first.
            </Text>
          ) : null}
          <TenantPicker
            value={form.values.tenantId}
            onChange={chooseTenant}
            error={form.errors.tenantId}
            disabled={noTenants}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput label="Unit number" readOnly {...form.getInputProps('unitNumber')} />
            <TextInput label="First name" readOnly {...form.getInputProps('firstName')} />
            <TextInput label="Last name" readOnly {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Start date"
              type="date"
              required
              {...form.getInputProps('startDate')}
            />
            <TextInput
              label="End date"
              type="date"
              required
              min={form.values.startDate || undefined}
              {...form.getInputProps('endDate')}
            />
            <MoneyInput
              label="Rent"
              description={RENT_RULE}
              required
              {...form.getInputProps('rent')}
            />
            <MoneyInput
              label="Deposit"
              description="USD"
              required
              {...form.getInputProps('deposit')}
            />
            <Select
              label="Status"
              required
              data={[...LEASE_STATUSES]}
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
            <RentDueDayField form={form} />
          </SimpleGrid>
          <LateFeeFieldset form={form} />
          <OpeningBalanceFieldset form={form} isEdit={isEdit} />
          <PostingPreview terms={postingTerms(form.values, id)} />
        </FormCard>
        {posting.dialog}
        {isEdit && lease.data ? (
          <LeaseLifecyclePanel key={lease.data.id} lease={lease.data} />
        ) : null}
        {isEdit && lease.data ? <RecurringChargesPanel lease={lease.data} /> : null}
        {id !== undefined ? <HistoryPanel resource="leases" id={id} /> : null}
      </Stack>
    </>
  );
}
