import {
  Accordion,
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DashboardLease, DashboardProperty } from '../../../../shared/schemas/dashboard';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { LoadingState } from '../../../components/page-states';
import { useDashboardProperty, useMoreDashboardCards } from '../api/get-dashboard';
import { UnitStatusBadge } from './unit-status-badge';
import { TenantLink, UnitLink } from '../../../components/record-links';
import { formatPhone } from '../../../../shared/phone-format';

/**
 * Expandable property cards, a page at a time: the first page comes with the overview, each
 * 'Show more' asks the server for the next, and a card's units come when it opens. Beside each
 * card's toggle, 'View units' opens the units list filtered to that property.
 */
export function PropertyCards({
  firstPage,
  total,
}: {
  firstPage: DashboardProperty[];
  /** Every card the landlord has (the summary's count). */
  total: number;
}) {
  const [opened, setOpened] = useState<string[]>([]);
  const [wantsMore, setWantsMore] = useState(false);
  const more = useMoreDashboardCards(wantsMore);
  // By id: a property added while paging shifts the pages, and must not show twice.
  const pages = [firstPage, ...(more.data?.pages ?? []).map((page) => page.properties ?? [])];
  const visible = [...new Map(pages.flat().map((property) => [property.id, property])).values()];
  const remaining = Math.max(0, total - visible.length);
  // Every page the server has was shown: a count that still differs is a property added since.
  const exhausted = wantsMore && more.isSuccess && !more.hasNextPage;
  const showMore = () => {
    if (!wantsMore) setWantsMore(true);
    else if (!more.data) void more.refetch();
    else void more.fetchNextPage();
  };

  return (
    <Stack gap="sm">
      <Accordion
        multiple
        variant="separated"
        order={3}
        value={opened}
        onChange={setOpened}
        chevronPosition="right"
      >
        {visible.map((property) => {
          const value = String(property.id);
          return (
            <Accordion.Item key={property.id} value={value} data-testid="property-card">
              <Group gap={0} wrap="nowrap" align="stretch">
                <Accordion.Control styles={{ itemTitle: { flex: 1, minWidth: 0 } }}>
                  <Stack gap={2} component="span">
                    <Text span display="block" fw={600}>
                      {property.name}
                    </Text>
                    <Text span display="block" size="sm" c="dimmed">
                      {property.address}, {property.city}, {property.state} {property.zipCode}
                    </Text>
                    <Text span display="block" size="sm">
                      {property.unitCount} {property.unitCount === 1 ? 'unit' : 'units'} ·{' '}
                      {property.occupiedCount} occupied
                    </Text>
                  </Stack>
                </Accordion.Control>
                <Anchor
                  component={Link}
                  to={`/units?propertyId=${property.id}`}
                  size="sm"
                  px="md"
                  style={{ alignSelf: 'center', whiteSpace: 'nowrap' }}
                >
                  View units<VisuallyHidden> of {property.name}</VisuallyHidden>
                </Anchor>
                <Anchor
                  component={Link}
                  to={`/properties/${property.id}`}
                  size="sm"
                  pr="md"
                  style={{ alignSelf: 'center', whiteSpace: 'nowrap' }}
                >
                  Open<VisuallyHidden> {property.name}</VisuallyHidden>
                </Anchor>
              </Group>
              <Accordion.Panel>
                {opened.includes(value) ? <PropertyDetail propertyId={property.id} /> : null}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
      {more.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(more.error, 'Failed to load dashboard data')}
        </Alert>
      ) : null}
      {remaining > 0 && !exhausted ? (
        <Center>
          <Button variant="default" onClick={showMore} loading={more.isFetching}>
            Show more properties ({remaining} more)
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}

/** The expanded card: owner contact and the units table, loaded for this property only. */
function PropertyDetail({ propertyId }: { propertyId: number }) {
  const { data, isPending, error } = useDashboardProperty(propertyId);
  if (isPending) return <LoadingState label="Loading units..." />;
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(error, 'Failed to load dashboard data')}
      </Alert>
    );
  }
  const owner = data.owners?.[0];
  const units = data.units ?? [];
  const leaseByUnit = new Map<number, DashboardLease>();
  for (const lease of data.leases ?? []) {
    // The server lists a unit's newest current lease first.
    if (!leaseByUnit.has(lease.unitId)) leaseByUnit.set(lease.unitId, lease);
  }

  return (
    <Stack gap="sm">
      {owner ? (
        <Group gap="xs" wrap="wrap" data-testid="owner-contact">
          <Text size="sm" fw={600}>
            Owner contact:
          </Text>
          <Text size="sm">{`${owner.firstName} ${owner.lastName}`.trim()}</Text>
          {owner.email ? (
            <Anchor size="sm" href={`mailto:${owner.email}`}>
              {owner.email}
            </Anchor>
          ) : null}
          {owner.phone ? <Text size="sm">{formatPhone(owner.phone)}</Text> : null}
        </Group>
      ) : null}
      {units.length === 0 ? (
        <Text size="sm" c="dimmed">
          This property has no units yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Unit #</Table.Th>
                <Table.Th scope="col">Beds/Baths</Table.Th>
                <Table.Th scope="col">Rent</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Tenant</Table.Th>
                <Table.Th scope="col">Lease Info</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {units.map((unit) => {
                const lease = leaseByUnit.get(unit.id);
                return (
                  <Table.Tr key={unit.id}>
                    <Table.Td>
                      <UnitLink id={unit.id}>{unit.unitNumber}</UnitLink>
                    </Table.Td>
                    <Table.Td>
                      {unit.bedrooms} / {unit.bathrooms}
                    </Table.Td>
                    <Table.Td>{formatMoney(unit.rent)}</Table.Td>
                    <Table.Td>
                      <UnitStatusBadge status={unit.status} />
                    </Table.Td>
                    <Table.Td>
                      {lease ? (
                        <Stack gap={0}>
                          <Text size="sm">
                            <TenantLink id={lease.tenantId}>
                              {lease.tenantFirstName} {lease.tenantLastName}
                            </TenantLink>
                          </Text>
                          <Text size="xs">{lease.tenantEmail}</Text>
                          <Text size="xs">{formatPhone(lease.tenantPhone)}</Text>
                        </Stack>
                      ) : (
                        <Text size="sm" c="dimmed">
                          No tenant
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {lease ? (
                        <Stack gap={0}>
                          <Text size="sm">{formatMoney(lease.rent)}/month</Text>
                          <Text size="xs">Start: {formatDate(lease.startDate)}</Text>
                          <Text size="xs">End: {formatDate(lease.endDate)}</Text>
                          <Text size="xs">Deposit: {formatMoney(lease.deposit)}</Text>
                        </Stack>
                      ) : (
                        <Text size="sm" c="dimmed">
                          No active lease
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
