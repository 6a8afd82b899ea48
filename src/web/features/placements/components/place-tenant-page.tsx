import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  placementBodySchema,
  type Placement,
  type PlacementBody,
} from '../../../../shared/schemas/placements';
import { MoneyInput, type MoneyValue } from '../../../components/money-input';
import { PageHeader } from '../../../components/page-header';
import { StatusBanner } from '../../../components/status-banner';
import { useEntityForm } from '../../../components/use-entity-form';
import { formatDate, formatMoney } from '../../../lib/format';
import { usePrefillId } from '../../../lib/prefill-param';
import { useServerToday } from '../../../lib/server-today';
import { InvitationLinks } from '../../invitations';
import {
  EMPTY_LATE_FEE,
  LateFeeFieldset,
  lateFeeBody,
  oneYearFrom,
  type LateFeeValues,
} from '../../leases';
import { TenantInUnitFields, type TenantContactValues } from '../../tenants';
import { useHasAvailableUnits, useUnit } from '../../units';
import { useCreatePlacement } from '../api/create-placement';
import { RequireWrite } from '../../auth';

interface PlacementValues extends TenantContactValues, LateFeeValues {
  unitId: string;
  startDate: string;
  endDate: string;
  rent: MoneyValue;
  deposit: MoneyValue;
  depositReceived: MoneyValue;
  depositReceivedOn: string;
  invite: boolean;
}

const emptyValues = (unitId: string, today: string): PlacementValues => ({
  unitId,
  firstName: '',
  lastName: '',
  phoneNumber: '',
  email: '',
  startDate: '',
  endDate: '',
  rent: '',
  deposit: '',
  depositReceived: '',
  depositReceivedOn: today,
  invite: false,
  ...EMPTY_LATE_FEE,
});

/** The body as the shared schema reads it: a new tenant's lease is Active. */
const bodyOf = (values: PlacementValues) => ({
  ...values,
  ...lateFeeBody(values),
  status: 'Active' as const,
  depositReceived: values.depositReceived === '' ? null : values.depositReceived,
});

const validatePlacement = schemaResolver(placementBodySchema, { sync: true });

/**
 * /place-tenant (from a unit's page with `?unitId=`, or the tenants list): a tenant, their
 * lease, the deposit received and the portal invitation in one form and one save
 * (docs/product.md section 13, "Placing a tenant").
 */
export function PlaceTenantPage() {
  return (
    <RequireWrite
      area="leasing"
      doing="place tenants"
      title="Place a tenant"
      back={{ to: '/tenants', label: 'Back to tenants' }}
    >
      <PlaceTenant />
    </RequireWrite>
  );
}

function PlaceTenant() {
  const prefillUnitId = usePrefillId('unitId');
  const create = useCreatePlacement();
  const hasAvailable = useHasAvailableUnits();
  const [placed, setPlaced] = useState<Placement | null>(null);
  const today = useServerToday();

  const { form, onSubmit, busy, banner, clearBanner } = useEntityForm({
    initialValues: emptyValues(prefillUnitId, today),
    validate: (values) => validatePlacement(bodyOf(values)),
    toBody: (values): PlacementBody => placementBodySchema.parse(bodyOf(values)),
    save: (body) => create.mutateAsync(body),
    onSaved: (saved) => {
      setPlaced(saved);
      return { then: 'stay' };
    },
    failed: 'Failed to place the tenant',
  });

  // The rent starts as the unit's (docs/product.md section 11); a typed rent stays.
  const unit = useUnit(Number(form.values.unitId) || undefined);
  const unitRent = unit.data?.rent;
  useEffect(() => {
    if (unitRent !== undefined && form.getValues().rent === '')
      form.setFieldValue('rent', unitRent);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per chosen unit
  }, [unitRent]);

  function chooseStart(value: string) {
    form.setFieldValue('startDate', value);
    // A year's term unless an end is already there.
    if (value && form.getValues().endDate === '') form.setFieldValue('endDate', oneYearFrom(value));
  }

  function placeAnother() {
    setPlaced(null);
    clearBanner();
    form.setValues(emptyValues('', today));
    form.resetDirty();
  }

  if (placed) return <Placed placed={placed} onAnother={placeAnother} />;

  const received = form.values.depositReceived;
  const noUnits = hasAvailable.data === false;
  return (
    <>
      <PageHeader
        title="Place a tenant"
        description="The tenant, their lease, the deposit received and their portal invitation, in one step."
      />
      <Stack gap="md" maw={760}>
        <StatusBanner banner={banner} onClose={clearBanner} />
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <form onSubmit={onSubmit} noValidate aria-label="Place a tenant">
            <Stack gap="lg">
              <Fieldset legend="Tenant" variant="unstyled">
                <Stack gap="md">
                  <TenantInUnitFields form={form} noUnits={noUnits} />
                </Stack>
              </Fieldset>
              <Fieldset legend="Lease" variant="unstyled">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput
                    label="Start date"
                    type="date"
                    required
                    {...form.getInputProps('startDate')}
                    onChange={(event) => chooseStart(event.currentTarget.value)}
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
                    description="Per month, USD"
                    required
                    {...form.getInputProps('rent')}
                  />
                  <MoneyInput
                    label="Deposit"
                    description="Agreed, USD"
                    required
                    {...form.getInputProps('deposit')}
                  />
                </SimpleGrid>
              </Fieldset>
              <LateFeeFieldset form={form} />
              <Fieldset legend="Deposit received" variant="unstyled">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <MoneyInput
                    label="Deposit received"
                    description="What the tenant has paid of it; empty if nothing yet"
                    {...form.getInputProps('depositReceived')}
                  />
                  {received !== '' && received !== 0 ? (
                    <TextInput
                      label="Received on"
                      type="date"
                      required
                      max={today}
                      {...form.getInputProps('depositReceivedOn')}
                    />
                  ) : null}
                </SimpleGrid>
              </Fieldset>
              <Checkbox
                label="Invite to the portal"
                description="Makes their one-time sign-up link: emailed to them when this server sends mail, and shown here to copy."
                {...form.getInputProps('invite', { type: 'checkbox' })}
              />
              <Group gap="sm">
                <Button type="submit" disabled={busy || noUnits}>
                  {busy ? 'Saving...' : 'Place tenant'}
                </Button>
                <Button component={Link} to="/tenants" variant="default">
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </>
  );
}

/** What the placement made, with the invitation link shown once. */
function Placed({ placed, onAnother }: { placed: Placement; onAnother: () => void }) {
  const { tenant, lease, deposit, invitation } = placed;
  const name = `${tenant.firstName} ${tenant.lastName}`;
  return (
    <>
      <PageHeader title="Place a tenant" />
      <Stack gap="md" maw={760}>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" data-print-hide>
          <Stack gap="sm">
            <div role="status">
              <Title order={2} size="h3">
                {name} placed in unit {tenant.unitNumber}
              </Title>
            </div>
            <Text>
              Lease from {formatDate(lease.startDate)} to {formatDate(lease.endDate)},{' '}
              {formatMoney(lease.rent)}/month; deposit {formatMoney(lease.deposit)}
              {deposit ? `, ${formatMoney(deposit.received)} received` : ', nothing received yet'}.
            </Text>
            <Group gap="xs" wrap="wrap">
              <Button component={Link} to={`/tenants/${tenant.id}`} variant="default">
                Tenant page
              </Button>
              <Button component={Link} to={`/leases/${lease.id}/ledger`} variant="default">
                Ledger
              </Button>
              <Button onClick={onAnother}>Place another tenant</Button>
            </Group>
          </Stack>
        </Paper>
        {invitation ? (
          <InvitationLinks
            title="Portal invitation"
            rows={[
              {
                tenantId: tenant.id,
                name,
                unitNumber: tenant.unitNumber,
                propertyName: '',
                path: invitation.path,
                emailedTo: invitation.emailedTo,
                message: null,
                expiresAt: invitation.invitation.expiresAt,
              },
            ]}
          />
        ) : null}
      </Stack>
    </>
  );
}
