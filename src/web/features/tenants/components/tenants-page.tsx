import { Button, Modal, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../auth/session';
import { TENANT_SORT_KEYS, type TenantListItem } from '../../../../shared/schemas/tenants';
import { DownloadCsvButton } from '../../../components/download-csv-button';
import { PageHeader } from '../../../components/page-header';
import { RowActions } from '../../../components/row-actions';
import { ServerTable, type Column } from '../../../components/server-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { useDeleteTenant } from '../api/delete-tenant';
import { useTenantsPage } from '../api/get-tenants';
import { PropertyLink, TenantLink, UnitLink } from '../../../components/record-links';
import { PortalAccessPanel } from '../../invitations';
import { BulkInvite } from './bulk-invite';
import { formatPhone } from '../../../../shared/phone-format';

const fullName = (tenant: TenantListItem) => `${tenant.firstName} ${tenant.lastName}`;

const columns: Column<TenantListItem>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (t) => <TenantLink id={t.id}>{fullName(t)}</TenantLink>,
    sortable: true,
  },
  {
    key: 'unitNumber',
    header: 'Unit #',
    render: (t) => <UnitLink id={t.unitId}>{t.unitNumber}</UnitLink>,
    sortable: true,
  },
  {
    key: 'property',
    header: 'Property',
    render: (t) => <PropertyLink id={t.propertyId}>{t.propertyName}</PropertyLink>,
    sortable: true,
  },
  {
    key: 'phoneNumber',
    header: 'Phone',
    render: (t) => formatPhone(t.phoneNumber),
    sortable: true,
  },
  { key: 'email', header: 'Email', render: (t) => t.email, sortable: true },
  { key: 'since', header: 'Added', render: (t) => formatDate(t.createdAt) },
];

/**
 * Invite, for a tenant no account acts as yet: the portal access panel in a dialog, where the
 * one-time link is made and copied without leaving the list (docs/product.md section 13).
 */
function InviteButton({ tenant }: { tenant: TenantListItem }) {
  const [opened, setOpened] = useState(false);
  const name = fullName(tenant);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        aria-label={`Invite ${name} to the portal`}
        onClick={() => setOpened(true)}
      >
        Invite
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Invite ${name} to the portal`}
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
        size="lg"
      >
        {opened ? <PortalAccessPanel record="tenants" id={tenant.id} name={name} /> : null}
      </Modal>
    </>
  );
}

/** /tenants: the landlord's tenants, searched, sorted and paged by the server. */
export function TenantsPage() {
  const params = useListParams(TENANT_SORT_KEYS);
  const tenants = useTenantsPage(params.query);
  const remove = useDeleteTenant();
  const writes = useSession().can('leasing', 'write');
  const [chosen, setChosen] = useState<TenantListItem[]>([]);

  return (
    <>
      <PageHeader
        title="Tenants"
        actions={
          <>
            <DownloadCsvButton path="/api/tenants.csv" query={params.query} />
            {writes ? (
              <>
                <Button component={Link} to="/tenant/create" variant="default">
                  Add Tenant
                </Button>
                <Button
                  component={Link}
                  to="/place-tenant"
                  leftSection={<IconPlus size={16} aria-hidden />}
                >
                  Place tenant with lease
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <Stack gap="md">
        {writes ? <BulkInvite chosen={chosen} onDone={() => setChosen([])} /> : null}
        <ServerTable
          caption="Tenants"
          data={tenants.data}
          isPending={tenants.isPending}
          isFetching={tenants.isFetching}
          error={tenants.isError ? errorMessage(tenants.error, 'Failed to fetch tenants') : null}
          params={params}
          columns={columns}
          rowKey={(t) => t.id}
          selection={
            writes
              ? {
                  selected: chosen,
                  onChange: setChosen,
                  label: (t) => `${fullName(t)}, unit ${t.unitNumber}`,
                }
              : undefined
          }
          searchLabel="Search by first name, last name or unit number"
          empty={{
            title: 'No tenants yet',
            description: 'Add a tenant to one of your available units.',
          }}
          actions={
            writes
              ? (t) => (
                  <>
                    {t.portalLinked ? null : <InviteButton tenant={t} />}
                    <RowActions
                      name={`${fullName(t)} (unit ${t.unitNumber}, ${t.propertyName})`}
                      editTo={`/tenant/${t.id}`}
                      deletionPath={`/api/tenants/${t.id}/deletion`}
                      blockersLink={{
                        to: `/leases?${new URLSearchParams({ q: fullName(t) })}`,
                        label: 'Show their leases',
                      }}
                      onDelete={() => remove.mutateAsync(t.id)}
                      deleted="Tenant deleted successfully!"
                      failed="Failed to delete tenant"
                    />
                  </>
                )
              : undefined
          }
        />
      </Stack>
    </>
  );
}
