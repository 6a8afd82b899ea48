import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LEASE_STATE_LABELS } from '../../../../shared/lease-state';
import type { PropertyOverview } from '../../../../shared/schemas/overview';
import { DownloadButton } from '../../../components/download-csv-button';
import { NotFoundState } from '../../../components/page-states';
import { TenantLink, UnitLink } from '../../../components/record-links';
import { useRouteId } from '../../../lib/edit-route';
import { formatDate, formatMoney } from '../../../lib/format';
import { PropertyImage } from '../../property-browser';
import { usePropertyOverview } from '../api/get-overview';
import { OverviewRow, OverviewSection, StatusWord } from './overview-section';
import { PageBreadcrumbs } from './page-breadcrumbs';
import { OverviewPending } from './page-states';
import { LEASE_STATE_COLORS, UNIT_STATUS_COLORS } from './status-colors';

type Manager = NonNullable<PropertyOverview['manager']>;

/** /properties/{id}: a property with its units; its manager also sees who lives there and the work. */
export function PropertyPage() {
  const id = useRouteId();
  if (id === undefined) {
    return (
      <NotFoundState noun="Property" back={{ to: '/properties', label: 'Back to properties' }} />
    );
  }
  return <PropertyPageOf id={id} />;
}

function PropertyPageOf({ id }: { id: number }) {
  const overview = usePropertyOverview(id);
  if (!overview.data) return <OverviewPending error={overview.error} noun="Property" />;
  const { property, units, manager } = overview.data;

  return (
    <Stack gap="lg">
      <PageBreadcrumbs trail={[{ label: property.name }]} />
      <PropertyHeader property={property} canManage={manager !== null} />
      <OverviewSection
        title="Units"
        section={units}
        rowKey={(unit) => unit.id}
        empty="This property has no units yet."
        action={
          manager ? (
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
            <Anchor component={Link} to={`/units?propertyId=${property.id}`} c="indigo.8">
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
                    {unit.occupants.map((tenant, index) => (
                      <span key={tenant.id}>
                        {index > 0 ? ', ' : ''}
                        <TenantLink id={tenant.id}>
                          {tenant.firstName} {tenant.lastName}
                        </TenantLink>
                      </span>
                    ))}
                  </>
                ) : null}
              </>
            }
            end={
              <>
                <StatusWord color={UNIT_STATUS_COLORS[unit.status] ?? 'gray'}>
                  {unit.status}
                </StatusWord>
                {manager && unit.status === 'Available' ? (
                  <Button
                    component={Link}
                    to={`/tenant/create?unitId=${unit.id}`}
                    size="compact-sm"
                    variant="light"
                    aria-label={`Place tenant in unit ${unit.unitNumber}`}
                  >
                    Place tenant
                  </Button>
                ) : null}
              </>
            }
          />
        )}
      />
      {manager ? <ManagerSections manager={manager} /> : null}
    </Stack>
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
            <Text size="sm">{owner.userName}</Text>
            {owner.email ? (
              <Anchor href={`mailto:${owner.email}`} size="sm" c="indigo.8">
                {owner.email}
              </Anchor>
            ) : null}
            {owner.phone ? <Text size="sm">{owner.phone}</Text> : null}
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
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <OverviewSection
        title="Tenants"
        section={manager.tenants}
        rowKey={(tenant) => tenant.id}
        empty="Nobody lives here yet."
        renderRow={(tenant) => (
          <OverviewRow
            main={
              <TenantLink id={tenant.id}>
                {tenant.firstName} {tenant.lastName}
              </TenantLink>
            }
            details={
              <>
                <UnitLink id={tenant.unitId}>Unit {tenant.unitNumber}</UnitLink> · {tenant.email} ·{' '}
                {tenant.phoneNumber}
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
            main={
              <Anchor component={Link} to={`/lease/${lease.id}`} c="indigo.8">
                Lease of {lease.firstName} {lease.lastName}
              </Anchor>
            }
            details={
              <>
                <UnitLink id={lease.unitId}>Unit {lease.unitNumber}</UnitLink> ·{' '}
                {formatDate(lease.startDate)} to {formatDate(lease.endDate)} ·{' '}
                {formatMoney(lease.rent)}/month
              </>
            }
            end={
              <StatusWord color={LEASE_STATE_COLORS[lease.state]}>
                {LEASE_STATE_LABELS[lease.state]}
              </StatusWord>
            }
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
              <Anchor component={Link} to={`/staff/${member.id}`} c="indigo.8">
                {member.firstName} {member.lastName}
              </Anchor>
            }
            details={`${member.position} · ${member.email} · ${member.phone}`}
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
            main={
              <Anchor component={Link} to={`/work-orders/${order.id}`} c="indigo.8">
                {order.title}
              </Anchor>
            }
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
    </SimpleGrid>
  );
}
