import { ActionIcon, Button, Kbd } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

const SearchPalette = lazy(() => import('./search-palette'));

/**
 * The header's search button and Ctrl/Cmd+K. The palette's code loads on the first open,
 * so the first visit's bundle does not carry it.
 */
export function SearchLauncher() {
  const [openCount, setOpenCount] = useState(0);
  const open = () => setOpenCount((count) => count + 1);
  // Also from inside a form field: the shortcut is meant to work wherever the user is.
  useHotkeys([['mod+K', open]], []);

  return (
    <>
      <ActionIcon
        hiddenFrom="sm"
        variant="default"
        size="lg"
        onClick={open}
        aria-label="Search (Ctrl+K)"
      >
        <IconSearch size={18} stroke={1.5} aria-hidden />
      </ActionIcon>
      <Button
        visibleFrom="sm"
        variant="default"
        size="xs"
        onClick={open}
        leftSection={<IconSearch size={14} aria-hidden />}
        rightSection={<Kbd size="xs">Ctrl K</Kbd>}
        aria-keyshortcuts="Control+K Meta+K"
      >
        Search
      </Button>
      {openCount > 0 ? (
        <Suspense fallback={null}>
          <SearchPalette openCount={openCount} />
        </Suspense>
      ) : null}
    </>
  );
}
