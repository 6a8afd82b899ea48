import { Badge, Button, CopyButton, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useId } from 'react';
import type { BulkInviteResult } from '../../../../shared/schemas/invitations';
import { formatDayAndTime } from './dates';
import './invitation-links.css';

/** One person's line of the sheet: invited with a link, or skipped and why. */
export type InvitationLinkRow = Pick<
  BulkInviteResult,
  | 'tenantId'
  | 'name'
  | 'unitNumber'
  | 'propertyName'
  | 'path'
  | 'emailedTo'
  | 'message'
  | 'expiresAt'
>;

const linkOf = (path: string) => `${window.location.origin}${path}`;
const unitOf = (row: InvitationLinkRow) =>
  row.propertyName ? `${row.propertyName}, unit ${row.unitNumber}` : `Unit ${row.unitNumber}`;

/** The links as text to paste into a message or a spreadsheet: name, unit, link per line. */
export function linksText(rows: InvitationLinkRow[]): string {
  return rows
    .filter((row) => row.path)
    .map((row) => `${row.name}\t${unitOf(row)}\t${linkOf(row.path!)}`)
    .join('\n');
}

/**
 * The invitation links just made, shown once (docs/product.md section 13): each person with
 * their unit and link, what was mailed, and who was skipped and why; 'Copy all' and 'Print'
 * for handing the links over by hand. Printing shows this sheet alone.
 */
export function InvitationLinks({ rows, title }: { rows: InvitationLinkRow[]; title: string }) {
  const headingId = useId();
  const invited = rows.filter((row) => row.path);
  const mailed = invited.filter((row) => row.emailedTo).length;
  const all = linksText(rows);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      className="invitation-links-sheet"
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {invited.length > 0 ? (
            <Group gap="xs" data-print-hide>
              <CopyButton value={all}>
                {({ copied, copy }) => (
                  <Button size="xs" onClick={copy} variant={copied ? 'default' : 'filled'}>
                    {copied ? 'Copied' : invited.length === 1 ? 'Copy link' : 'Copy all'}
                  </Button>
                )}
              </CopyButton>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPrinter size={14} aria-hidden />}
                onClick={() => window.print()}
              >
                Print
              </Button>
            </Group>
          ) : null}
        </Group>
        <Text size="sm" role="status">
          {summary(invited.length, rows.length - invited.length, mailed)}
        </Text>
        {invited.length > 0 ? (
          <Text size="sm" c="dimmed">
            Each link works once, for 14 days, and is not shown again
            {invited[0]?.expiresAt ? ` (until ${formatDayAndTime(invited[0].expiresAt)})` : ''}.
          </Text>
        ) : null}
        {/* No scrolling box: on a phone the columns wrap (a link breaks anywhere), so nothing
            hides off to the side and there is no region to reach by keyboard. */}
        <Table verticalSpacing="xs" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Unit</Table.Th>
              <Table.Th>Link</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.tenantId}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{unitOf(row)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {row.path ? (
                    <Stack gap={2}>
                      <Text size="sm" ff="monospace" data-testid="invitation-link">
                        {linkOf(row.path)}
                      </Text>
                      {row.emailedTo ? (
                        <Text size="xs" c="dimmed">
                          Emailed to {row.emailedTo}
                        </Text>
                      ) : null}
                    </Stack>
                  ) : (
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Badge variant="light" color="gray" style={{ overflow: 'visible' }}>
                        Skipped
                      </Badge>
                      <Text size="sm">{row.message}</Text>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

function summary(invited: number, skipped: number, mailed: number): string {
  const people = (n: number) => (n === 1 ? '1 tenant' : `${n} tenants`);
  const parts = [`${people(invited)} invited`];
  if (mailed > 0) parts.push(`${mailed} by email`);
  if (skipped > 0) parts.push(`${people(skipped)} skipped`);
  return `${parts.join(', ')}.`;
}
