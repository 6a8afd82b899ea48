import { Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { Staff } from '../../../../shared/schemas/staff';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner, LoadingState } from '../../../components/page-states';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage } from '../../../lib/api-client';
import { useMyProperties } from '../../properties/api/get-properties';
import { useDeleteStaff } from '../api/delete-staff';
import { useStaffList } from '../api/get-staff';

/** /staff: the staff of the user's properties, with Edit (to /staff/{id}) and Delete. */
export function StaffPage() {
  const staff = useStaffList();
  const properties = useMyProperties();
  const remove = useDeleteStaff();
  const { banner, showSuccess, showError, clear } = useBanner();

  const propertyNames = new Map((properties.data ?? []).map((p) => [p.id, p.name]));
  const propertyName = (s: Staff) => propertyNames.get(s.propertyId) ?? '';
  const fullName = (s: Staff) => `${s.firstName} ${s.lastName}`;

  const columns: Column<Staff>[] = [
    { key: 'name', header: 'Name', render: fullName, sortValue: (s) => `${s.lastName} ${s.firstName}` },
    { key: 'position', header: 'Position', render: (s) => s.position, sortValue: (s) => s.position },
    { key: 'email', header: 'Email', render: (s) => s.email, sortValue: (s) => s.email },
    { key: 'phone', header: 'Phone', render: (s) => s.phone, sortValue: (s) => s.phone },
    { key: 'property', header: 'Property', render: propertyName, sortValue: propertyName },
  ];

  async function handleDelete(member: Staff) {
    if (!window.confirm(`Remove ${fullName(member)} from your staff? This cannot be undone.`)) return;
    clear();
    try {
      await remove.mutateAsync(member.id);
      showSuccess('Staff member deleted successfully!');
    } catch (error) {
      showError(errorMessage(error, 'Failed to delete staff member'));
    }
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Staff"
        description="Everyone working at the properties you manage."
        actions={
          <Button component={Link} to="/staff/create">
            Create Staff Member
          </Button>
        }
      />
      <StatusBanner banner={banner} onClose={clear} />
      {staff.isPending ? (
        <LoadingState label="Loading staff..." />
      ) : staff.isError ? (
        <ErrorBanner>{errorMessage(staff.error, 'Failed to fetch staff')}</ErrorBanner>
      ) : (
        <DataTable
          caption="Staff"
          rows={staff.data}
          columns={columns}
          rowKey={(s) => s.id}
          filterText={(s) => [fullName(s), s.position, s.email, s.phone, propertyName(s)].join(' ')}
          filterLabel="Filter staff"
          empty={{ title: 'No staff yet', description: 'Add a staff member to see them here.' }}
          actions={(s) => (
            <>
              <Button component={Link} to={`/staff/${s.id}`} size="xs" variant="default" aria-label={`Edit ${fullName(s)}`}>
                Edit
              </Button>
              <Button
                size="xs"
                variant="default"
                c="red.9"
                onClick={() => handleDelete(s)}
                loading={remove.isPending && remove.variables === s.id}
                aria-label={`Delete ${fullName(s)}`}
              >
                Delete
              </Button>
            </>
          )}
        />
      )}
    </Stack>
  );
}
