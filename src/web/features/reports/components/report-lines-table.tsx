import { Table } from '@mantine/core';
import type { ReportLine, ReportPeriod } from '../../../../shared/schemas/reports';
import { formatMoney } from '../../../lib/format';

export interface LineSection {
  title: string;
  lines: ReportLine[];
  /** The section's total, in bold under its lines. */
  total?: ReportLine;
}

/**
 * A report's lines under their sections, one column per period and a total column. Wide
 * reports (12 months) scroll sideways inside their box on a phone; the line names stay put.
 */
export function ReportLinesTable({
  caption,
  periods,
  sections,
  result,
}: {
  caption: string;
  periods: ReportPeriod[];
  sections: LineSection[];
  /** The bottom line (net operating income, net cash flow). */
  result?: ReportLine;
}) {
  const columns = periods.length > 1 ? periods : [];
  const cells = (line: ReportLine, strong = false) => (
    <>
      {columns.map((period, i) => (
        <Table.Td
          key={period.key}
          ta="right"
          fw={strong ? 700 : undefined}
          style={{ whiteSpace: 'nowrap' }}
        >
          {formatMoney(line.amounts[i]!)}
        </Table.Td>
      ))}
      <Table.Td
        ta="right"
        fw={700}
        style={{ whiteSpace: 'nowrap' }}
        data-testid={`total-${line.key}`}
      >
        {formatMoney(line.total)}
      </Table.Td>
    </>
  );
  return (
    // A focusable region: a wide report scrolls sideways by keyboard too.
    <Table.ScrollContainer
      type="native"
      minWidth={Math.min(320 + columns.length * 110, 1800)}
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <Table verticalSpacing="xs" striped="even" data-testid="report-table">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Line</Table.Th>
            {columns.map((period) => (
              <Table.Th key={period.key} scope="col" ta="right" style={{ whiteSpace: 'nowrap' }}>
                {period.label}
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="right">
              Total
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        {sections.map((section) => (
          <Table.Tbody key={section.title}>
            <Table.Tr>
              <Table.Th scope="colgroup" colSpan={columns.length + 2}>
                {section.title}
              </Table.Th>
            </Table.Tr>
            {section.lines.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 2} c="dimmed">
                  Nothing recorded
                </Table.Td>
              </Table.Tr>
            ) : null}
            {section.lines.map((line) => (
              <Table.Tr key={line.key}>
                <Table.Th scope="row" fw={400}>
                  {line.scheduleELine === null
                    ? line.label
                    : `${line.label} (line ${line.scheduleELine})`}
                </Table.Th>
                {cells(line)}
              </Table.Tr>
            ))}
            {section.total ? (
              <Table.Tr>
                <Table.Th scope="row">{section.total.label}</Table.Th>
                {cells(section.total, true)}
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        ))}
        {result ? (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{result.label}</Table.Th>
              {cells(result, true)}
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}
