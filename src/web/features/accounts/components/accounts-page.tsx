import {
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { Account } from '../../../../shared/schemas/accounts';
import { DownloadCsvButton } from '../../../components/download-csv-button';
import { PageHeader } from '../../../components/page-header';
import { PagePagination } from '../../../components/page-pagination';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/page-states';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import { useChangeAccount, type AccountChange } from '../api/change-account';
import { ACCOUNTS_PAGE_SIZE, useAccountsPage } from '../api/get-accounts';
import { DisableAccountModal, ResetLinkModal, RolesModal } from './account-modals';

type Dialog = { kind: 'roles' | 'disable' | 'reset'; account: Account } | null;

/** /admin/users: every account, searched and paged by the server. */
export function AccountsPage() {
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const accounts = useAccountsPage(q, page);
  const change = useChangeAccount();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { banner, showSuccess, showError, clear } = useBanner();

  async function apply(next: AccountChange, done: string) {
    clear();
    try {
      await change.mutateAsync(next);
      setDialog(null);
      showSuccess(done);
    } catch (error) {
      setDialog(null);
      showError(errorMessage(error, 'The account could not be changed'));
    }
  }

  const total = accounts.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ACCOUNTS_PAGE_SIZE));
  const first = (page - 1) * ACCOUNTS_PAGE_SIZE + 1;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Users"
        description="Every account: roles, access and password-reset links."
        actions={<DownloadCsvButton path="/api/accounts.csv" query={{ q }} />}
      />
      <StatusBanner banner={banner} onClose={clear} />
      <Paper withBorder radius="md">
        <Group p="sm" pb={0}>
          <TextInput
            aria-label="Search users"
            placeholder="Search username, email or phone"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 360 }}
          />
        </Group>
        {accounts.isPending ? (
          <LoadingState label="Loading users..." />
        ) : accounts.isError ? (
          <ErrorBanner>{errorMessage(accounts.error, 'Failed to fetch users')}</ErrorBanner>
        ) : accounts.data.accounts.length === 0 ? (
          <EmptyState title="No users match">Try another search.</EmptyState>
        ) : (
          <>
            <ScrollArea type="auto">
              <Table striped verticalSpacing="sm" miw={640} aria-busy={accounts.isFetching}>
                <Table.Caption>
                  <VisuallyHidden>Users</VisuallyHidden>
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Username</Table.Th>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Roles</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {accounts.data.accounts.map((account) => (
                    <Table.Tr key={account.id}>
                      <Table.Td>{account.userName}</Table.Td>
                      <Table.Td>{account.email ?? '—'}</Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {account.roles.map((role) => (
                            <Badge key={role} variant="outline" color="gray.9" radius="sm">
                              {role}
                            </Badge>
                          ))}
                        </Group>
                        {account.teams?.map((team) => (
                          <Text key={`${team.organisation}:${team.role}`} size="xs" c="dimmed">
                            {team.role} at {team.organisation}
                          </Text>
                        ))}
                      </Table.Td>
                      <Table.Td>{account.disabled ? 'Disabled' : 'Active'}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={`Roles of ${account.userName}`}
                            onClick={() => setDialog({ kind: 'roles', account })}
                          >
                            Roles
                          </Button>
                          {account.disabled ? (
                            <Button
                              size="xs"
                              variant="default"
                              aria-label={`Enable ${account.userName}`}
                              onClick={() =>
                                void apply(
                                  { kind: 'enable', id: account.id },
                                  `${account.userName} can log in again.`,
                                )
                              }
                            >
                              Enable
                            </Button>
                          ) : (
                            <Button
                              size="xs"
                              variant="default"
                              c="var(--mantine-color-error)"
                              disabled={account.id === user?.id}
                              aria-label={`Disable ${account.userName}`}
                              onClick={() => setDialog({ kind: 'disable', account })}
                            >
                              Disable
                            </Button>
                          )}
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={`Password reset link for ${account.userName}`}
                            // A disabled account's link would not work: enable it first.
                            disabled={account.disabled}
                            onClick={() => setDialog({ kind: 'reset', account })}
                          >
                            Reset link
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            <Group justify="space-between" p="sm" wrap="wrap">
              <Text size="sm" c="dimmed" aria-live="polite">
                {first}–{first + accounts.data.accounts.length - 1} of {total}
              </Text>
              <PagePagination pages={pages} page={page} onChange={setPage} />
            </Group>
          </>
        )}
      </Paper>
      <RolesModal
        account={dialog?.kind === 'roles' ? dialog.account : null}
        saving={change.isPending}
        onClose={() => setDialog(null)}
        onSave={(account, roles) =>
          void apply(
            { kind: 'roles', id: account.id, roles },
            `Roles of ${account.userName} saved.`,
          )
        }
      />
      <DisableAccountModal
        account={dialog?.kind === 'disable' ? dialog.account : null}
        saving={change.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(account) =>
          void apply(
            { kind: 'disable', id: account.id },
            `${account.userName} is disabled and logged out everywhere.`,
          )
        }
      />
      <ResetLinkModal
        account={dialog?.kind === 'reset' ? dialog.account : null}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
