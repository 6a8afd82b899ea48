import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Tenant } from '../../../../shared/schemas/tenants';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { LoadingState } from '../../../components/page-states';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useDeleteTenant } from '../api/delete-tenant';
import { useTenants } from '../api/get-tenants';

const fullName = (tenant: Tenant) => `${tenant.firstName} ${tenant.lastName}`;

const columns: Column<Tenant>[] = [
  { key: 'name', header: 'Name', render: fullName, sortValue: (t) => `${t.lastName} ${t.firstName}` },
  { key: 'unit', header: 'Unit #', render: (t) => t.unitNumber, sortValue: (t) => t.unitNumber },
  { key: 'phone', header: 'Phone', render: (t) => t.phoneNumber },
  { key: 'email', header: 'Email', render: (t) => t.email, sortValue: (t) => t.email },
  { key: 'since', header: 'Added', render: (t) => formatDate(t.createdAt), sortValue: (t) => t.createdAt },
];

/** /tenants: the landlord's tenants, searchable by first name, last name or unit number. */
export function TenantsPage() {
  const tenants = useTenants();
  const remove = useDeleteTenant();
  const { banner, showSuccess, showError, clear } = useBanner();

  useEffect(() => {
    if (tenants.error) showError(errorMessage(tenants.error, 'Failed to fetch tenants'));
  }, [tenants.error, showError]);

  async function handleDelete(tenant: Tenant) {
    if (!window.confirm(`Delete tenant ${fullName(tenant)}?`)) return;
    clear();
    try {
      await remove.mutateAsync(tenant.id);
      showSuccess('Tenant deleted successfully!');
    } catch (error) {
      showError(errorMessage(error, 'Failed to delete tenant'));
    }
  }

  return (
    <>
      <PageHeader
        title="Tenants"
        actions={
          <Button component={Link} to="/tenant/create" leftSection={<IconPlus size={16} aria-hidden />}>
            Add Tenant
          </Button>
        }
      />
      <Stack gap="md">
        <StatusBanner banner={banner} onClose={clear} />
        {tenants.isPending ? (
          <LoadingState label="Loading tenants..." />
        ) : tenants.data ? (
          <DataTable
            caption="Tenants"
            rows={tenants.data}
            columns={columns}
            rowKey={(t) => t.id}
            filterText={(t) => `${t.firstName} ${t.lastName} ${t.unitNumber}`}
            filterLabel="Search by first name, last name or unit number"
            empty={{ title: 'No tenants yet', description: 'Add a tenant to one of your available units.' }}
            actions={(t) => (
              <>
                <Button component={Link} to={`/tenant/${t.id}`} size="xs" variant="default" aria-label={`Edit ${fullName(t)}`}>
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  c="red.9"
                  aria-label={`Delete ${fullName(t)}`}
                  disabled={remove.isPending}
                  onClick={() => void handleDelete(t)}
                >
                  Delete
                </Button>
              </>
            )}
          />
        ) : null}
      </Stack>
    </>
  );
}
