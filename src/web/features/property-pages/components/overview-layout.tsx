import { Button, Paper, SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../auth/session';
import { PageBreadcrumbs } from './page-breadcrumbs';

/**
 * The property and unit pages' shape: the breadcrumb trail, the record's header card, what
 * anyone may see, then (for its manager) the sections in two columns on a wide screen.
 */
export function OverviewLayout({
  trail,
  header,
  children,
  manager,
}: {
  trail: Parameters<typeof PageBreadcrumbs>[0]['trail'];
  header: ReactNode;
  children?: ReactNode;
  /** The manager's sections; null for anyone else. */
  manager: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <PageBreadcrumbs trail={trail} />
      {header}
      {children}
      {manager}
    </Stack>
  );
}

/** The manager's sections, two columns from a large screen. */
export function ManagerGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      {children}
    </SimpleGrid>
  );
}

/** A card of the page (the header, the unit's 'Now'). */
export function OverviewCard({
  children,
  section = false,
}: {
  children: ReactNode;
  section?: boolean;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component={section ? 'section' : 'div'}
    >
      {children}
    </Paper>
  );
}

/** 'Place tenant' in an available unit: the placement form with the unit chosen. */
export function PlaceTenantButton({
  unitId,
  label,
  compact = false,
}: {
  unitId: number;
  /** What a screen reader hears when the row around it does not name the unit. */
  label?: string;
  compact?: boolean;
}) {
  const { can } = useSession();
  if (!can('leasing', 'write')) return null;
  return (
    <Button
      component={Link}
      to={`/place-tenant?unitId=${unitId}`}
      size={compact ? 'compact-sm' : 'xs'}
      variant={compact ? 'light' : 'filled'}
      aria-label={label}
    >
      Place tenant
    </Button>
  );
}
