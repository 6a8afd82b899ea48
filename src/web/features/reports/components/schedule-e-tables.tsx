import { Stack, Table, Text, Title } from '@mantine/core';
import type { ScheduleE, ScheduleELine } from '../../../../shared/schemas/reports';
import { formatMoney } from '../../../lib/format';

function LinesTable({
  caption,
  lines,
  testId,
}: {
  caption: string;
  lines: ScheduleELine[];
  testId: string;
}) {
  return (
    <Table verticalSpacing="xs" data-testid={testId}>
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w={64}>
            Line
          </Table.Th>
          <Table.Th scope="col">Description</Table.Th>
          <Table.Th scope="col" ta="right">
            Amount
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => {
          const strong = line.line === 3 || line.line >= 20;
          return (
            <Table.Tr key={line.line} data-line={line.line}>
              <Table.Td fw={strong ? 700 : undefined}>{line.line}</Table.Td>
              <Table.Th scope="row" fw={strong ? 700 : 400}>
                {line.label}
              </Table.Th>
              <Table.Td ta="right" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(line.amount)}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** The Schedule E summary: Part I's lines for each property, then for them all. */
export function ScheduleETables({ report }: { report: ScheduleE }) {
  return (
    <Stack gap="xl">
      {report.properties.map((property) => (
        <section key={property.propertyId} aria-labelledby={`schedule-e-${property.propertyId}`}>
          <Title order={3} size="h4" id={`schedule-e-${property.propertyId}`}>
            {property.propertyName}
          </Title>
          <Text size="sm" c="dimmed">
            {property.address}
          </Text>
          <LinesTable
            caption={`Schedule E, ${report.year}: ${property.propertyName}`}
            lines={property.lines}
            testId={`schedule-e-property-${property.propertyId}`}
          />
        </section>
      ))}
      {report.properties.length > 1 ? (
        <section aria-labelledby="schedule-e-all">
          <Title order={3} size="h4" id="schedule-e-all">
            All properties
          </Title>
          <LinesTable
            caption={`Schedule E, ${report.year}: all properties`}
            lines={report.total}
            testId="schedule-e-total"
          />
        </section>
      ) : null}
    </Stack>
  );
}
