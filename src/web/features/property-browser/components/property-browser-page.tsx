import { Alert, Button, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { Property } from '../../../../shared/schemas/properties';
import type { Unit } from '../../../../shared/schemas/units';
import { EmptyState, LoadingState } from '../../../components/page-states';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import { usePublicProperties } from '../api/get-public-properties';
import { PropertyCard } from './property-card';

// The application form (its validation library included) loads on the first Apply, so a
// visitor's first page carries only what browsing needs.
const ApplicationModal = lazy(() =>
  import('../../applications').then((m) => ({ default: m.ApplicationModal })),
);

const SEARCH_DEBOUNCE_MS = 300;

/** '/properties', and '/' for everyone who is not a Landlord or Admin (docs/product.md section 2). */
export function PropertyBrowserPage() {
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = usePublicProperties(debounced);
  // A card is open when 'Expand All' is on, unless toggled since (and the other way round),
  // so pages loaded later follow the last Expand All / Collapse All.
  const [allExpanded, setAllExpanded] = useState(false);
  const [toggled, setToggled] = useState<ReadonlySet<number>>(new Set());
  const [applyingFor, setApplyingFor] = useState<{ property: Property; unit: Unit } | null>(null);
  // Once loaded, the modal stays mounted so that it can close with its transition.
  const appliedBefore = useMemo(() => ({ value: false }), []);
  if (applyingFor !== null) appliedBefore.value = true;

  const properties = useMemo(
    () => query.data?.pages.flatMap((page) => page.items) ?? [],
    [query.data],
  );
  const total = query.data?.pages[0]?.total ?? 0;

  const setAll = (expanded: boolean) => {
    setAllExpanded(expanded);
    setToggled(new Set());
  };
  const toggle = (id: number) =>
    setToggled((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <>
      <PageHeader
        title="Find Your Perfect Home"
        description={user ? `Welcome, ${user.userName}!` : undefined}
      />
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search properties"
            placeholder="City, name, bedrooms, rent..."
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              search ? (
                <CloseButton aria-label="Clear search" onClick={() => setSearch('')} size="sm" />
              ) : null
            }
            style={{ flex: '1 1 240px' }}
            type="search"
          />
          <Group gap="xs">
            <Button variant="default" onClick={() => setAll(true)}>
              Expand All
            </Button>
            <Button variant="default" onClick={() => setAll(false)}>
              Collapse All
            </Button>
          </Group>
        </Group>
        {debounced && query.data ? (
          <Text role="status" data-testid="search-summary">
            Found {total} {total === 1 ? 'property' : 'properties'} matching &quot;{debounced}&quot;
          </Text>
        ) : null}

        {query.isPending ? (
          <LoadingState label="Loading properties..." />
        ) : query.error ? (
          <Alert color="red" variant="light" role="alert" data-testid="error-banner">
            {errorMessage(query.error, 'Failed to fetch properties and units')}
          </Alert>
        ) : properties.length === 0 ? (
          <EmptyState
            title={
              debounced ? 'No properties found' : 'There are no properties available at this time.'
            }
          />
        ) : (
          <>
            <Stack gap="md" aria-busy={query.isFetching}>
              {properties.map((property) => (
                <PropertyCard
                  key={property.id}
                  property={property}
                  expanded={allExpanded !== toggled.has(property.id)}
                  onToggle={() => toggle(property.id)}
                  onRent={(chosenProperty, unit) =>
                    setApplyingFor({ property: chosenProperty, unit })
                  }
                />
              ))}
            </Stack>
            <Group justify="center" gap="sm">
              <Text size="sm" c="dimmed">
                Showing {properties.length} of {total}
              </Text>
              {query.hasNextPage ? (
                <Button
                  variant="default"
                  onClick={() => void query.fetchNextPage()}
                  loading={query.isFetchingNextPage}
                >
                  Load more
                </Button>
              ) : null}
            </Group>
          </>
        )}
      </Stack>
      {applyingFor !== null || appliedBefore.value ? (
        <Suspense fallback={null}>
          <ApplicationModal
            unit={
              applyingFor
                ? { id: applyingFor.unit.id, unitNumber: applyingFor.unit.unitNumber }
                : null
            }
            propertyName={applyingFor?.property.name ?? ''}
            opened={applyingFor !== null}
            onClose={() => setApplyingFor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
