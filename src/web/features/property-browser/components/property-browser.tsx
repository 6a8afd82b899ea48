import { Alert, Button, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import {
  Suspense,
  useEffect,
  useMemo,
  useState,
  type ComponentProps,
  type ComponentType,
} from 'react';
import type { Property } from '../../../../shared/schemas/properties';
import type { Unit } from '../../../../shared/schemas/units';
import { EmptyState, LoadingState } from '../../../components/waiting-states';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import type { ApplicationModal } from '../../applications';
import {
  catalogueParams,
  catalogueQueryOf,
  EMPTY_CATALOGUE_QUERY,
  usePublicCatalogue,
  type CatalogueQuery,
  type PropertyPage,
} from '../api/get-public-properties';
import { ListingFilters } from './listing-filters';
import { PropertyCard } from './property-card';

const SEARCH_DEBOUNCE_MS = 300;

export interface PropertyBrowserProps {
  /** The logged-in user's name, welcomed under the title. */
  welcomeName?: string;
  /** The first page of the catalogue, when the server rendered it into the page. */
  initialPage?: PropertyPage;
  /**
   * The 'Rent This Unit' form, lazily loaded by the caller: its form and validation libraries
   * (and, on the visitor's page, a data layer of its own) load on the first Apply.
   */
  applicationModal: ComponentType<ComponentProps<typeof ApplicationModal>>;
}

/**
 * The public property browser (docs/product.md section 2): '/properties', a visitor's '/' in
 * the SPA (after a logout), and the visitor's server-rendered '/'. Free of the router and the
 * SPA's data layer, so that the visitor's lean page runs this same screen.
 */
export function PropertyBrowser({
  welcomeName,
  initialPage,
  applicationModal: ApplicationModal,
}: PropertyBrowserProps) {
  // The search and filters live in the page's address, so a search can be shared: read once
  // when the page opens (the server renders only the unfiltered page), written on change.
  const [query, setQuery] = useState<CatalogueQuery>(() =>
    typeof window === 'undefined'
      ? EMPTY_CATALOGUE_QUERY
      : catalogueQueryOf(window.location.search),
  );
  const search = query.q;
  const setSearch = (q: string) => setQuery((current) => ({ ...current, q }));
  const [debouncedQuery] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const debounced = debouncedQuery.q.trim();
  const catalogue = usePublicCatalogue(debouncedQuery, initialPage);
  const filtered = catalogueParams({ ...debouncedQuery, q: '' }).size > 0;
  useEffect(() => {
    const params = catalogueParams(debouncedQuery).toString();
    const address = `${window.location.pathname}${params ? `?${params}` : ''}${window.location.hash}`;
    if (address !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
      window.history.replaceState(window.history.state, '', address);
    }
  }, [debouncedQuery]);
  // A card is open when 'Expand All' is on, unless toggled since (and the other way round),
  // so pages loaded later follow the last Expand All / Collapse All.
  const [allExpanded, setAllExpanded] = useState(false);
  const [toggled, setToggled] = useState<ReadonlySet<number>>(new Set());
  const [applyingFor, setApplyingFor] = useState<{ property: Property; unit: Unit } | null>(null);
  // Once loaded, the modal stays mounted so that it can close with its transition.
  const appliedBefore = useMemo(() => ({ value: false }), []);
  if (applyingFor !== null) appliedBefore.value = true;

  const { properties, total } = catalogue;

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
        description={welcomeName ? `Welcome, ${welcomeName}!` : undefined}
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
        <ListingFilters query={query} onChange={setQuery} />
        {(debounced || filtered) && !catalogue.isPending && !catalogue.error ? (
          <Text role="status" data-testid="search-summary">
            Found {total} {total === 1 ? 'property' : 'properties'}
            {debounced ? <> matching &quot;{debounced}&quot;</> : null}
            {filtered ? ' with the filters chosen' : null}
          </Text>
        ) : null}

        {catalogue.isPending ? (
          <LoadingState label="Loading properties..." />
        ) : catalogue.error ? (
          <Alert color="red" variant="light" role="alert" data-testid="error-banner">
            {errorMessage(catalogue.error, 'Failed to fetch properties and units')}
          </Alert>
        ) : properties.length === 0 ? (
          <EmptyState
            title={
              debounced || filtered
                ? 'No properties found'
                : 'There are no properties available at this time.'
            }
          />
        ) : (
          <>
            <Stack gap="md" aria-busy={catalogue.isFetchingNextPage}>
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
              {catalogue.hasNextPage ? (
                <Button
                  variant="default"
                  onClick={catalogue.fetchNextPage}
                  loading={catalogue.isFetchingNextPage}
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
