import { Anchor, Button, Text, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { Link } from 'react-router';
import {
  passwordResetRequestBodySchema,
  type PasswordResetRequestBody,
} from '../../../../shared/schemas/accounts';
import { StatusBanner } from '../../../components/status-banner';
import { useEntityForm } from '../../../components/use-entity-form';
import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthCard } from './auth-card';

const validateRequest = schemaResolver(passwordResetRequestBodySchema, { sync: true });

/** /forgot-password: asks the server to mail a one-time link to choose a new password. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const { form, onSubmit, busy, banner } = useEntityForm({
    initialValues: { userNameOrEmail: '' },
    validate: validateRequest,
    toBody: (values): PasswordResetRequestBody => values,
    save: (body) => request.mutateAsync(body),
    // The same answer whether or not such an account exists: the server words it.
    onSaved: ({ message }) => ({ then: 'stay', message }),
    failed: 'The request could not be sent. Please try again.',
  });

  return (
    <AuthCard
      title="Forgot password"
      onSubmit={onSubmit}
      error={banner?.kind === 'error' ? banner.message : null}
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
      {/* A refusal is the error line under the fields; the banner says the link is on its way. */}
      <StatusBanner banner={banner?.kind === 'success' ? banner : null} />
      <TextInput
        label="Username or email"
        required
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...form.getInputProps('userNameOrEmail')}
      />
      <Button type="submit" disabled={busy} fullWidth>
        {busy ? 'Sending...' : 'Email me a link'}
      </Button>
    </AuthCard>
  );
}
