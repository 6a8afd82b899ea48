import { SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { BANK_DATE_FORMATS, type CsvMapping } from '../../../../shared/schemas/bank';

/** Which CSV column holds what: chosen from the file's header, remembered per account. */
export function MappingFields({
  headers,
  mapping,
  onChange,
}: {
  headers: string[];
  mapping: CsvMapping;
  onChange(mapping: CsvMapping): void;
}) {
  const set = (field: keyof CsvMapping) => (value: string | null) =>
    onChange({ ...mapping, [field]: value });
  const column = (field: keyof CsvMapping, label: string, optional = false) => (
    <Select
      label={label}
      data={headers}
      value={(mapping[field] as string | null) ?? null}
      onChange={set(field)}
      clearable={optional}
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      required={!optional}
      placeholder={optional ? 'None' : 'Choose a column'}
      allowDeselect={optional}
    />
  );
  return (
    <Stack gap="sm">
      <Text fw={600}>Columns</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {column('date', 'Date')}
        <Select
          label="Dates are written"
          data={[...BANK_DATE_FORMATS]}
          value={mapping.dateFormat}
          onChange={(value) =>
            value && onChange({ ...mapping, dateFormat: value as CsvMapping['dateFormat'] })
          }
          allowDeselect={false}
          required
        />
        {column('description', 'Description')}
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="amount-style-label">
          Amounts
        </Text>
        <SegmentedControl
          aria-labelledby="amount-style-label"
          data={[
            { value: 'signed', label: 'One amount column' },
            { value: 'debit_credit', label: 'Debit and credit' },
          ]}
          value={mapping.amountStyle}
          onChange={(value) =>
            onChange({ ...mapping, amountStyle: value as CsvMapping['amountStyle'] })
          }
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {mapping.amountStyle === 'signed' ? (
          column('amount', 'Amount (withdrawals negative)')
        ) : (
          <>
            {column('debit', 'Debit (money out)')}
            {column('credit', 'Credit (money in)')}
          </>
        )}
        {column('reference', 'Reference', true)}
        {column('balance', 'Balance', true)}
      </SimpleGrid>
    </Stack>
  );
}

/** A starting mapping when the server could not guess one: the first columns in order. */
export function blankMapping(headers: string[]): CsvMapping {
  return {
    date: headers[0] ?? '',
    dateFormat: 'MM/DD/YYYY',
    amountStyle: 'signed',
    amount: headers[2] ?? null,
    debit: null,
    credit: null,
    description: headers[1] ?? '',
    reference: null,
    balance: null,
  };
}
