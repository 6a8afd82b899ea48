import { Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

/** The titled frame of the login and sign-up forms, with the error line under the fields. */
export function AuthCard({
  title,
  onSubmit,
  error,
  children,
  footer,
}: {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: ReactNode;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      radius="md"
      maw={440}
      mx="auto"
      mt={{ base: 0, sm: 'xl' }}
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby="auth-form-title">
        <Stack gap="md">
          <Title order={1} size="h2" id="auth-form-title">
            {title}
          </Title>
          {children}
          <div role="alert" aria-live="assertive">
            {error ? (
              <Text c="var(--mantine-color-error)" size="sm" data-testid="form-error">
                {error}
              </Text>
            ) : null}
          </div>
          {footer}
        </Stack>
      </form>
    </Paper>
  );
}
