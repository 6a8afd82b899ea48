import { Alert, Anchor, Button, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, LoadingState } from '../../../components/page-states';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import { DashboardMoney } from '../../money';
import { FirstRunChecklist } from '../../onboarding';
import { MaintenanceCounts } from '../../work-orders';
import { useDashboardOverview } from '../api/get-dashboard';
import { DashboardCharts } from './dashboard-charts';
import { LeasesEndingSoon } from './leases-ending-soon';
import { PropertyCards } from './property-cards';
import { SummaryCards } from './summary-cards';

/** '/' and '/landlord-dashboard' for Landlords and Admins (docs/product.md section 2, Dashboard). */
export function DashboardPage() {
  const { user } = useSession();
  const { data, isPending, error } = useDashboardOverview();

  return (
    <>
      <PageHeader
        title="Landlord Dashboard"
        description={user ? `Welcome, ${user.userName}!` : undefined}
      />
      <FirstRunChecklist />
      {isPending ? (
        <LoadingState label="Loading dashboard..." />
      ) : error ? (
        <Alert color="red" variant="light" role="alert" data-testid="error-banner">
          {errorMessage(error, 'Failed to load dashboard data')}
        </Alert>
      ) : (
        <>
          {data.summary ? <SummaryCards summary={data.summary} /> : null}
          {(data.properties ?? []).length === 0 ? (
            <EmptyState
              title="You don't have any properties yet. Add properties to get started."
              action={
                <Button component={Link} to="/property/create">
                  Add a property
                </Button>
              }
            />
          ) : (
            <>
              <DashboardMoney />
              <MaintenanceCounts />
              {data.summary ? (
                <DashboardCharts summary={data.summary} properties={data.properties ?? []} />
              ) : null}
              {data.leasesEndingSoon ? <LeasesEndingSoon data={data.leasesEndingSoon} /> : null}
              <Title order={2} size="h3" mb="sm">
                Properties
              </Title>
              {data.summary && data.summary.pendingApplications > 0 ? (
                <Text size="sm" mb="sm">
                  {data.summary.pendingApplications} pending rental{' '}
                  {data.summary.pendingApplications === 1 ? 'application' : 'applications'} to
                  review.{' '}
                  <Anchor component={Link} to="/applications" c="indigo.8">
                    Review applications
                  </Anchor>
                </Text>
              ) : null}
              <PropertyCards properties={data.properties ?? []} />
            </>
          )}
        </>
      )}
    </>
  );
}
