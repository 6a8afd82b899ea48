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
import { useDashboardProperty } from '../api/get-dashboard';
import { UnitStatusBadge } from './unit-status-badge';
import { UnitLink } from '../../../components/record-links';

/** Cards shown at first and added per 'Show more'; a large portfolio never renders all at once. */
const CARDS_PER_STEP = 20;

/**
 * Expandable property cards: the figures come with the overview, units when a card opens.
 * Beside each card's toggle, 'View units' opens the units list filtered to that property.
 */
export function PropertyCards({ properties }: { properties: DashboardProperty[] }) {
  const [opened, setOpened] = useState<string[]>([]);
  const [shown, setShown] = useState(CARDS_PER_STEP);
  const visible = properties.slice(0, shown);

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
      {properties.length > shown ? (
        <Center>
          <Button variant="default" onClick={() => setShown((count) => count + CARDS_PER_STEP)}>
            Show more properties ({properties.length - shown} more)
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
          {owner.phone ? <Text size="sm">{owner.phone}</Text> : null}
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
                            {lease.tenantFirstName} {lease.tenantLastName}
                          </Text>
                          <Text size="xs">{lease.tenantEmail}</Text>
                          <Text size="xs">{lease.tenantPhone}</Text>
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
