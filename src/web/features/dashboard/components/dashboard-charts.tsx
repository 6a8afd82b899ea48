import { BarChart, DonutChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import {
  TOP_PROPERTIES_BY_RENT,
  type DashboardProperty,
  type DashboardSummary,
} from '../../../../shared/schemas/dashboard';
import { formatMoney } from '../../../lib/format';

const NAME_LENGTH = 22;

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const shortName = (name: string) =>
  name.length > NAME_LENGTH ? `${name.slice(0, NAME_LENGTH - 1)}…` : name;
/** Where a property of the charts leads: the units list filtered to it. */
const unitsOf = (propertyId: number) => `/units?propertyId=${propertyId}`;

/**
 * Occupancy and rent by property: what a landlord looks at rather than reads. Each property of
 * the rent chart is also a link (in the list under it, and on a click of its bar).
 */
export function DashboardCharts({
  summary,
  topPropertiesByRent,
}: {
  summary: DashboardSummary;
  /** The server's top properties by rent, highest first: the rest would be unreadable slivers. */
  topPropertiesByRent: DashboardProperty[];
}) {
  const navigate = useNavigate();
  // Neither Rented nor Available: the units whose status is Maintenance or Unavailable.
  const other = Math.max(0, summary.totalUnits - summary.occupiedUnits - summary.availableUnits);
  const occupancy = [
    { name: 'Occupied', value: summary.occupiedUnits, color: 'indigo.7' },
    { name: 'Available', value: summary.availableUnits, color: 'teal.6' },
    { name: 'Maintenance or unavailable', value: other, color: 'gray.5' },
  ];
  const rate =
    summary.totalUnits > 0 ? Math.round((summary.occupiedUnits / summary.totalUnits) * 100) : 0;
  const topByRent = topPropertiesByRent
    .filter((property) => property.monthlyRent > 0)
    .map((property) => ({ id: property.id, property: property.name, rent: property.monthlyRent }));

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="lg">
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          Occupancy
        </Title>
        <Group gap="lg" wrap="wrap" justify="center">
          <figure style={{ margin: 0 }} aria-label={`Occupancy: ${rate}% of units occupied`}>
            <DonutChart
              data={occupancy}
              size={150}
              thickness={24}
              withTooltip={false}
              chartLabel={`${rate}%`}
            />
          </figure>
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {occupancy.map((slice) => (
              <Group key={slice.name} gap="xs" component="li" wrap="nowrap">
                <span
                  aria-hidden
                  style={{
                    width: 12,
                    height: 12,
                    borderRadius: 3,
                    background: `var(--mantine-color-${slice.color.replace('.', '-')})`,
                  }}
                />
                <Text size="sm">
                  {slice.name}: {slice.value.toLocaleString('en-US')}
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          Monthly rent by property
        </Title>
        {topByRent.length === 0 ? (
          <Text c="dimmed" size="sm">
            No current leases yet.
          </Text>
        ) : (
          <figure style={{ margin: 0 }} aria-label="Monthly rent of current leases by property">
            <BarChart
              h={Math.max(120, topByRent.length * 40 + 40)}
              data={topByRent}
              dataKey="property"
              orientation="vertical"
              series={[{ name: 'rent', label: 'Monthly rent', color: 'indigo.7' }]}
              valueFormatter={formatMoney}
              yAxisProps={{ width: 150, tickFormatter: shortName, interval: 0 }}
              xAxisProps={{ tickFormatter: (value: number) => compactUsd.format(value) }}
              gridAxis="none"
              barProps={{
                cursor: 'pointer',
                onClick: (_bar, index) => {
                  const row = topByRent[index];
                  if (row) void navigate(unitsOf(row.id));
                },
              }}
            />
            <Stack
              component="ol"
              gap={2}
              mt="xs"
              aria-label="Monthly rent by property"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {topByRent.map((row) => (
                <Group key={row.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
                  <Anchor
                    component={Link}
                    to={unitsOf(row.id)}
                    size="sm"
                    truncate="end"
                    title={row.property}
                  >
                    {row.property}
                  </Anchor>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(row.rent)}
                  </Text>
                </Group>
              ))}
            </Stack>
            {summary.totalProperties > TOP_PROPERTIES_BY_RENT ? (
              <Text component="figcaption" size="xs" c="dimmed">
                The {TOP_PROPERTIES_BY_RENT} properties with the highest rent.
              </Text>
            ) : null}
          </figure>
        )}
      </Paper>
    </SimpleGrid>
  );
}
