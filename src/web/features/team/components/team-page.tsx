import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import type {
  CreatedMemberInvitation,
  Member,
  MemberInvitation,
} from '../../../../shared/schemas/organisations';
import type { Property } from '../../../../shared/schemas/properties';
import { useConfirmation } from '../../../components/confirm-dialog';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/page-states';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-client';
import { notifyOutcome } from '../../../lib/notify';
import { useSession } from '../../auth/session';
import {
  useCreateMemberInvitation,
  useRemoveMember,
  useRenameOrganisation,
  useRevokeMemberInvitation,
  useTeam,
  useTeamProperties,
  useUpdateMember,
} from '../api/team';
import { AccessFields, propertiesLabel, propertyIdsOf, type Access } from './access-fields';

/** Invitation and join times are instants: the reader's own time zone. */
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const formatDay = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : day.format(date);
};

const nameOf = (member: Member) => member.displayName ?? member.userName;

/**
 * /settings/team (docs/product.md section 32): who works in the organisation, with which role
 * and properties, and the invitations still open. Everyone reads it; only an Owner changes it.
 */
export function TeamPage() {
  const { can } = useSession();
  const team = useTeam();
  const properties = useTeamProperties();
  const owner = can('members', 'write');

  if (team.isPending) return <LoadingState label="Loading the team..." />;
  if (team.isError) {
    return (
      <>
        <PageHeader title="Team" />
        <ErrorBanner>{errorMessage(team.error, 'The team could not be loaded')}</ErrorBanner>
      </>
    );
  }

  const { organisation, members, invitations } = team.data;
  const pending = invitations.filter((invitation) => invitation.state === 'pending');
  return (
    <Stack gap="lg">
      <PageHeader
        title="Team"
        description={`The people who work in ${organisation.name}, and what each may do.`}
      />
      {owner ? null : (
        <Alert variant="light" color="gray" data-testid="team-read-only">
          Only an Owner can invite people or change their roles.
        </Alert>
      )}
      {owner ? <RenameOrganisation name={organisation.name} /> : null}
      <MembersTable
        members={members}
        properties={properties.data}
        organisationName={organisation.name}
        owner={owner}
      />
      {owner ? <InviteForm properties={properties.data} /> : null}
      <PendingInvitations invitations={pending} properties={properties.data} owner={owner} />
    </Stack>
  );
}

function RenameOrganisation({ name }: { name: string }) {
  const rename = useRenameOrganisation();
  const [value, setValue] = useState(name);
  const changed = value.trim() !== name;
  return (
    <Group
      component="form"
      align="flex-end"
      gap="sm"
      onSubmit={(event) => {
        event.preventDefault();
        rename.mutate(value.trim(), {
          onSuccess: () => notifyOutcome('success', 'Organisation renamed'),
        });
      }}
    >
      <TextInput
        label="Organisation name"
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        maxLength={120}
        error={
          rename.isError
            ? (fieldErrorsOf(rename.error).name ??
              errorMessage(rename.error, 'The name could not be saved'))
            : undefined
        }
        w={{ base: '100%', sm: 320 }}
      />
      <Button type="submit" variant="default" disabled={!changed} loading={rename.isPending}>
        Rename
      </Button>
    </Group>
  );
}

function MembersTable({
  members,
  properties,
  organisationName,
  owner,
}: {
  members: Member[];
  properties: Property[] | undefined;
  organisationName: string;
  owner: boolean;
}) {
  const [editing, setEditing] = useState<Member | null>(null);
  const remove = useRemoveMember();
  const { ask, dialog } = useConfirmation();
  const headingId = useId();

  async function removeMember(member: Member) {
    const name = nameOf(member);
    const confirmed = await ask({
      title: `Remove ${name}?`,
      happens: [`${name} loses access to ${organisationName} at once; their sessions end.`],
      cannotUndo: 'To bring them back, invite them again.',
      confirmLabel: 'Remove',
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(member.id, {
      onSuccess: () => notifyOutcome('success', `${name} removed`),
      onError: (error) => notifyOutcome('error', errorMessage(error, `Failed to remove ${name}`)),
    });
  }

  const columns: Column<Member>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (member) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{nameOf(member)}</Text>
          {member.isYou ? (
            <Badge size="sm" variant="light">
              You
            </Badge>
          ) : null}
        </Group>
      ),
      sortValue: nameOf,
    },
    { key: 'email', header: 'Email', render: (member) => member.email ?? '—' },
    { key: 'role', header: 'Role', render: (member) => member.role, sortValue: (m) => m.role },
    {
      key: 'properties',
      header: 'Properties',
      render: (member) => propertiesLabel(member.propertyIds, properties),
    },
    {
      key: 'joined',
      header: 'Joined',
      render: (member) => formatDay(member.joinedAt),
      sortValue: (member) => member.joinedAt,
    },
  ];

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Members
      </Title>
      <DataTable
        caption="Members"
        rows={members}
        columns={columns}
        rowKey={(member) => member.id}
        empty={{ title: 'No members yet' }}
        actions={
          owner
            ? (member) => (
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setEditing(member)}
                    aria-label={`Change ${nameOf(member)}'s access`}
                  >
                    Change
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    onClick={() => void removeMember(member)}
                    aria-label={`Remove ${nameOf(member)}`}
                  >
                    Remove
                  </Button>
                </Group>
              )
            : undefined
        }
      />
      {editing ? (
        <EditMemberDialog
          member={editing}
          properties={properties}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {dialog}
    </Stack>
  );
}

function EditMemberDialog({
  member,
  properties,
  onClose,
}: {
  member: Member;
  properties: Property[] | undefined;
  onClose(): void;
}) {
  const update = useUpdateMember();
  const [access, setAccess] = useState<Access>({
    role: member.role,
    allProperties: member.propertyIds === null,
    propertyIds: (member.propertyIds ?? []).map(String),
  });
  const fieldErrors = update.isError ? fieldErrorsOf(update.error) : {};
  const name = nameOf(member);

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Change ${name}'s access`}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!access.role) return;
          update.mutate(
            { id: member.id, role: access.role, propertyIds: propertyIdsOf(access) },
            {
              onSuccess: () => {
                notifyOutcome('success', `${name}'s access changed`);
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <AccessFields
            value={access}
            onChange={setAccess}
            properties={properties}
            errors={fieldErrors}
          />
          {update.isError ? (
            <ErrorBanner>
              {errorMessage(update.error, `Failed to change ${name}'s access`)}
            </ErrorBanner>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!access.role}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const NO_ACCESS: Access = { role: '', allProperties: true, propertyIds: [] };

function InviteForm({ properties }: { properties: Property[] | undefined }) {
  const create = useCreateMemberInvitation();
  const [access, setAccess] = useState<Access>(NO_ACCESS);
  const [email, setEmail] = useState('');
  const [roleMissing, setRoleMissing] = useState(false);
  const [created, setCreated] = useState<CreatedMemberInvitation | null>(null);
  const headingId = useId();
  const fieldErrors = create.isError ? fieldErrorsOf(create.error) : {};

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          Invite someone
        </Title>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!access.role) {
              setRoleMissing(true);
              return;
            }
            create.mutate(
              {
                role: access.role,
                email: email.trim() || null,
                propertyIds: propertyIdsOf(access),
              },
              {
                onSuccess: (invitation) => {
                  setCreated(invitation);
                  setAccess(NO_ACCESS);
                  setEmail('');
                },
              },
            );
          }}
        >
          <Stack gap="sm" maw={480}>
            <AccessFields
              value={access}
              onChange={(next) => {
                setAccess(next);
                if (next.role) setRoleMissing(false);
              }}
              properties={properties}
              errors={{
                role: roleMissing ? 'Choose a role' : fieldErrors.role,
                propertyIds: fieldErrors.propertyIds,
              }}
            />
            <TextInput
              label="Email"
              description="Optional: the link is also mailed here when this server sends mail"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={fieldErrors.email}
            />
            {create.isError ? (
              <ErrorBanner>
                {errorMessage(create.error, 'The invitation could not be made')}
              </ErrorBanner>
            ) : null}
            <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
              Create invitation link
            </Button>
          </Stack>
        </form>
        {created ? <CreatedLink invitation={created} /> : null}
      </Stack>
    </Paper>
  );
}

function CreatedLink({ invitation }: { invitation: CreatedMemberInvitation }) {
  const link = `${window.location.origin}${invitation.path}`;
  return (
    <Alert variant="light" color="green">
      <Stack gap="xs">
        {/* Mantine's green title is below 4.5:1 on the light green background: dark text passes. */}
        <Text size="sm" fw={600}>
          Invitation link ready
        </Text>
        <Text size="sm" role="status">
          Send this link to the person you invite as {invitation.role}. It works once, until{' '}
          {formatDay(invitation.expiresAt)}, and is not shown again.
        </Text>
        <Text
          size="sm"
          ff="monospace"
          style={{ overflowWrap: 'anywhere' }}
          data-testid="member-invitation-link"
        >
          {link}
        </Text>
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              onClick={copy}
              variant={copied ? 'default' : 'filled'}
              style={{ alignSelf: 'flex-start' }}
            >
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Alert>
  );
}

function PendingInvitations({
  invitations,
  properties,
  owner,
}: {
  invitations: MemberInvitation[];
  properties: Property[] | undefined;
  owner: boolean;
}) {
  const revoke = useRevokeMemberInvitation();
  const headingId = useId();
  const columns: Column<MemberInvitation>[] = [
    { key: 'role', header: 'Role', render: (invitation) => invitation.role },
    { key: 'email', header: 'Email', render: (invitation) => invitation.email ?? '—' },
    {
      key: 'properties',
      header: 'Properties',
      render: (invitation) => propertiesLabel(invitation.propertyIds, properties),
    },
    { key: 'invitedBy', header: 'Invited by', render: (invitation) => invitation.invitedBy ?? '—' },
    { key: 'expires', header: 'Expires', render: (invitation) => formatDay(invitation.expiresAt) },
  ];
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Pending invitations
      </Title>
      {invitations.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState title="No pending invitations">
            {owner ? 'Invitations you create wait here until they are accepted.' : null}
          </EmptyState>
        </Paper>
      ) : (
        <DataTable
          caption="Pending invitations"
          rows={invitations}
          columns={columns}
          rowKey={(invitation) => invitation.id}
          empty={{ title: 'No pending invitations' }}
          actions={
            owner
              ? (invitation) => (
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    loading={revoke.isPending && revoke.variables === invitation.id}
                    aria-label={`Revoke the ${invitation.role} invitation${invitation.email ? ` to ${invitation.email}` : ''}`}
                    onClick={() =>
                      revoke.mutate(invitation.id, {
                        onSuccess: () => notifyOutcome('success', 'Invitation revoked'),
                        onError: (error) =>
                          notifyOutcome(
                            'error',
                            errorMessage(error, 'Failed to revoke the invitation'),
                          ),
                      })
                    }
                  >
                    Revoke
                  </Button>
                )
              : undefined
          }
        />
      )}
    </Stack>
  );
}
