import { Anchor, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { dialablePhone, formatPhone } from '../../../../shared/phone-format';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { LeaseListItem } from '../../../../shared/schemas/leases';
import type { TenantListItem } from '../../../../shared/schemas/tenants';
import { HistoryPanel } from '../../../components/history-panel';
import { PropertyLink, UnitLink } from '../../../components/record-links';
import { formatDate, formatMoney } from '../../../lib/format';
import { PortalAccessPanel } from '../../invitations';
import { useLeasesPage } from '../../leases';
import { ledgerQueryOptions } from '../../money';
import { useTenantListItem } from '../../tenants';
import { useWorkOrderPage } from '../../work-orders';
import { LeaseStateWord, WorkOrderLink } from './overview-links';
import { OverviewRow, OverviewSection, StatusWord } from './overview-section';
import { useSession } from '../../auth/session';
import { PageBreadcrumbs } from './page-breadcrumbs';
import { OverviewPending, WithRouteId } from './page-states';
import { isCurrentLease } from './status-colors';

/** As many leases and requests as a tenant's page lists; the totals say how many exist. */
const LEASES_SHOWN = 100;
const REQUESTS_SHOWN = 50;

/**
 * /tenants/{id}: one tenant, as the property and unit pages show theirs (docs/product.md
 * section 16): contact, leases (current and past, with their state), the balance and ledger,
 * maintenance requests, portal access and history. The edit form stays at /tenant/{id}.
 */
export function TenantPage() {
  return <WithRouteId noun="Tenant">{(id) => <TenantPageOf id={id} />}</WithRouteId>;
}

function TenantPageOf({ id }: { id: number }) {
  const tenant = useTenantListItem(id);
  if (!tenant.data) return <OverviewPending error={tenant.error} noun="Tenant" />;
  const t = tenant.data;
  const name = `${t.firstName} ${t.lastName}`;

  return (
    <Stack gap="lg">
      <PageBreadcrumbs
        trail={[
          { label: t.propertyName, to: `/properties/${t.propertyId}` },
          { label: `Unit ${t.unitNumber}`, to: `/units/${t.unitId}` },
          { label: name },
        ]}
      />
      <Contact tenant={t} name={name} />
      <LeasesAndBalance tenant={t} name={name} />
      <Requests tenantId={id} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <div id="portal-access">
          <PortalAccessPanel record="tenants" id={id} name={name} />
        </div>
        <HistoryPanel resource="tenants" id={id} />
      </SimpleGrid>
    </Stack>
  );
}

function Contact({ tenant, name }: { tenant: TenantListItem; name: string }) {
  const { can } = useSession();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="wrap">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            {tenant.movedOutOn ? (
              <StatusWord color="gray">Moved out {formatDate(tenant.movedOutOn)}</StatusWord>
            ) : (
              <StatusWord color="blue">Lives here</StatusWord>
            )}
          </Group>
          {can('leasing', 'write') ? (
            <Button component={Link} to={`/tenant/${tenant.id}`} size="xs" variant="default">
              Edit tenant
            </Button>
          ) : null}
        </Group>
        <Text>
          <UnitLink id={tenant.unitId}>Unit {tenant.unitNumber}</UnitLink> ·{' '}
          <PropertyLink id={tenant.propertyId}>{tenant.propertyName}</PropertyLink>
        </Text>
        <Group gap="lg" wrap="wrap">
          <Text>
            Phone:{' '}
            <Anchor href={`tel:${dialablePhone(tenant.phoneNumber)}`} data-testid="tenant-phone">
              {formatPhone(tenant.phoneNumber)}
            </Anchor>
          </Text>
          <Text style={{ overflowWrap: 'anywhere' }}>
            Email:{' '}
            <Anchor href={`mailto:${tenant.email}`} data-testid="tenant-email">
              {tenant.email}
            </Anchor>
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          Tenant since {formatDate(tenant.createdAt.slice(0, 10))}
        </Text>
      </Stack>
    </Paper>
  );
}

/** What the tenant owes on each lease, summed: each lease keeps its own ledger. */
function LeasesAndBalance({ tenant, name }: { tenant: TenantListItem; name: string }) {
  const { can } = useSession();
  const tenantId = tenant.id;
  const leases = useLeasesPage({ tenantId, limit: LEASES_SHOWN });
  const rows = leases.data?.rows ?? [];
  const ledgers = useQueries({ queries: rows.map((lease) => ledgerQueryOptions(lease.id)) });
  const balanceOf = new Map(rows.map((lease, index) => [lease.id, ledgers[index]?.data?.balance]));
  const loaded = leases.data !== undefined && ledgers.every((ledger) => ledger.data);
  const balance = [...balanceOf.values()].reduce<number>((sum, b) => sum + (b ?? 0), 0);
  // The ledger to open: the current lease's, else the latest one (the list is newest first).
  const main = rows.find((lease) => isCurrentLease(lease.state)) ?? rows[0];

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper
          withBorder
          radius="md"
          p={{ base: 'sm', sm: 'md' }}
          component="section"
          aria-label="Balance"
        >
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {balance < 0 ? 'Credit held for the tenant' : 'Balance owed'}
            </Text>
            <Text fw={700} fz={28} lh={1.2} data-testid="tenant-balance" aria-live="polite">
              {loaded ? formatMoney(Math.abs(balance)) : '...'}
            </Text>
            {rows.length > 1 ? (
              <Text size="sm" c="dimmed">
                Across {rows.length} leases
              </Text>
            ) : null}
            {main ? (
              <Anchor component={Link} to={`/leases/${main.id}/ledger`} size="sm">
                Open the ledger
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                No lease, so no ledger yet.
              </Text>
            )}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <OverviewSection
          title="Leases"
          section={leases.data ?? { rows: [], total: 0 }}
          rowKey={(lease) => lease.id}
          empty={leases.isPending ? 'Loading leases...' : 'No leases yet.'}
          action={
            // A tenant who moved out gets no new lease (docs/product.md section 11).
            tenant.movedOutOn || !can('leasing', 'write') ? undefined : (
              <Button
                component={Link}
                to={`/lease/create?tenantId=${tenantId}`}
                size="xs"
                variant="default"
              >
                New lease
              </Button>
            )
          }
          more={
            <Anchor component={Link} to={`/leases?${new URLSearchParams({ q: name })}`}>
              All their leases
            </Anchor>
          }
          renderRow={(lease) => <LeaseRow lease={lease} balance={balanceOf.get(lease.id)} />}
        />
      </Grid.Col>
    </Grid>
  );
}

function LeaseRow({ lease, balance }: { lease: LeaseListItem; balance: number | undefined }) {
  return (
    <OverviewRow
      main={
        <Anchor component={Link} to={`/lease/${lease.id}`}>
          Unit {lease.unitNumber}: {formatDate(lease.startDate)} to {formatDate(lease.endDate)}
        </Anchor>
      }
      details={
        <>
          {formatMoney(lease.rent)}/month ·{' '}
          {balance === undefined
            ? 'balance...'
            : balance < 0
              ? `credit ${formatMoney(-balance)}`
              : `owes ${formatMoney(balance)}`}{' '}
          ·{' '}
          <Anchor component={Link} to={`/leases/${lease.id}/ledger`} size="sm">
            Ledger
          </Anchor>
        </>
      }
      end={<LeaseStateWord state={lease.state} />}
    />
  );
}

function Requests({ tenantId }: { tenantId: number }) {
  const requests = useWorkOrderPage({ tenantId, limit: REQUESTS_SHOWN });
  return (
    <OverviewSection
      title="Maintenance requests"
      section={requests.data ?? { rows: [], total: 0 }}
      rowKey={(order) => order.id}
      empty={requests.isPending ? 'Loading requests...' : 'No maintenance requests.'}
      renderRow={(order) => (
        <OverviewRow
          main={<WorkOrderLink order={order} />}
          details={`Unit ${order.unitNumber} · ${order.priority} · filed ${formatDate(order.filedAt.slice(0, 10))}`}
          end={<StatusWord color="gray">{order.status}</StatusWord>}
        />
      )}
    />
  );
}
