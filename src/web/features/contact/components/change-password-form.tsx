import { Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { passwordChangeBodySchema } from '../../../../shared/schemas/accounts';
import { StatusBanner } from '../../../components/status-banner';
import { useEntityForm } from '../../../components/use-entity-form';
import { useChangePassword } from '../api/change-password';

const validatePasswords = schemaResolver(passwordChangeBodySchema, { sync: true });

/** The current password proves it is the user; their other sessions end on success. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const { form, onSubmit, busy, banner, clearBanner } = useEntityForm({
    initialValues: { currentPassword: '', newPassword: '' },
    validate: validatePasswords,
    toBody: (values) => passwordChangeBodySchema.parse(values),
    save: (body) => change.mutateAsync(body),
    onSaved: () => ({
      then: 'reset',
      message: 'Password changed. You were logged out everywhere else.',
    }),
    failed: 'Failed to change password',
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={520}>
      <form onSubmit={onSubmit} noValidate aria-label="Change password">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4">
              Change password
            </Title>
            <Text size="sm" c="dimmed">
              Your other sessions end, on every device.
            </Text>
          </div>
          <StatusBanner banner={banner} onClose={clearBanner} />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New password"
            description="At least 8 characters, not easy to guess"
            autoComplete="new-password"
            required
            {...form.getInputProps('newPassword')}
          />
          <Button type="submit" disabled={busy} style={{ alignSelf: 'flex-start' }}>
            {busy ? 'Saving...' : 'Change password'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
