import { Anchor, Button, Text, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { passwordResetBodySchema } from '../../../../shared/schemas/accounts';
import { LoadingState, MessagePage } from '../../../components/page-states';
import { useEntityForm } from '../../../components/use-entity-form';
import { errorMessage } from '../../../lib/api-client';
import { usePasswordReset, useResetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';

const resetFormSchema = passwordResetBodySchema
  .extend({ confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    message: 'The passwords do not match',
    path: ['confirm'],
  });
const validateReset = schemaResolver(resetFormSchema, { sync: true });

/** /reset-password/:code: the one-time link an Admin handed over. */
export function ResetPasswordPage() {
  const code = useParams().code ?? '';
  const info = usePasswordReset(code);
  const reset = useResetPassword(code);
  const { form, onSubmit, busy, banner } = useEntityForm({
    initialValues: { password: '', confirm: '' },
    validate: validateReset,
    toBody: ({ password }) => password,
    save: (password) => reset.mutateAsync(password),
    // The page itself turns into 'Password changed'.
    onSaved: () => ({ then: 'stay' }),
    failed: 'The password could not be changed',
  });

  if (info.isPending) return <LoadingState label="Checking the link..." />;
  if (info.isError) {
    return (
      <MessagePage title="This link does not work">
        {errorMessage(info.error, 'This password reset link is not valid.')}
      </MessagePage>
    );
  }
  if (reset.isSuccess) {
    return (
      <MessagePage title="Password changed">
        You can now{' '}
        <Anchor component={Link} to="/login">
          log in
        </Anchor>{' '}
        with your new password.
      </MessagePage>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      onSubmit={onSubmit}
      error={banner?.kind === 'error' ? banner.message : null}
      footer={
        <Text size="sm" c="dimmed">
          For the account {info.data.userName}. Every device logged in to it is logged out.
        </Text>
      }
    >
      {/* Lets password managers file the new password under the right account. */}
      <input type="hidden" name="username" autoComplete="username" value={info.data.userName} />
      <TextInput
        label="New password"
        type="password"
        required
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
      <TextInput
        label="Repeat the new password"
        type="password"
        required
        autoComplete="new-password"
        {...form.getInputProps('confirm')}
      />
      <Button type="submit" disabled={busy} fullWidth>
        {busy ? 'Saving...' : 'Set new password'}
      </Button>
    </AuthCard>
  );
}
