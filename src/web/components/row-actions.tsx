import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { DeletionPreview } from '../../shared/schemas/deletion';
import { api, errorMessage } from '../lib/api-client';
import { notifyOutcome } from '../lib/notify';
import { queryKeys } from '../lib/query-keys';

interface RowActionsProps {
  /** What the row is, as people say it: 'unit 101 at Maple Court'. Names the buttons and the prompt. */
  name: string;
  /** Where Edit goes; omit for a row edited in place. */
  editTo?: string;
  onEdit?: () => void;
  /** The record's delete preview call, e.g. '/api/units/12/deletion'. */
  deletionPath: string;
  /** Where the records that block the delete are listed, offered when they do. */
  blockersLink?: { to: string; label: string };
  /** Deletes the row; a rejection is shown as the failure. */
  onDelete: () => Promise<unknown>;
  /** The spec's outcome texts, e.g. 'Unit deleted successfully!' and 'Failed to delete unit'. */
  deleted: string;
  failed: string;
}

/**
 * Always asked afresh: the dialog must say what a delete would do now, not when the list
 * was loaded. Title and body read the same query, so it is fetched once per opening.
 */
const deletionPreviewQuery = (path: string) =>
  queryOptions({
    queryKey: queryKeys.deletionPreview.of(path),
    queryFn: ({ signal }) => api.get<DeletionPreview>(path, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

function DeletionTitle({ path, name }: { path: string; name: string }) {
  const { data } = useQuery(deletionPreviewQuery(path));
  return data && data.blockers.length > 0 ? `Cannot delete ${name}` : `Delete ${name}?`;
}

interface DeletionBodyProps {
  path: string;
  failed: string;
  blockersLink: RowActionsProps['blockersLink'];
  close: () => void;
  confirm: () => void;
}

/** Waits for the preview, then asks to confirm, or says what must go first. */
function DeletionBody({ path, failed, blockersLink, close, confirm }: DeletionBodyProps) {
  const { data, error } = useQuery(deletionPreviewQuery(path));
  if (error) {
    return (
      <Stack>
        <Text size="sm" c="var(--mantine-color-error)">
          {errorMessage(error, failed)}
        </Text>
        <DialogButtons>
          <FocusedButton onClick={close}>Close</FocusedButton>
        </DialogButtons>
      </Stack>
    );
  }
  if (!data) {
    return (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden />
        <Text size="sm">Checking what goes with it...</Text>
      </Group>
    );
  }
  if (data.blockers.length > 0) {
    return (
      <Stack>
        {data.blockers.map((blocker) => (
          <Text key={blocker.kind} size="sm">
            {blocker.message}
          </Text>
        ))}
        <DialogButtons>
          {blockersLink ? (
            <Button component={Link} to={blockersLink.to} variant="default" onClick={close}>
              {blockersLink.label}
            </Button>
          ) : null}
          <FocusedButton onClick={close}>Close</FocusedButton>
        </DialogButtons>
      </Stack>
    );
  }
  return (
    <Stack>
      {data.removes.map((removal) => (
        <Text key={removal.kind} size="sm">
          {removal.message}
        </Text>
      ))}
      <Text size="sm">This cannot be undone.</Text>
      <DialogButtons>
        <FocusedButton onClick={close}>Cancel</FocusedButton>
        <Button color="red.8" onClick={confirm}>
          Delete
        </Button>
      </DialogButtons>
    </Stack>
  );
}

function DialogButtons({ children }: { children: ReactNode }) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      {children}
    </Group>
  );
}

/**
 * The dialog opens before the preview arrives, so its first focus is the close icon; once the
 * answer is there, focus moves to the choice that changes nothing.
 */
function FocusedButton({ onClick, children }: { onClick: () => void; children: string }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Button ref={ref} variant="default" onClick={onClick}>
      {children}
    </Button>
  );
}

/**
 * Edit and Delete for a list row. Delete opens a dialog at once, asks the server what the
 * delete would do, then names what goes with the record and asks to confirm, or says what
 * blocks it (in the server's words) and offers only Close.
 */
export function RowActions({
  name,
  editTo,
  onEdit,
  deletionPath,
  blockersLink,
  onDelete,
  deleted,
  failed,
}: RowActionsProps) {
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await onDelete();
      notifyOutcome('success', deleted);
    } catch (error) {
      // Something may have been added since the preview: the server's 409 says what.
      notifyOutcome('error', errorMessage(error, failed));
    } finally {
      setBusy(false);
    }
  }

  function askToDelete() {
    const modalId = `delete:${deletionPath}`;
    const close = () => modals.close(modalId);
    modals.open({
      modalId,
      title: <DeletionTitle path={deletionPath} name={name} />,
      closeButtonProps: { 'aria-label': 'Close dialog' },
      children: (
        <DeletionBody
          path={deletionPath}
          failed={failed}
          blockersLink={blockersLink}
          close={close}
          confirm={() => {
            close();
            void remove();
          }}
        />
      ),
    });
  }

  return (
    <>
      {editTo ? (
        <Button
          component={Link}
          to={editTo}
          size="xs"
          variant="default"
          aria-label={`Edit ${name}`}
        >
          Edit
        </Button>
      ) : onEdit ? (
        <Button size="xs" variant="default" aria-label={`Edit ${name}`} onClick={onEdit}>
          Edit
        </Button>
      ) : null}
      <Button
        size="xs"
        variant="default"
        c="var(--mantine-color-error)"
        aria-label={`Delete ${name}`}
        loading={busy}
        onClick={askToDelete}
      >
        Delete
      </Button>
    </>
  );
}
