import { Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { STAFF_SORT_KEYS, type StaffListItem } from '../../../../shared/schemas/staff';
import { DownloadCsvButton } from '../../../components/download-csv-button';
import { useSession } from '../../auth/session';
import { PageHeader } from '../../../components/page-header';
import { RowActions } from '../../../components/row-actions';
import { ServerTable, type Column } from '../../../components/server-table';
import { errorMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/list-params';
import { useDeleteStaff } from '../api/delete-staff';
import { useStaffPage } from '../api/get-staff';
import { PropertyLink } from '../../../components/record-links';
import { formatPhone } from '../../../../shared/phone-format';

const fullName = (s: StaffListItem) => `${s.firstName} ${s.lastName}`;

const columns: Column<StaffListItem>[] = [
  { key: 'name', header: 'Name', render: fullName, sortable: true },
  { key: 'position', header: 'Position', render: (s) => s.position, sortable: true },
  { key: 'email', header: 'Email', render: (s) => s.email, sortable: true },
  { key: 'phone', header: 'Phone', render: (s) => formatPhone(s.phone), sortable: true },
  {
    key: 'property',
    header: 'Property',
    render: (s) => <PropertyLink id={s.propertyId}>{s.propertyName}</PropertyLink>,
    sortable: true,
  },
];

/** /staff: the staff of the user's properties, with Edit (to /staff/{id}) and Delete. */
export function StaffPage() {
  const params = useListParams(STAFF_SORT_KEYS);
  const staff = useStaffPage(params.query);
  const remove = useDeleteStaff();
  const writes = useSession().can('maintenance', 'write');

  return (
    <Stack gap="lg">
      <PageHeader
        title="Staff"
        description="Everyone working at the properties you manage."
        actions={
          <>
            <DownloadCsvButton path="/api/staff.csv" query={params.query} />
            {writes ? (
              <Button component={Link} to="/staff/create">
                Create Staff Member
              </Button>
            ) : null}
          </>
        }
      />
      <ServerTable
        caption="Staff"
        data={staff.data}
        isPending={staff.isPending}
        isFetching={staff.isFetching}
        error={staff.isError ? errorMessage(staff.error, 'Failed to fetch staff') : null}
        params={params}
        columns={columns}
        rowKey={(s) => s.id}
        searchLabel="Filter staff"
        empty={{ title: 'No staff yet', description: 'Add a staff member to see them here.' }}
        actions={
          writes
            ? (s) => (
                <RowActions
                  name={`${fullName(s)} (${s.propertyName})`}
                  editTo={`/staff/${s.id}`}
                  deletionPath={`/api/staff/${s.id}/deletion`}
                  onDelete={() => remove.mutateAsync(s.id)}
                  deleted="Staff member deleted successfully!"
                  failed="Failed to delete staff member"
                />
              )
            : undefined
        }
      />
    </Stack>
  );
}
