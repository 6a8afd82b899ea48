import { Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import '@mantine/spotlight/styles.css';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { MAX_SEARCH_LENGTH } from '../../../../shared/schemas/search';
import { errorMessage } from '../../../lib/api-client';
import { useSearch } from '../api/search';

const [store, palette] = createSpotlight();

/** Keystrokes closer together than this are one search. */
const TYPING_PAUSE_MS = 150;

/**
 * The search palette (loaded on first use, so a visit that never searches never downloads
 * it). Every `openCount` change opens it; the launcher owns the keyboard shortcut.
 */
export default function SearchPalette({ openCount }: { openCount: number }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [q] = useDebouncedValue(query.trim(), TYPING_PAUSE_MS);
  const search = useSearch(q);

  useEffect(() => {
    palette.open();
  }, [openCount]);

  const groups = q && search.data ? search.data.groups : [];
  let status: string | null = null;
  if (!query.trim()) status = 'Type a name, address, unit number, email or work order title.';
  else if (search.isError) status = errorMessage(search.error, 'Search failed');
  else if (search.isFetching && groups.length === 0) status = 'Searching...';
  else if (q && search.data && groups.length === 0) status = 'Nothing found';

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      scrollable
      maxHeight={440}
      title="Search"
    >
      <Spotlight.Search
        placeholder="Search properties, units, tenants, leases, work orders"
        aria-label="Search properties, units, tenants, leases and work orders"
        maxLength={MAX_SEARCH_LENGTH}
        leftSection={<IconSearch size={18} stroke={1.5} aria-hidden />}
      />
      <Spotlight.ActionsList aria-label="Search results">
        {groups.map((group) => (
          <Spotlight.ActionsGroup key={group.kind} label={group.label}>
            {group.results.map((result) => (
              <Spotlight.Action
                key={`${result.kind}-${result.id}`}
                label={result.label}
                description={result.description}
                onClick={() => void navigate(result.link)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ))}
        {status ? (
          <Spotlight.Empty>
            <Text
              size="sm"
              c={search.isError ? 'var(--mantine-color-error)' : 'dimmed'}
              role="status"
            >
              {status}
            </Text>
          </Spotlight.Empty>
        ) : null}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
