import { Alert, Anchor, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadingState } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { useMoneySummary } from '../api/get-money-summary';
import { CollectionChart } from './collection-chart';
import { MoneyCards } from './money-cards';

/** The dashboard's money: this month's figures and a year of collected against expected rent. */
export function DashboardMoney() {
  const summary = useMoneySummary();
  return (
    <Stack gap="sm" mb="lg" component="section" aria-labelledby="dashboard-money-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" id="dashboard-money-title">
          Rent
        </Title>
        <Group gap="md">
          <Anchor component={Link} to="/rent-roll" size="sm">
            Rent roll
          </Anchor>
          <Anchor component={Link} to="/arrears" size="sm">
            Arrears
          </Anchor>
          <Anchor component={Link} to="/deposits" size="sm">
            Deposits
          </Anchor>
        </Group>
      </Group>
      {summary.isPending ? (
        <LoadingState label="Loading rent figures..." />
      ) : summary.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(summary.error, 'Failed to load rent figures')}
        </Alert>
      ) : (
        <>
          <MoneyCards summary={summary.data} />
          {summary.data.series.some((month) => month.expected > 0 || month.collected > 0) ? (
            <CollectionChart series={summary.data.series} />
          ) : null}
        </>
      )}
    </Stack>
  );
}
