import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Unit } from '../../../../shared/schemas/units';
import { formatMoney } from '../../../lib/format';
import { PropertyImage } from './property-image';

const STATUS_COLORS: Record<string, string> = {
  Available: 'green',
  Rented: 'blue',
  Maintenance: 'orange',
  Unavailable: 'gray',
};

/** One unit of an expanded property; only Available units may be applied for. */
export function UnitCard({ unit, onRent }: { unit: Unit; onRent(unit: Unit): void }) {
  return (
    <Card withBorder padding="sm" component="li" data-testid="unit-card">
      <Card.Section>
        <PropertyImage src={unit.imageUrl} alt={`Unit ${unit.unitNumber}`} height={120} />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} component="h4" m={0} fz="md">
            Unit {unit.unitNumber}
          </Text>
          <Badge color={STATUS_COLORS[unit.status] ?? 'gray'} variant="light" c="dark.8">
            {unit.status}
          </Badge>
        </Group>
        <Text size="sm">
          {unit.bedrooms} BR · {unit.bathrooms} BA · {unit.squareFeet.toLocaleString('en-US')} sq ft
        </Text>
        <Text fw={600}>{formatMoney(unit.rent)} per month</Text>
        {unit.description ? (
          <Text size="sm" c="dimmed">
            {unit.description}
          </Text>
        ) : null}
        {unit.status === 'Available' ? (
          <Button
            onClick={() => onRent(unit)}
            aria-label={`Rent This Unit: unit ${unit.unitNumber}`}
          >
            Rent This Unit
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
