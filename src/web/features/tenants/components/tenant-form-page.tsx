import { Title } from '@mantine/core';
import { EmptyState } from '../../../components/page-states';

/** Placeholder until this screen's issue lands. */
export function TenantFormPage() {
  return (
    <>
      <Title order={1} size="h2">
        Create Tenant
      </Title>
      <EmptyState title="Coming soon">This screen is being built.</EmptyState>
    </>
  );
}
