import { Anchor, Button, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  passwordResetRequestBodySchema,
  type PasswordResetRequestBody,
} from '../../../../shared/schemas/accounts';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { errorMessage } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthCard } from './auth-card';

const validateRequest = schemaResolver(passwordResetRequestBodySchema, { sync: true });

/** /forgot-password: asks the server to mail a one-time link to choose a new password. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const { banner, showSuccess, clear } = useBanner();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PasswordResetRequestBody>({
    initialValues: { userNameOrEmail: '' },
    validate: validateRequest,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    if (request.isPending) return;
    setError(null);
    clear();
    try {
      const { message } = await request.mutateAsync(values);
      showSuccess(message);
    } catch (failure) {
      setError(errorMessage(failure, 'The request could not be sent. Please try again.'));
    }
  });

  return (
    <AuthCard
      title="Forgot password"
      onSubmit={handleSubmit}
      error={error}
      footer={
        <Text size="sm">
          Remembered it?{' '}
          <Anchor component={Link} to="/login">
            Log in
          </Anchor>
        </Text>
      }
    >
      <Text size="sm" c="dimmed">
        Enter your username or the email of your account. We will email you a link to choose a new
        password.
      </Text>
      <StatusBanner banner={banner} />
      <TextInput
        label="Username or email"
        required
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...form.getInputProps('userNameOrEmail')}
      />
      <Button type="submit" disabled={request.isPending} fullWidth>
        {request.isPending ? 'Sending...' : 'Email me a link'}
      </Button>
    </AuthCard>
  );
}
