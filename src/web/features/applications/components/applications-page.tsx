import { Badge, Button, Stack, Text, Tooltip } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { Application } from '../../../../shared/schemas/applications';
import { useConfirmation, type Confirmation } from '../../../components/confirm-dialog';
import { DataTable, type Column } from '../../../components/data-table';
import { DownloadCsvButton } from '../../../components/download-csv-button';
import { PageHeader } from '../../../components/page-header';
import { LoadingState } from '../../../components/page-states';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useApproveApplication, useRejectApplication } from '../api/decide-application';
import { useApplicationsPage } from '../api/get-applications';
import { PropertyLink, UnitLink } from '../../../components/record-links';
import { formatPhone } from '../../../../shared/phone-format';
import { ApplicationScreeningSummary } from './application-screening';

const STATUS_COLORS: Record<Application['status'], string> = {
  Pending: 'yellow',
  Approved: 'green',
  Rejected: 'red',
};
const fullName = (a: Application) => `${a.firstName} ${a.lastName}`;

const columns: Column<Application>[] = [
  {
    key: 'status',
    header: 'Status',
    render: (a) => (
      <Badge color={STATUS_COLORS[a.status]} variant="light">
        {a.declineReason ? `${a.status} (${a.declineReason})` : a.status}
      </Badge>
    ),
  },
  {
    key: 'applicant',
    header: 'Applicant',
    render: (a) => (
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {fullName(a)}
        </Text>
        <Text size="xs">{a.email}</Text>
        <Text size="xs">{formatPhone(a.phoneNumber)}</Text>
      </Stack>
    ),
    sortValue: (a) => `${a.lastName} ${a.firstName}`,
  },
  {
    key: 'unit',
    header: 'Unit',
    render: (a) => (
      <>
        <PropertyLink id={a.propertyId}>{a.propertyName}</PropertyLink> ·{' '}
        <UnitLink id={a.unitId}>Unit {a.unitNumber}</UnitLink>
      </>
    ),
    sortValue: (a) => `${a.propertyName} ${a.unitNumber}`,
  },
  {
    key: 'moveIn',
    header: 'Move-in',
    render: (a) => formatDate(a.moveInDate),
    sortValue: (a) => a.moveInDate,
  },
  {
    key: 'screening',
    header: 'Screening',
    render: (a) => <ApplicationScreeningSummary screening={a.screening} />,
  },
  {
    key: 'message',
    header: 'Message',
    render: (a) =>
      a.message ? (
        <Text size="sm" lineClamp={3} maw={280} style={{ whiteSpace: 'pre-line' }}>
          {a.message}
        </Text>
      ) : (
        '—'
      ),
  },
  {
    key: 'received',
    header: 'Received',
    render: (a) => formatDate(a.createdAt),
    sortValue: (a) => a.createdAt,
  },
];

/** What approving does (docs/product.md section 10), asked before it is sent. */
function approveConfirmation(a: Application, others: Application[]): Confirmation {
  const declined = others.filter(
    (other) => other.id !== a.id && other.unitId === a.unitId && other.status === 'Pending',
  );
  const happens = [
    `${fullName(a)} becomes a tenant of unit ${a.unitNumber} at ${a.propertyName}; the unit becomes Rented.`,
  ];
  if (declined.length > 0) {
    const names = declined.map(fullName).join(', ');
    happens.push(
      `The unit's other pending ${declined.length === 1 ? 'application' : 'applications'} (${names}) ${declined.length === 1 ? 'is' : 'are'} declined as 'unit taken', and each applicant is emailed when mail is set up.`,
    );
  }
  happens.push('A lease form filled in from the application opens next.');
  return {
    title: `Approve ${fullName(a)}?`,
    happens,
    cannotUndo:
      'This cannot be undone: a decided application cannot be decided again. If the tenancy does not go ahead, move the tenant out or delete the tenant.',
    confirmLabel: 'Approve',
  };
}

/** /applications: rental applications for the landlord's units, pending first. */
export function ApplicationsPage() {
  // Pending first: the first page holds what needs a decision.
  const page = useApplicationsPage({ limit: 100 });
  const applications = { ...page, data: page.data?.rows };
  const approve = useApproveApplication();
  const navigate = useNavigate();
  const reject = useRejectApplication();
  const { banner, showSuccess, showError, clear } = useBanner();
  const { ask, dialog } = useConfirmation();
  const busy = approve.isPending || reject.isPending;

  useEffect(() => {
    if (applications.error)
      showError(errorMessage(applications.error, 'Failed to fetch rental applications'));
  }, [applications.error, showError]);

  async function handleApprove(a: Application) {
    if (!(await ask(approveConfirmation(a, applications.data ?? [])))) return;
    clear();
    try {
      const tenant = await approve.mutateAsync(a.id);
      // The next step is the lease: open it filled in from the application and the unit.
      const search = new URLSearchParams({ tenantId: String(tenant.id) });
      if (a.moveInDate) search.set('startDate', a.moveInDate);
      void navigate(`/lease/create?${search.toString()}`, {
        state: {
          success: `Application approved: ${tenant.firstName} ${tenant.lastName} is now a tenant of Unit ${tenant.unitNumber}. Check the lease terms and save.`,
        },
      });
    } catch (error) {
      showError(errorMessage(error, 'Failed to approve application'));
    }
  }

  async function handleReject(a: Application) {
    const rejecting = await ask({
      title: `Reject the application of ${fullName(a)}?`,
      happens: [
        `The application for unit ${a.unitNumber} at ${a.propertyName} is marked Rejected; the unit stays open to others.`,
      ],
      cannotUndo: 'This cannot be undone: a decided application cannot be decided again.',
      confirmLabel: 'Reject',
      danger: true,
    });
    if (!rejecting) return;
    clear();
    try {
      await reject.mutateAsync(a.id);
      showSuccess(`Application of ${fullName(a)} rejected.`);
    } catch (error) {
      showError(errorMessage(error, 'Failed to reject application'));
    }
  }

  const pending = applications.data?.filter((a) => a.status === 'Pending').length ?? 0;
  return (
    <>
      <PageHeader
        title="Rental Applications"
        actions={<DownloadCsvButton path="/api/applications.csv" />}
        description={
          applications.data
            ? `${pending} pending ${pending === 1 ? 'application' : 'applications'}`
            : undefined
        }
      />
      {dialog}
      <Stack gap="md">
        <StatusBanner banner={banner} onClose={clear} />
        {applications.isPending ? (
          <LoadingState label="Loading applications..." />
        ) : applications.data ? (
          <DataTable
            caption="Rental applications"
            rows={applications.data}
            columns={columns}
            rowKey={(a) => a.id}
            filterText={(a) =>
              `${a.firstName} ${a.lastName} ${a.email} ${a.propertyName} ${a.unitNumber} ${a.status}`
            }
            filterLabel="Search applications"
            empty={{
              title: 'No rental applications yet',
              description: "Visitors apply with 'Rent This Unit' on your Available units.",
            }}
            actions={(a) =>
              a.status === 'Pending' ? (
                <>
                  <Tooltip label="Place as a tenant; the unit becomes Rented">
                    <Button
                      size="xs"
                      color="green"
                      aria-label={`Approve ${fullName(a)}`}
                      disabled={busy}
                      onClick={() => void handleApprove(a)}
                    >
                      Approve
                    </Button>
                  </Tooltip>
                  <Button
                    size="xs"
                    variant="default"
                    c="var(--mantine-color-error)"
                    aria-label={`Reject ${fullName(a)}`}
                    disabled={busy}
                    onClick={() => void handleReject(a)}
                  >
                    Reject
                  </Button>
                </>
              ) : (
                <Text size="xs" c="dimmed">
                  {a.status} {formatDate(a.decidedAt)}
                </Text>
              )
            }
          />
        ) : null}
      </Stack>
    </>
  );
}
