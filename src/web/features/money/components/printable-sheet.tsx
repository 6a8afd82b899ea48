import { Anchor, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Statement } from '../../../../shared/schemas/money-reports';
import { PageHeader } from '../../../components/page-header';
import './statement-print.css';

/** Who a printed sheet is for and about: the tenant, the unit and its property. */
type Parties = Pick<Statement, 'tenant' | 'unit' | 'property'>;

/**
 * A lease's printable page (the statement, the deposit statement): the title, a way back to
 * the ledger and a Print button, all hidden on paper.
 */
export function PrintablePageHeader({
  title,
  leaseId,
  ready,
}: {
  title: string;
  leaseId: number;
  ready: boolean;
}) {
  return (
    <PageHeader
      title={title}
      description={
        <Anchor
          component={Link}
          to={`/leases/${leaseId}/ledger`}
          underline="always"
          data-print-hide
        >
          Back to the ledger
        </Anchor>
      }
      actions={
        <Button
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => window.print()}
          data-print-hide
          disabled={!ready}
        >
          Print
        </Button>
      }
    />
  );
}

/**
 * The sheet itself: the tenant's name and address on the left, what the sheet is (`heading`,
 * then `detail`) on the right, and the body below.
 */
export function PrintableSheet({
  parties,
  heading,
  detail,
  children,
}: {
  parties: Parties;
  heading: string;
  detail: ReactNode;
  children: ReactNode;
}) {
  const { tenant, unit, property } = parties;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} className="statement-sheet">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <div>
            <Title order={2} size="h4">
              {tenant.firstName} {tenant.lastName}
            </Title>
            <Text size="sm">
              Unit {unit.unitNumber}, {property.name}
            </Text>
            <Text size="sm">
              {property.address}, {property.city}, {property.state} {property.zipCode}
            </Text>
          </div>
          <div>
            <Text size="sm" fw={600}>
              {heading}
            </Text>
            <Text size="sm">{detail}</Text>
          </div>
        </SimpleGrid>
        {children}
      </Stack>
    </Paper>
  );
}
