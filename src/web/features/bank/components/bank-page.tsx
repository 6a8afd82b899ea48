import { Button, Group, Select, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/page-states';
import { useServerToday } from '../../../lib/server-today';
import { useBankAccounts } from '../api/get-bank-accounts';
import { AccountModal } from './account-modal';
import { ImportPanel } from './import-panel';
import { LinesPanel } from './lines-panel';
import { ReconciliationPanel } from './reconciliation-panel';
import { useSession } from '../../auth/session';

/**
 * The landlord's bank: accounts, statement imports, the lines to match against the books,
 * and the month's reconciliation (docs/product.md section 31).
 */
export function BankPage() {
  const accounts = useBankAccounts();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState<string | null>('lines');
  const today = useServerToday();
  const [month, setMonth] = useState(() => today.slice(0, 7));
  const writes = useSession().can('money', 'write');

  const addButton = writes ? (
    <Button onClick={() => setAdding(true)}>Add account</Button>
  ) : undefined;
  const account = accounts.data?.find((a) => a.id === chosenId) ?? accounts.data?.[0];

  return (
    <>
      <PageHeader
        title="Bank"
        description="Import statements, match them to payments and expenses, and reconcile each month."
        actions={accounts.data?.length ? addButton : undefined}
      />
      {accounts.isPending ? (
        <LoadingState label="Loading bank accounts..." />
      ) : accounts.isError ? (
        <ErrorBanner>Failed to load the bank accounts.</ErrorBanner>
      ) : !account ? (
        <EmptyState title="No bank accounts yet" action={addButton}>
          {writes
            ? 'Add the account your rent is paid into, then import its statements.'
            : 'The bank accounts show here once someone who keeps the books adds them.'}
        </EmptyState>
      ) : (
        <Stack gap="md">
          <Group align="flex-end" gap="md">
            <Select
              label="Account"
              data={accounts.data.map((a) => ({
                value: String(a.id),
                label: a.last4 ? `${a.name} (…${a.last4})` : a.name,
              }))}
              value={String(account.id)}
              onChange={(value) => value && setChosenId(Number(value))}
              allowDeselect={false}
              maw={320}
            />
            {writes ? (
              <Button variant="default" onClick={() => setEditing(true)}>
                Edit account
              </Button>
            ) : null}
            <Text c="dimmed" size="sm" pb={6}>
              {account.lineCount} lines, {account.unmatchedCount} unmatched
            </Text>
          </Group>
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="lines">Lines</Tabs.Tab>
              {writes ? <Tabs.Tab value="import">Import</Tabs.Tab> : null}
              <Tabs.Tab value="reconcile">Reconcile</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="lines" pt="md">
              <LinesPanel account={account} month={month} onMonth={setMonth} />
            </Tabs.Panel>
            {writes ? (
              <Tabs.Panel value="import" pt="md">
                <ImportPanel account={account} onImported={() => setTab('lines')} />
              </Tabs.Panel>
            ) : null}
            <Tabs.Panel value="reconcile" pt="md">
              <ReconciliationPanel account={account} month={month} onMonth={setMonth} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
      <AccountModal
        opened={adding}
        onClose={() => setAdding(false)}
        onSaved={(saved) => {
          setChosenId(saved.id);
          setAdding(false);
        }}
      />
      <AccountModal
        opened={editing && account !== undefined}
        account={account}
        onClose={() => setEditing(false)}
        onSaved={() => setEditing(false)}
      />
    </>
  );
}
