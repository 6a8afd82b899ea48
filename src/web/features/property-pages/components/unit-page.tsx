import { Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../auth/session';
import type { UnitOverview } from '../../../../shared/schemas/overview';
import { PropertyLink } from '../../../components/record-links';
import { formatDate, formatMoney } from '../../../lib/format';
import { useUnitOverview } from '../api/get-overview';
import {
  LeaseLink,
  LeaseStateWord,
  TenantNameLink,
  TenantNames,
  UnitStatusWord,
  WorkOrderLink,
} from './overview-links';
import { OverviewRow, OverviewSection, StatusWord } from './overview-section';
import { ManagerGrid, OverviewCard, OverviewLayout, PlaceTenantButton } from './overview-layout';
import { OverviewPending, WithRouteId } from './page-states';
import { isCurrentLease } from './status-colors';

type Manager = NonNullable<UnitOverview['manager']>;

/** /units/{id}: a unit's details; its manager also sees who lives there and its history. */
export function UnitPage() {
  return <WithRouteId noun="Unit">{(id) => <UnitPageOf id={id} />}</WithRouteId>;
}

function UnitPageOf({ id }: { id: number }) {
  const { can } = useSession();
  const overview = useUnitOverview(id);
  if (!overview.data) return <OverviewPending error={overview.error} noun="Unit" />;
  const { unit, property, manager } = overview.data;

  return (
    <OverviewLayout
      trail={[
        { label: property.name, to: `/properties/${property.id}` },
        { label: `Unit ${unit.unitNumber}` },
      ]}
      manager={manager ? <UnitHistory manager={manager} /> : null}
      header={
        <OverviewCard>
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="sm" wrap="wrap">
                <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                  Unit {unit.unitNumber}
                </Title>
                <UnitStatusWord status={unit.status} />
              </Group>
              {manager ? (
                <Group gap="xs">
                  {unit.status === 'Available' ? <PlaceTenantButton unitId={unit.id} /> : null}
                  {can('units', 'write') ? (
                    <Button component={Link} to={`/unit/${unit.id}`} size="xs" variant="default">
                      Edit unit
                    </Button>
                  ) : null}
                </Group>
              ) : null}
            </Group>
            <Text>
              <PropertyLink id={property.id}>{property.name}</PropertyLink> · {property.address},{' '}
              {property.city}, {property.state} {property.zipCode}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
              <Fact label="Bedrooms" value={String(unit.bedrooms)} />
              <Fact label="Bathrooms" value={String(unit.bathrooms)} />
              <Fact label="Square feet" value={unit.squareFeet.toLocaleString('en-US')} />
              <Fact label="Rent" value={`${formatMoney(unit.rent)}/month`} />
            </SimpleGrid>
            {unit.description ? (
              <Text size="sm" c="dimmed">
                {unit.description}
              </Text>
            ) : null}
          </Stack>
        </OverviewCard>
      }
    />
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

function UnitHistory({ manager }: { manager: Manager }) {
  const current = manager.tenants.rows.filter((tenant) => tenant.movedOutOn === null);
  const currentLease = manager.leases.rows.find((lease) => isCurrentLease(lease.state));
  return (
    <Stack gap="lg">
      <OverviewCard section>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Now
          </Title>
          {current.length === 0 ? (
            <Text c="dimmed">Nobody lives here now.</Text>
          ) : (
            <Text>
              Living here: <TenantNames tenants={current} />
            </Text>
          )}
          {currentLease ? (
            <Text>
              Lease:{' '}
              <Anchor component={Link} to={`/lease/${currentLease.id}`}>
                {formatDate(currentLease.startDate)} to {formatDate(currentLease.endDate)},{' '}
                {formatMoney(currentLease.rent)}/month
              </Anchor>
              {' · '}
              <Anchor component={Link} to={`/leases/${currentLease.id}/ledger`}>
                Ledger
              </Anchor>
            </Text>
          ) : (
            <Text c="dimmed">No current lease.</Text>
          )}
        </Stack>
      </OverviewCard>
      <ManagerGrid>
        <OverviewSection
          title="Tenants"
          section={manager.tenants}
          rowKey={(tenant) => tenant.id}
          empty="No tenant has lived here yet."
          renderRow={(tenant) => (
            <OverviewRow
              main={<TenantNameLink tenant={tenant} />}
              details={
                tenant.movedOutOn
                  ? `Moved out ${formatDate(tenant.movedOutOn)}`
                  : `Since ${formatDate(tenant.createdAt)}`
              }
            />
          )}
        />
        <OverviewSection
          title="Leases"
          section={manager.leases}
          rowKey={(lease) => lease.id}
          empty="No leases yet."
          renderRow={(lease) => (
            <OverviewRow
              main={<LeaseLink lease={lease} />}
              details={`${formatDate(lease.startDate)} to ${formatDate(lease.endDate)} · ${formatMoney(lease.rent)}/month`}
              end={<LeaseStateWord state={lease.state} />}
            />
          )}
        />
        <OverviewSection
          title="Applications"
          section={manager.applications}
          rowKey={(application) => application.id}
          empty="No applications for this unit."
          renderRow={(application) => (
            <OverviewRow
              main={
                <Anchor component={Link} to="/applications">
                  {application.firstName} {application.lastName}
                </Anchor>
              }
              details={`Received ${formatDate(application.createdAt)} · move-in ${formatDate(application.moveInDate)}`}
              end={<StatusWord color="gray">{application.status}</StatusWord>}
            />
          )}
        />
        <OverviewSection
          title="Work orders"
          section={manager.workOrders}
          rowKey={(order) => order.id}
          empty="No work orders for this unit."
          renderRow={(order) => (
            <OverviewRow
              main={<WorkOrderLink order={order} />}
              details={`${order.priority} · filed ${formatDate(order.filedAt.slice(0, 10))}`}
              end={<StatusWord color="gray">{order.status}</StatusWord>}
            />
          )}
        />
      </ManagerGrid>
    </Stack>
  );
}
