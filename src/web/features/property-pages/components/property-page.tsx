import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../auth/session';
import type { PropertyOverview } from '../../../../shared/schemas/overview';
import { DownloadButton } from '../../../components/download-csv-button';
import { UnitLink } from '../../../components/record-links';
import { formatDate, formatMoney } from '../../../lib/format';
import { PropertyImage } from '../../property-browser';
import { usePropertyOverview } from '../api/get-overview';
import {
  LeaseLink,
  LeaseStateWord,
  TenantNameLink,
  TenantNames,
  UnitStatusWord,
  WorkOrderLink,
} from './overview-links';
import { OverviewRow, OverviewSection, StatusWord } from './overview-section';
import { ManagerGrid, OverviewLayout, PlaceTenantButton } from './overview-layout';
import { OverviewPending, WithRouteId } from './page-states';
import { PropertyExpenses } from '../../books';
import { formatPhone } from '../../../../shared/phone-format';

type Manager = NonNullable<PropertyOverview['manager']>;

/** /properties/{id}: a property with its units; its manager also sees who lives there and the work. */
export function PropertyPage() {
  return <WithRouteId noun="Property">{(id) => <PropertyPageOf id={id} />}</WithRouteId>;
}

function PropertyPageOf({ id }: { id: number }) {
  const { can } = useSession();
  const overview = usePropertyOverview(id);
  if (!overview.data) return <OverviewPending error={overview.error} noun="Property" />;
  const { property, units, manager } = overview.data;

  return (
    <OverviewLayout
      trail={[{ label: property.name }]}
      header={<PropertyHeader property={property} canManage={manager !== null} />}
      manager={
        manager ? (
          <>
            <ManagerSections manager={manager} />
            <PropertyExpenses propertyId={property.id} />
          </>
        ) : null
      }
    >
      <OverviewSection
        title="Units"
        section={units}
        rowKey={(unit) => unit.id}
        empty="This property has no units yet."
        action={
          manager && can('units', 'write') ? (
            <Button
              component={Link}
              to={`/unit/create?propertyId=${property.id}`}
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
            >
              Add unit here
            </Button>
          ) : null
        }
        more={
          manager ? (
            <Anchor component={Link} to={`/units?propertyId=${property.id}`}>
              See every unit
            </Anchor>
          ) : null
        }
        renderRow={(unit) => (
          <OverviewRow
            main={<UnitLink id={unit.id}>Unit {unit.unitNumber}</UnitLink>}
            details={
              <>
                {unit.bedrooms} bd · {unit.bathrooms} ba · {formatMoney(unit.rent)}/month
                {unit.occupants?.length ? (
                  <>
                    {' · '}
                    <TenantNames tenants={unit.occupants} />
                  </>
                ) : null}
              </>
            }
            end={
              <>
                <UnitStatusWord status={unit.status} />
                {manager && unit.status === 'Available' ? (
                  <PlaceTenantButton
                    unitId={unit.id}
                    label={`Place tenant in unit ${unit.unitNumber}`}
                    compact
                  />
                ) : null}
              </>
            }
          />
        )}
      />
    </OverviewLayout>
  );
}

function PropertyHeader({
  property,
  canManage,
}: {
  property: PropertyOverview['property'];
  canManage: boolean;
}) {
  const { owner } = property;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={0}>
        <PropertyImage src={property.imageUrl} alt={property.name} height={220} />
        <Stack gap="xs" p={{ base: 'sm', sm: 'md' }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {property.name}
          </Title>
          <Text>
            {property.address}, {property.city}, {property.state} {property.zipCode}
          </Text>
          {property.description ? (
            <Text size="sm" c="dimmed">
              {property.description}
            </Text>
          ) : null}
          <Stack gap={2} data-testid="owner-contact">
            <Text size="sm" fw={600}>
              {canManage ? 'Owner' : 'Contact the owner'}
            </Text>
            <Text size="sm">{owner.name}</Text>
            {owner.email ? (
              <Anchor href={`mailto:${owner.email}`} size="sm">
                {owner.email}
              </Anchor>
            ) : null}
            {owner.phone ? <Text size="sm">{formatPhone(owner.phone)}</Text> : null}
          </Stack>
          {canManage ? (
            <DownloadButton
              href={`/api/properties/${property.id}/export`}
              size="xs"
              style={{ alignSelf: 'flex-start' }}
            >
              Export data
            </DownloadButton>
          ) : null}
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

function ManagerSections({ manager }: { manager: Manager }) {
  return (
    <ManagerGrid>
      <OverviewSection
        title="Tenants"
        section={manager.tenants}
        rowKey={(tenant) => tenant.id}
        empty="Nobody lives here yet."
        renderRow={(tenant) => (
          <OverviewRow
            main={<TenantNameLink tenant={tenant} />}
            details={
              <>
                <UnitLink id={tenant.unitId}>Unit {tenant.unitNumber}</UnitLink> · {tenant.email} ·{' '}
                {formatPhone(tenant.phoneNumber)}
              </>
            }
          />
        )}
      />
      <OverviewSection
        title="Leases"
        section={manager.leases}
        rowKey={(lease) => lease.id}
        empty="No current leases."
        renderRow={(lease) => (
          <OverviewRow
            main={<LeaseLink lease={lease} />}
            details={
              <>
                <UnitLink id={lease.unitId}>Unit {lease.unitNumber}</UnitLink> ·{' '}
                {formatDate(lease.startDate)} to {formatDate(lease.endDate)} ·{' '}
                {formatMoney(lease.rent)}/month
              </>
            }
            end={<LeaseStateWord state={lease.state} />}
          />
        )}
      />
      <OverviewSection
        title="Staff"
        section={manager.staff}
        rowKey={(member) => member.id}
        empty="No staff at this property."
        renderRow={(member) => (
          <OverviewRow
            main={
              <Anchor component={Link} to={`/staff/${member.id}`}>
                {member.firstName} {member.lastName}
              </Anchor>
            }
            details={`${member.position} · ${member.email} · ${formatPhone(member.phone)}`}
          />
        )}
      />
      <OverviewSection
        title="Open work orders"
        section={manager.openWorkOrders}
        rowKey={(order) => order.id}
        empty="No open work orders."
        renderRow={(order) => (
          <OverviewRow
            main={<WorkOrderLink order={order} />}
            details={
              <>
                <UnitLink id={order.unitId}>Unit {order.unitNumber}</UnitLink> · {order.priority} ·
                filed {formatDate(order.filedAt.slice(0, 10))}
              </>
            }
            end={
              <Group gap={4}>
                <StatusWord color={order.overdue ? 'red' : 'gray'}>
                  {order.overdue ? `${order.status} (overdue)` : order.status}
                </StatusWord>
              </Group>
            }
          />
        )}
      />
    </ManagerGrid>
  );
}
