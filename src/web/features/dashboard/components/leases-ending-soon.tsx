import { Anchor, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import {
  LEASES_ENDING_SOON_DAYS,
  type DashboardResponse,
} from '../../../../shared/schemas/dashboard';
import { formatDate, formatMoney } from '../../../lib/format';

type EndingSoon = NonNullable<DashboardResponse['leasesEndingSoon']>;

/** Current leases that end within the next 60 days, soonest first; each tenant links to the lease. */
export function LeasesEndingSoon({ data }: { data: EndingSoon }) {
  return (
    <Paper withBorder p="md" mb="lg">
      <Title order={2} size="h4" mb="sm">
        Leases ending in the next {LEASES_ENDING_SOON_DAYS} days
      </Title>
      {data.total === 0 ? (
        <Text c="dimmed" size="sm">
          No leases end in the next {LEASES_ENDING_SOON_DAYS} days.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={560} maxHeight={320}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Ends</Table.Th>
                  <Table.Th scope="col">Property</Table.Th>
                  <Table.Th scope="col">Unit #</Table.Th>
                  <Table.Th scope="col">Tenant</Table.Th>
                  <Table.Th scope="col">Rent</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.leases.map((lease) => (
                  <Table.Tr key={lease.id}>
                    <Table.Td>{formatDate(lease.endDate)}</Table.Td>
                    <Table.Td>{lease.propertyName}</Table.Td>
                    <Table.Td>{lease.unitNumber}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/lease/${lease.id}`} size="sm">
                        {lease.tenantFirstName} {lease.tenantLastName}
                        <VisuallyHidden>: open the lease</VisuallyHidden>
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatMoney(lease.rent)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.total > data.leases.length ? (
            <Text size="xs" c="dimmed" mt="xs">
              Showing the first {data.leases.length} of {data.total}.
            </Text>
          ) : null}
        </>
      )}
    </Paper>
  );
}
