import { Alert, Badge, Button, FileInput, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { BankAccount, CsvMapping, StatementPreview } from '../../../../shared/schemas/bank';
import { ErrorBanner } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { notifyOutcome } from '../../../lib/notify';
import { useImportStatement, usePreviewStatement } from '../api/import-statement';
import { blankMapping, MappingFields } from './mapping-fields';

interface LoadedFile {
  fileName: string;
  content: string;
}

/**
 * Import a statement: choose the file, see how it reads (the mapping applied to its first
 * lines), correct the mapping, then save. Nothing is saved before the last step.
 */
export function ImportPanel({ account, onImported }: { account: BankAccount; onImported(): void }) {
  const preview = usePreviewStatement();
  const save = useImportStatement();
  const [file, setFile] = useState<File | null>(null);
  const [loaded, setLoaded] = useState<LoadedFile | null>(null);
  const [mapping, setMapping] = useState<CsvMapping | null>(null);
  const [readError, setReadError] = useState<string | null>(null);

  const read = async (next: LoadedFile, withMapping: CsvMapping | null) => {
    const result = await preview.mutateAsync({
      accountId: account.id,
      ...next,
      mapping: withMapping,
    });
    setMapping(result.format === 'csv' ? (result.mapping ?? blankMapping(result.headers)) : null);
  };

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setLoaded(null);
    setMapping(null);
    setReadError(null);
    preview.reset();
    if (!chosen) return;
    try {
      const next = { fileName: chosen.name, content: await chosen.text() };
      setLoaded(next);
      await read(next, null);
    } catch (error) {
      setReadError(errorMessage(error, 'The file could not be read'));
    }
  };

  const saveLines = async () => {
    if (!loaded) return;
    try {
      const result = await save.mutateAsync({ accountId: account.id, ...loaded, mapping });
      notifyOutcome(
        'success',
        `Imported ${result.added} new line${result.added === 1 ? '' : 's'}; ${result.alreadyThere} already there.`,
      );
      await choose(null);
      onImported();
    } catch (error) {
      notifyOutcome('error', errorMessage(error, 'Failed to import the statement'));
    }
  };

  const result: StatementPreview | undefined = preview.data;
  return (
    <Stack gap="md">
      <FileInput
        label="Statement file"
        description="CSV from any bank, or OFX/QFX. Nothing is saved until you press Save."
        placeholder="Choose a file"
        accept=".csv,.txt,.ofx,.qfx,text/csv"
        value={file}
        onChange={(chosen) => void choose(chosen)}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the file' }}
      />
      {readError ? <ErrorBanner>{readError}</ErrorBanner> : null}
      {preview.isPending ? (
        <Text c="dimmed" role="status">
          Reading the file...
        </Text>
      ) : null}
      {result && loaded ? (
        <Stack gap="md">
          {mapping ? (
            <Stack gap="sm">
              <MappingFields headers={result.headers} mapping={mapping} onChange={setMapping} />
              <Group>
                <Button
                  variant="default"
                  onClick={() => void read(loaded, mapping).catch(() => undefined)}
                  loading={preview.isPending}
                >
                  Preview with these columns
                </Button>
              </Group>
            </Stack>
          ) : null}
          {result.errors.length > 0 ? (
            <Alert color="red" variant="light" title="Some lines cannot be read" role="alert">
              <Stack gap={2}>
                {result.errors.map((error) => (
                  <Text key={`${error.line}-${error.message}`} size="sm">
                    Line {error.line}: {error.message}
                  </Text>
                ))}
              </Stack>
            </Alert>
          ) : null}
          <Text aria-live="polite">
            {result.lineCount} line{result.lineCount === 1 ? '' : 's'}: {result.newCount} new,{' '}
            {result.alreadyThereCount} already imported.
          </Text>
          {result.lines.length > 0 ? (
            <Table.ScrollContainer minWidth={360}>
              <Table striped>
                <Table.Caption>The first lines as they will be saved</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Description</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.lines.map((line, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>{formatDate(line.postedOn)}</Table.Td>
                      <Table.Td>
                        {line.description}{' '}
                        {line.alreadyThere ? (
                          <Badge variant="light" color="gray">
                            Already imported
                          </Badge>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="right">{formatMoney(line.amount)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          <Group>
            <Button
              onClick={() => void saveLines()}
              loading={save.isPending}
              disabled={result.errors.length > 0 || result.lineCount === 0}
            >
              Save {result.newCount} new line{result.newCount === 1 ? '' : 's'}
            </Button>
          </Group>
        </Stack>
      ) : null}
      {preview.isError ? (
        <ErrorBanner>{errorMessage(preview.error, 'The file could not be read')}</ErrorBanner>
      ) : null}
    </Stack>
  );
}
