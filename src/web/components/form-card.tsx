import { Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';

interface FormCardProps {
  /** 'Property', 'Unit', ...: the heading reads 'Create Unit' or 'Edit Unit'. */
  noun: string;
  isEdit: boolean;
  isSaving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel?: () => void;
  /** The view-all list, e.g. { to: '/units', label: 'View all units' }. */
  listLink?: { to: string; label: string };
  submitDisabled?: boolean;
  children: ReactNode;
}

/**
 * The management form frame of docs/product.md section 2: heading Create or Edit, a submit button
 * that reads 'Saving...' while busy, Cancel when editing, and a link to the list.
 */
export function FormCard({
  noun,
  isEdit,
  isSaving,
  onSubmit,
  onCancel,
  listLink,
  submitDisabled,
  children,
}: FormCardProps) {
  const heading = `${isEdit ? 'Edit' : 'Create'} ${noun}`;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form onSubmit={onSubmit} noValidate aria-label={heading}>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="h3">
              {heading}
            </Title>
            {listLink ? (
              <Anchor component={Link} to={listLink.to} size="sm">
                {listLink.label}
              </Anchor>
            ) : null}
          </Group>
          {children}
          <Group gap="sm">
            <Button type="submit" loading={false} disabled={isSaving || submitDisabled}>
              {isSaving ? 'Saving...' : isEdit ? 'Save changes' : `Create ${noun}`}
            </Button>
            {isEdit && onCancel ? (
              <Button type="button" variant="default" onClick={onCancel} disabled={isSaving}>
                Cancel
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
