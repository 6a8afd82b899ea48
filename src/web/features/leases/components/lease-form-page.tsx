import { Title } from '@mantine/core';
import { EmptyState } from '../../../components/page-states';

/** Placeholder until this screen's issue lands. */
export function LeaseFormPage() {
  return (
    <>
      <Title order={1} size="h2">
        Create Lease
      </Title>
      <EmptyState title="Coming soon">This screen is being built.</EmptyState>
    </>
  );
}
