import { Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { passwordChangeBodySchema } from '../../../../shared/schemas/accounts';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';

const validatePasswords = schemaResolver(passwordChangeBodySchema, { sync: true });

/** The current password proves it is the user; their other sessions end on success. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const { banner, showSuccess, showError, clear } = useBanner();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '' },
    validate: validatePasswords,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    if (change.isPending) return;
    clear();
    try {
      await change.mutateAsync(values);
      form.reset();
      showSuccess('Password changed. You were logged out everywhere else.');
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      showError(errorMessage(error, 'Failed to change password'));
    }
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={520}>
      <form onSubmit={handleSubmit} noValidate aria-label="Change password">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4">
              Change password
            </Title>
            <Text size="sm" c="dimmed">
              Your other sessions end, on every device.
            </Text>
          </div>
          <StatusBanner banner={banner} onClose={clear} />
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
          <Button type="submit" disabled={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {change.isPending ? 'Saving...' : 'Change password'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
