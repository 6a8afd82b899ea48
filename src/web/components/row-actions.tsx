import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../lib/api-client';
import { notifyOutcome } from '../lib/notify';

interface RowActionsProps {
  /** What the row is, as people say it: 'unit 101 at Maple Court'. Names the buttons and the prompt. */
  name: string;
  /** Where Edit goes; omit for a row edited in place. */
  editTo?: string;
  onEdit?: () => void;
  /** Deletes the row; a rejection is shown as the failure. */
  onDelete: () => Promise<unknown>;
  /** The spec's outcome texts, e.g. 'Unit deleted successfully!' and 'Failed to delete unit'. */
  deleted: string;
  failed: string;
}

/** Edit and Delete for a list row; Delete asks first, in a dialog that names what goes. */
export function RowActions({ name, editTo, onEdit, onDelete, deleted, failed }: RowActionsProps) {
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await onDelete();
      notifyOutcome('success', deleted);
    } catch (error) {
      notifyOutcome('error', errorMessage(error, failed));
    } finally {
      setBusy(false);
    }
  }

  function confirmDelete() {
    modals.openConfirmModal({
      title: `Delete ${name}?`,
      children: <Text size="sm">This cannot be undone.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.8' },
      onConfirm: () => void remove(),
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
        c="red.9"
        aria-label={`Delete ${name}`}
        loading={busy}
        onClick={confirmDelete}
      >
        Delete
      </Button>
    </>
  );
}
