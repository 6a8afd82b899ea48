import { Button, Checkbox, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ROLES, type Role } from '../../../../shared/constants';
import type { Account } from '../../../../shared/schemas/accounts';
import { ErrorBanner } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useIssuePasswordReset } from '../api/change-account';

const CLOSE = { 'aria-label': 'Close dialog' };

export function RolesModal({
  account,
  saving,
  onClose,
  onSave,
}: {
  account: Account | null;
  saving: boolean;
  onClose(): void;
  onSave(account: Account, roles: Role[]): void;
}) {
  const [roles, setRoles] = useState<string[]>([]);
  useEffect(() => setRoles(account?.roles ?? []), [account]);
  return (
    <Modal
      closeButtonProps={CLOSE}
      opened={account !== null}
      onClose={onClose}
      title={`Roles of ${account?.userName ?? ''}`}
    >
      <Stack>
        <Checkbox.Group value={roles} onChange={setRoles} label="Roles" description="At least one">
          <Stack gap="xs" mt="xs">
            {ROLES.map((role) => (
              <Checkbox key={role} value={role} label={role} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={saving}
            disabled={roles.length === 0}
            onClick={() =>
              account &&
              onSave(
                account,
                ROLES.filter((r) => roles.includes(r)),
              )
            }
          >
            Save roles
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function DisableAccountModal({
  account,
  saving,
  onClose,
  onConfirm,
}: {
  account: Account | null;
  saving: boolean;
  onClose(): void;
  onConfirm(account: Account): void;
}) {
  return (
    <Modal
      closeButtonProps={CLOSE}
      opened={account !== null}
      onClose={onClose}
      title={`Disable ${account?.userName ?? ''}?`}
    >
      <Stack>
        <Text size="sm">
          They are logged out everywhere at once and cannot log in until the account is enabled
          again. Their unused password-reset links stop working, and the invitations they made that
          nobody accepted yet are withdrawn.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red.9" loading={saving} onClick={() => account && onConfirm(account)}>
            Disable account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The Admin creates the link, copies it and hands it over. */
export function ResetLinkModal({ account, onClose }: { account: Account | null; onClose(): void }) {
  const issue = useIssuePasswordReset();
  const { reset } = issue;
  useEffect(() => {
    if (!account) reset();
  }, [account, reset]);
  const url = issue.data ? `${window.location.origin}${issue.data.path}` : '';
  return (
    <Modal
      closeButtonProps={CLOSE}
      opened={account !== null}
      onClose={onClose}
      title={`Password reset link for ${account?.userName ?? ''}`}
    >
      {issue.data ? (
        <Stack>
          <Text size="sm">
            Give this link to {account?.userName} yourself. It works once, until{' '}
            {formatDateTime(issue.data.expiresAt)}.
          </Text>
          <TextInput
            label="Reset link"
            value={url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
          />
          <Group justify="flex-end">
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button onClick={copy} variant={copied ? 'light' : 'filled'}>
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">
            A one-time link lets {account?.userName} choose a new password. Any earlier link of this
            account stops working.
          </Text>
          {issue.isError ? (
            <ErrorBanner>{errorMessage(issue.error, 'The link could not be created')}</ErrorBanner>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button loading={issue.isPending} onClick={() => account && issue.mutate(account.id)}>
              Create link
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
