import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import {
  PORTAL_REQUEST_SENT,
  type LinkedPortalHome,
  type PortalLease,
} from '../../../../shared/schemas/portal';
import { RECURRING_CHARGE_LABELS } from '../../../../shared/schemas/recurring-charges';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner, LoadingState } from '../../../components/page-states';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { useServerFeatures } from '../../auth';
import { usePortalHome } from '../api/get-portal-home';
import { MaintenanceRequests } from './maintenance-requests';
import { PayNowModal } from './pay-now-modal';
import { PaymentReturnNotice } from './payment-return-notice';
import { LeaseStateBadge } from '../../leases';
import { ReportProblemModal } from './report-problem-modal';
import { TenantLedger } from './tenant-ledger';
import { dialablePhone, formatPhone } from '../../../../shared/phone-format';

/** What a Tenant whose account no invitation has linked yet reads (docs/product.md, 'Tenant home'). */
export const NOT_LINKED_TEXT =
  'Your account is not linked to a tenancy yet. Ask your landlord to send you a portal invitation from Porchlight; opening its link links your account.';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** '/' for a Tenant: their unit, landlord, lease, balance, ledger and maintenance requests. */
export function TenantHomePage() {
  const { data, isPending, error } = usePortalHome();

  if (isPending) {
    return (
      <>
        <PageHeader title="Your home" />
        <LoadingState label="Loading your home..." />
      </>
    );
  }
  if (error) {
    return (
      <>
        <PageHeader title="Your home" />
        <ErrorBanner>{errorMessage(error, 'Failed to load your home')}</ErrorBanner>
      </>
    );
  }
  if (!data.linked) {
    return (
      <>
        <PageHeader title="Your home" />
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="not-linked">
          <Text>{NOT_LINKED_TEXT}</Text>
        </Paper>
      </>
    );
  }
  return <LinkedHome home={data} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function LinkedHome({ home }: { home: LinkedPortalHome }) {
  const { tenant, unit, property, landlord, lease } = home;
  const [reporting, setReporting] = useState(false);
  const { banner, showSuccess, clear } = useBanner();
  return (
    <Stack gap="md">
      <PageHeader title="Your home" description={`Welcome, ${tenant.firstName}!`} />
      <PaymentReturnNotice />
      {tenant.movedOut ? (
        <Alert color="gray" variant="light">
          You have moved out of this home. Your last lease and its ledger stay here for your
          records.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section title="Your balance">
          <Balance balance={home.balance} />
          <PayNow balance={home.balance} instructions={landlord.paymentInstructions} />
        </Section>
        <Section title="Your lease">
          {lease ? (
            <LeaseDetails lease={lease} />
          ) : (
            <Text c="dimmed">Your landlord has not recorded a lease for you yet.</Text>
          )}
        </Section>
        <Section title="Your unit">
          <Text fw={600}>Unit {unit.unitNumber}</Text>
          <Text size="sm">
            {plural(unit.bedrooms, 'bedroom')} · {plural(unit.bathrooms, 'bathroom')} ·{' '}
            {unit.squareFeet.toLocaleString('en-US')} sq ft
          </Text>
          <Text fw={600} mt="sm">
            {property.name}
          </Text>
          <Text size="sm">
            {property.address}, {property.city}, {property.state} {property.zipCode}
          </Text>
        </Section>
        <Section title="Your landlord">
          <Text fw={600}>{landlord.name}</Text>
          {landlord.email ? (
            <Text size="sm">
              Email:{' '}
              <Anchor href={`mailto:${landlord.email}`} style={{ overflowWrap: 'anywhere' }}>
                {landlord.email}
              </Anchor>
            </Text>
          ) : null}
          {landlord.phone ? (
            <Text size="sm">
              Phone:{' '}
              <Anchor href={`tel:${dialablePhone(landlord.phone)}`}>
                {formatPhone(landlord.phone)}
              </Anchor>
            </Text>
          ) : null}
          {!landlord.email && !landlord.phone ? (
            <Text size="sm" c="dimmed">
              Your landlord has not shared an email or phone number.
            </Text>
          ) : null}
        </Section>
      </SimpleGrid>
      <Stack gap="xs" component="section" aria-labelledby="ledger-heading">
        <Title order={2} size="h4" id="ledger-heading">
          Ledger
        </Title>
        <TenantLedger lines={home.ledger} />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="requests-heading">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="requests-heading">
            My maintenance requests
          </Title>
          {tenant.movedOut ? null : (
            <Button
              onClick={() => {
                clear();
                setReporting(true);
              }}
            >
              Report a problem
            </Button>
          )}
        </Group>
        <StatusBanner banner={banner} onClose={clear} />
        <MaintenanceRequests orders={home.workOrders} />
        <ReportProblemModal
          opened={reporting}
          onClose={() => setReporting(false)}
          onSent={() => {
            setReporting(false);
            showSuccess(PORTAL_REQUEST_SENT);
          }}
        />
      </Stack>
    </Stack>
  );
}

/** 'You owe $X', 'You are paid up' or 'In credit $X'. */
export function balanceText(balance: number): string {
  if (balance > 0) return `You owe ${formatMoney(balance)}`;
  if (balance < 0) return `In credit ${formatMoney(-balance)}`;
  return 'You are paid up';
}

function Balance({ balance }: { balance: number }) {
  return (
    <Text
      fw={700}
      fz="xl"
      data-testid="balance"
      c={balance > 0 ? 'var(--mantine-color-error)' : undefined}
    >
      {balanceText(balance)}
    </Text>
  );
}

/**
 * 'Pay now' when this server takes cards (Stripe keys set) and something is owed; without
 * cards, the landlord's own words on how to pay them (docs/product.md, 'Paying rent online'),
 * so a tenant told what they owe is also told how to pay it.
 */
function PayNow({ balance, instructions }: { balance: number; instructions: string | null }) {
  const features = useServerFeatures();
  const [paying, setPaying] = useState(false);
  if (!features.data) return null;
  if (!features.data.cardPayments) {
    if (instructions) {
      return (
        <Stack gap={4} mt="sm" data-testid="payment-instructions">
          <Text size="sm" fw={600}>
            How to pay
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {instructions}
          </Text>
        </Stack>
      );
    }
    return balance > 0 ? (
      <Text size="sm" mt="sm" c="dimmed" data-testid="payment-instructions">
        Ask your landlord how to pay: their contact is on this page.
      </Text>
    ) : null;
  }
  if (balance <= 0) return null;
  return (
    <>
      <Button mt="sm" onClick={() => setPaying(true)}>
        Pay now
      </Button>
      <PayNowModal opened={paying} balance={balance} onClose={() => setPaying(false)} />
    </>
  );
}

/**
 * The deposit as agreed, as received and as held (docs/product.md, Deposits): a deposit agreed
 * but not yet paid is not held.
 */
function DepositLines({ lease }: { lease: PortalLease }) {
  return (
    <>
      <Text size="sm">Deposit agreed: {formatMoney(lease.deposit)}</Text>
      <Text size="sm">Deposit received: {formatMoney(lease.depositReceived)}</Text>
      {lease.depositSettled > 0 ? (
        <Text size="sm">Paid out at move-out: {formatMoney(lease.depositSettled)}</Text>
      ) : null}
      <Text size="sm">Deposit held: {formatMoney(lease.depositHeld)}</Text>
    </>
  );
}

/** 'Monthly charges: rent $1,000.00 + parking $75.00': the rent and what comes with it. */
function MonthlyCharges({ lease }: { lease: PortalLease }) {
  if (lease.recurringCharges.length === 0) {
    return <Text size="sm">Rent: {formatMoney(lease.rent)} a month</Text>;
  }
  const parts = lease.recurringCharges.map((charge) => {
    const from = charge.startDate > lease.startDate ? ` from ${formatDate(charge.startDate)}` : '';
    const until = charge.endDate ? ` until ${formatDate(charge.endDate)}` : '';
    return `${RECURRING_CHARGE_LABELS[charge.kind].toLowerCase()} ${formatMoney(charge.amount)}${from}${until}`;
  });
  return (
    <Text size="sm" data-testid="monthly-charges">
      Monthly charges: rent {formatMoney(lease.rent)} + {parts.join(' + ')}
    </Text>
  );
}

function LeaseDetails({ lease }: { lease: PortalLease }) {
  const running = lease.state === 'active' || lease.state === 'ending_soon';
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <LeaseStateBadge state={lease.state} />
        {running ? (
          <Text size="sm" fw={600}>
            {plural(lease.daysLeft, 'day')} left
          </Text>
        ) : null}
      </Group>
      <Text size="sm">
        {formatDate(lease.startDate)} to {formatDate(lease.endDate)}
      </Text>
      <MonthlyCharges lease={lease} />
      <DepositLines lease={lease} />
    </Stack>
  );
}
