import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { StatusBanner } from '../../../components/status-banner';
import type { EntityForm } from '../../../components/use-entity-form';

/** The body of every money dialog: the server's refusal on top, the fields, Cancel and the action. */
export function MoneyForm({
  label,
  submission,
  submitLabel,
  danger = false,
  onCancel,
  children,
}: {
  /** Names the form for screen readers, e.g. 'Record payment'. */
  label: string;
  submission: Pick<EntityForm<never>, 'onSubmit' | 'busy' | 'banner' | 'clearBanner'>;
  submitLabel: string;
  /** The action cannot be undone: the button is red. */
  danger?: boolean;
  onCancel(): void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={submission.onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        <StatusBanner banner={submission.banner} onClose={submission.clearBanner} />
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color={danger ? 'red.8' : undefined} loading={submission.busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
