import {
  Alert,
  Anchor,
  Button,
  Card,
  FileInput,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  IMPORT_COLUMNS,
  IMPORT_KINDS,
  type ImportChoices,
  type ImportCounts,
  type ImportKind,
  type ImportResult,
  type ImportSheet,
} from '../../../../shared/schemas/imports';
import { useConfirmation } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { ENTITIES, refreshShowing } from '../../../lib/entity-caches';
import { notifyOutcome } from '../../../lib/notify';
import { sendImport, templateHref, type SendProgress } from '../api/send-import';
import { ImportProgressBar } from './import-progress';

const KIND_LABELS: Record<ImportKind, string> = {
  properties: 'Properties',
  units: 'Units',
  tenants: 'Tenants and leases',
  staff: 'Staff',
};

type Edits = Record<string, Record<string, Record<string, string>>>;

function countsText(counts: ImportCounts): string {
  const parts = [
    [counts.properties, 'property', 'properties'],
    [counts.units, 'unit', 'units'],
    [counts.tenants, 'tenant', 'tenants'],
    [counts.leases, 'lease', 'leases'],
    [counts.staff, 'staff member', 'staff members'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  return said.length > 0 ? said.join(', ') : 'nothing';
}

function SheetMapping({
  sheet,
  onKind,
  onColumn,
}: {
  sheet: ImportSheet;
  onKind: (kind: ImportKind | null) => void;
  onColumn: (header: string, field: string | null) => void;
}) {
  const columns = sheet.kind ? IMPORT_COLUMNS[sheet.kind] : [];
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">
            {sheet.name}: {sheet.rows} {sheet.rows === 1 ? 'row' : 'rows'}
          </Title>
          <NativeSelect
            label={`What the sheet ${sheet.name} holds`}
            value={sheet.kind ?? ''}
            data={[
              ...IMPORT_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })),
              { value: '', label: 'Not imported' },
            ]}
            onChange={(event) => onKind((event.currentTarget.value || null) as ImportKind | null)}
          />
        </Group>
        {sheet.missing.length > 0 ? (
          <Alert color="red" title="Columns missing">
            Choose the column of the file that holds {sheet.missing.join(', ')}.
          </Alert>
        ) : null}
        {sheet.kind ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {sheet.headers.map((header, index) => (
              <NativeSelect
                key={`${header}-${index}`}
                label={`Column "${header}"`}
                value={sheet.mapping[header] ?? ''}
                data={[
                  ...columns.map((c) => ({
                    value: c.field,
                    label: c.required ? `${c.label} (required)` : c.label,
                  })),
                  { value: '', label: 'Ignore this column' },
                ]}
                onChange={(event) => onColumn(header, event.currentTarget.value || null)}
              />
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * /import: bring a portfolio in from a CSV or .xlsx file (docs/product.md, Import). Choose a
 * file; the server previews it (every row checked, nothing written); correct the column
 * matches or a bad cell; then import, all or nothing, after saying what will be added.
 */
export function ImportPage() {
  const queryClient = useQueryClient();
  const { ask, dialog } = useConfirmation();
  const [file, setFile] = useState<File | null>(null);
  const [choices, setChoices] = useState<ImportChoices>({ sheets: {} });
  const [edits, setEdits] = useState<Edits>({});
  const [result, setResult] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'commit' | null>(null);
  const [progress, setProgress] = useState<SendProgress | null>(null);

  const withEdits = (base: ImportChoices, cells: Edits): ImportChoices => {
    const sheets = { ...base.sheets };
    for (const [name, lines] of Object.entries(cells)) {
      sheets[name] = { ...sheets[name], edits: lines };
    }
    return { sheets };
  };

  async function preview(next: File | null, nextChoices: ImportChoices, nextEdits: Edits) {
    setDone(null);
    setFailure(null);
    if (!next) {
      setResult(null);
      return;
    }
    setBusy('preview');
    setProgress(null);
    try {
      setResult(await sendImport('preview', next, withEdits(nextChoices, nextEdits), setProgress));
    } catch (error) {
      setResult(null);
      setFailure(errorMessage(error, 'The file could not be checked. Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  function choose(next: File | null) {
    const fresh = { sheets: {} };
    setFile(next);
    setChoices(fresh);
    setEdits({});
    void preview(next, fresh, {});
  }

  function changeSheet(name: string, change: NonNullable<ImportChoices['sheets']>[string]) {
    const sheet = result?.sheets.find((s) => s.name === name);
    const kept = change.kind === undefined ? { mapping: sheet?.mapping } : {};
    const next = {
      sheets: {
        ...choices.sheets,
        [name]: { kind: sheet?.kind ?? null, ...kept, ...choices.sheets?.[name], ...change },
      },
    };
    setChoices(next);
    void preview(file, next, edits);
  }

  function editCell(sheet: string, line: number, column: string, value: string) {
    setEdits((current) => ({
      ...current,
      [sheet]: {
        ...current[sheet],
        [String(line)]: { ...current[sheet]?.[String(line)], [column]: value },
      },
    }));
  }

  async function commit() {
    if (!file || !result) return;
    const confirmed = await ask({
      title: 'Import this file?',
      happens: [
        `Adds ${countsText(result.created)}.`,
        `Leaves ${countsText(result.existing)} already here as they are.`,
      ],
      cannotUndo:
        'Imported records are added like records typed in: remove any by hand, or import the file again (it adds nothing twice).',
      confirmLabel: 'Import',
    });
    if (!confirmed) return;
    setBusy('commit');
    setProgress(null);
    setFailure(null);
    try {
      const imported = await sendImport('commit', file, withEdits(choices, edits), setProgress);
      setDone(imported);
      setResult(null);
      // An import may add every kind of record.
      await refreshShowing(queryClient, ENTITIES);
      notifyOutcome('success', `Imported ${countsText(imported.created)}`);
    } catch (error) {
      setFailure(errorMessage(error, 'The file could not be imported. Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  const rowsInError = result ? new Set(result.errors.map((e) => `${e.sheet}:${e.line}`)).size : 0;
  const editable = result?.errors.filter((e) => e.column !== '') ?? [];

  return (
    <>
      <PageHeader
        title="Import"
        description="Bring properties, units, tenants with their leases, and staff in from a spreadsheet (.xlsx or CSV) or a Porchlight property export."
      />
      <Stack gap="lg">
        <Card withBorder>
          <Stack gap="xs">
            <Text fw={600}>Templates</Text>
            <Text size="sm" c="dimmed">
              One sheet (or CSV file) per kind. Your own headers work too: &quot;Unit #&quot;,
              &quot;Monthly rent&quot; and the like are matched, and you can correct the match.
            </Text>
            <Group gap="md" wrap="wrap">
              {IMPORT_KINDS.map((kind) => (
                <Anchor key={kind} href={templateHref(kind)} download>
                  <Group gap={4} wrap="nowrap" component="span">
                    <IconDownload size={16} aria-hidden />
                    {KIND_LABELS[kind]} template
                  </Group>
                </Anchor>
              ))}
            </Group>
          </Stack>
        </Card>

        <FileInput
          label="File to import"
          description=".xlsx, .csv or a property export (.json), at most 50 MB"
          accept=".xlsx,.csv,.txt,.json,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/json"
          value={file}
          onChange={choose}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
          leftSection={<IconFileImport size={16} aria-hidden />}
          disabled={busy === 'commit'}
        />

        {busy ? <ImportProgressBar mode={busy} progress={progress} /> : null}
        {failure ? (
          <Alert color="red" title="Not imported" role="alert">
            {failure}
          </Alert>
        ) : null}
        {done ? (
          <Alert color="green" title="Imported" role="status">
            <Stack gap={4}>
              <Text>Added {countsText(done.created)}.</Text>
              <Text>
                See the{' '}
                <Anchor component={Link} to="/rent-roll">
                  rent roll
                </Anchor>{' '}
                or your{' '}
                <Anchor component={Link} to="/properties?mine=true">
                  properties
                </Anchor>
                .
              </Text>
            </Stack>
          </Alert>
        ) : null}

        {result ? (
          <>
            <Title order={2} size="h3">
              Columns
            </Title>
            {result.sheets.map((sheet) => (
              <SheetMapping
                key={sheet.name}
                sheet={sheet}
                onKind={(kind) => changeSheet(sheet.name, { kind, mapping: undefined })}
                onColumn={(header, field) =>
                  changeSheet(sheet.name, { mapping: { ...sheet.mapping, [header]: field } })
                }
              />
            ))}

            <Title order={2} size="h3">
              Preview
            </Title>
            <Text>
              Adds {countsText(result.created)}; already here: {countsText(result.existing)}.
            </Text>
            {result.errors.length > 0 ? (
              <Stack gap="sm">
                <Alert
                  color="red"
                  title={`${rowsInError} ${rowsInError === 1 ? 'row has' : 'rows have'} errors`}
                >
                  Nothing is imported while a row has an error. Correct the cells below (or the
                  file, and choose it again), then check again.
                </Alert>
                <Table.ScrollContainer minWidth={0}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Sheet</Table.Th>
                        <Table.Th>Line</Table.Th>
                        <Table.Th>Column</Table.Th>
                        <Table.Th>Error</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {result.errors.map((e, index) => (
                        <Table.Tr key={index}>
                          <Table.Td>{e.sheet}</Table.Td>
                          <Table.Td>{e.line}</Table.Td>
                          <Table.Td>{e.column || '—'}</Table.Td>
                          <Table.Td>{e.message}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                {editable.length > 0 ? (
                  <form
                    onSubmit={(event) => {
                      event.preventDefault();
                      void preview(file, choices, edits);
                    }}
                  >
                    <Stack gap="sm">
                      <SimpleGrid cols={{ base: 1, sm: 2 }}>
                        {editable.map((e) => (
                          <TextInput
                            key={`${e.sheet}:${e.line}:${e.column}`}
                            label={`${e.sheet} line ${e.line}, ${e.column}`}
                            description={e.message}
                            defaultValue={edits[e.sheet]?.[String(e.line)]?.[e.column] ?? e.value}
                            onChange={(event) =>
                              editCell(e.sheet, e.line, e.column, event.currentTarget.value)
                            }
                          />
                        ))}
                      </SimpleGrid>
                      <Group>
                        <Button type="submit" variant="default" loading={busy === 'preview'}>
                          Check again
                        </Button>
                      </Group>
                    </Stack>
                  </form>
                ) : null}
              </Stack>
            ) : (
              <Group>
                <Button onClick={() => void commit()} loading={busy === 'commit'}>
                  Import
                </Button>
              </Group>
            )}
          </>
        ) : null}
      </Stack>
      {dialog}
    </>
  );
}
