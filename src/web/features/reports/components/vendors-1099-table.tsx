import { Badge, Table } from '@mantine/core';
import type { Form1099Report } from '../../../../shared/schemas/reports';
import { formatMoney } from '../../../lib/format';

/** Vendors flagged for a 1099 and what they were paid in the year; who reaches the threshold. */
export function Vendors1099Table({ report }: { report: Form1099Report }) {
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={520}
      tabIndex={0}
      role="region"
      aria-label="1099 vendor totals"
    >
      <Table verticalSpacing="xs" data-testid="vendors-1099-table">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          Vendors paid in {report.year}; a 1099-NEC is due for {formatMoney(report.threshold)} or
          more
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Vendor</Table.Th>
            <Table.Th scope="col">Tax id</Table.Th>
            <Table.Th scope="col" ta="right">
              Payments
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Total paid
            </Table.Th>
            <Table.Th scope="col">1099-NEC</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.vendors.map((vendor) => (
            <Table.Tr key={vendor.vendorId}>
              <Table.Th scope="row" fw={400}>
                {vendor.name}
              </Table.Th>
              <Table.Td>{vendor.taxIdLast4 ? `•••${vendor.taxIdLast4}` : 'Not recorded'}</Table.Td>
              <Table.Td ta="right">{vendor.payments}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(vendor.total)}
              </Table.Td>
              <Table.Td>
                {vendor.meetsThreshold ? (
                  <Badge color="orange.9" variant="light">
                    Due
                  </Badge>
                ) : (
                  <Badge color="gray.8" variant="light">
                    Under threshold
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
