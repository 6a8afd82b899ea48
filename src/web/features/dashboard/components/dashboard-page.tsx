import { Alert, Anchor, Button, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/page-states';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import { DashboardMoney } from '../../money';
import { DashboardBooks } from '../../reports';
import { FirstRunChecklist } from '../../onboarding';
import { MaintenanceCounts } from '../../work-orders';
import { useDashboardOverview, useDashboardSummary } from '../api/get-dashboard';
import { DashboardCharts } from './dashboard-charts';
import { OverviewSkeleton, SummaryCardsSkeleton } from './dashboard-skeletons';
import { LeasesEndingSoon } from './leases-ending-soon';
import { PropertyCards } from './property-cards';
import { SummaryCards } from './summary-cards';

function LoadError({ error }: { error: Error }) {
  return (
    <Alert color="red" variant="light" role="alert" data-testid="error-banner" mb="lg">
      {errorMessage(error, 'Failed to load dashboard data')}
    </Alert>
  );
}

/**
 * '/' and '/landlord-dashboard' for Landlords and Admins (docs/product.md section 2, Dashboard).
 * Every part has its own call and its own placeholder: the summary cards, the first thing a
 * landlord reads, come from the smallest call and show as soon as it answers, whatever the
 * property cards, the rent figures or the maintenance counts still wait for.
 */
export function DashboardPage() {
  const { user, can } = useSession();
  // Both calls start together; the property cards' answer grows with the portfolio.
  const summary = useDashboardSummary();
  const overview = useDashboardOverview();
  const figures = summary.data?.summary;

  return (
    <>
      <PageHeader
        title="Landlord Dashboard"
        description={user ? `Welcome, ${user.userName}!` : undefined}
      />
      <FirstRunChecklist />
      {summary.isPending ? (
        <SummaryCardsSkeleton />
      ) : summary.isError ? (
        <LoadError error={summary.error} />
      ) : figures ? (
        <SummaryCards summary={figures} />
      ) : null}
      {!figures ? null : figures.totalProperties === 0 ? (
        <EmptyState
          title="You don't have any properties yet. Add properties to get started."
          action={
            can('properties', 'write') ? (
              <Button component={Link} to="/property/create">
                Add a property
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          {/* A role that reads no money (a maintenance coordinator) sees no rent figures. */}
          {can('money', 'read') ? <DashboardMoney /> : null}
          {can('reports', 'read') ? <DashboardBooks /> : null}
          <MaintenanceCounts />
          {overview.isPending ? (
            <OverviewSkeleton />
          ) : overview.isError ? (
            <LoadError error={overview.error} />
          ) : (
            <>
              <DashboardCharts
                summary={figures}
                topPropertiesByRent={overview.data.topPropertiesByRent ?? []}
              />
              {overview.data.leasesEndingSoon ? (
                <LeasesEndingSoon data={overview.data.leasesEndingSoon} />
              ) : null}
              <Title order={2} size="h3" mb="sm">
                Properties
              </Title>
              {figures.pendingApplications > 0 ? (
                <Text size="sm" mb="sm">
                  {figures.pendingApplications} pending rental{' '}
                  {figures.pendingApplications === 1 ? 'application' : 'applications'} to review.{' '}
                  <Anchor component={Link} to="/applications">
                    Review applications
                  </Anchor>
                </Text>
              ) : null}
              <PropertyCards
                firstPage={overview.data.properties ?? []}
                total={figures.totalProperties}
              />
            </>
          )}
        </>
      )}
    </>
  );
}
