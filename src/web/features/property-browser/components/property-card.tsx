import { Anchor, Button, Card, Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { Property } from '../../../../shared/schemas/properties';
import type { Unit } from '../../../../shared/schemas/units';
import { PropertyImage } from './property-image';
import { UnitCard } from './unit-card';
import { formatPhone } from '../../../../shared/phone-format';

export interface PropertyCardProps {
  property: Property;
  expanded: boolean;
  onToggle(): void;
  onRent(property: Property, unit: Unit): void;
}

/** A property of the public catalogue with its manager's contact; its units when expanded. */
export function PropertyCard({ property, expanded, onToggle, onRent }: PropertyCardProps) {
  const units = property.units ?? [];
  const unitsId = `property-${property.id}-units`;
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      data-testid="property-card"
      aria-labelledby={`property-${property.id}-name`}
    >
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <PropertyImage src={property.imageUrl} alt={property.name} height={160} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap={6}>
            <Title
              order={2}
              size="h3"
              id={`property-${property.id}-name`}
              style={{ overflowWrap: 'anywhere' }}
            >
              {property.name}
            </Title>
            <Text size="sm">
              {property.address}, {property.city}, {property.state} {property.zipCode}
            </Text>
            {property.description ? <Text size="sm">{property.description}</Text> : null}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600}>
                Property manager:
              </Text>{' '}
              {property.owner.name}
              {property.owner.email ? (
                <>
                  {' · '}
                  <Anchor href={`mailto:${property.owner.email}`}>{property.owner.email}</Anchor>
                </>
              ) : null}
              {property.owner.phone ? ` · ${formatPhone(property.owner.phone)}` : null}
            </Text>
            <Text size="sm" fw={600} data-testid="unit-count">
              {units.length} {units.length === 1 ? 'unit' : 'units'}
            </Text>
            <div>
              <Button
                variant="light"
                size="xs"
                onClick={onToggle}
                aria-expanded={expanded}
                aria-controls={unitsId}
                rightSection={
                  expanded ? (
                    <IconChevronUp size={14} aria-hidden />
                  ) : (
                    <IconChevronDown size={14} aria-hidden />
                  )
                }
              >
                {expanded ? 'Hide units' : 'Show units'}
              </Button>
            </div>
          </Stack>
        </Grid.Col>
      </Grid>
      {expanded ? (
        <div id={unitsId}>
          {units.length === 0 ? (
            <Text c="dimmed" size="sm" mt="md">
              No units available for this property
            </Text>
          ) : (
            <SimpleGrid
              cols={{ base: 1, xs: 2, md: 3 }}
              spacing="sm"
              mt="md"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              aria-label={`Units of ${property.name}`}
            >
              {units.map((unit) => (
                <UnitCard key={unit.id} unit={unit} onRent={(chosen) => onRent(property, chosen)} />
              ))}
            </SimpleGrid>
          )}
        </div>
      ) : null}
    </Card>
  );
}
