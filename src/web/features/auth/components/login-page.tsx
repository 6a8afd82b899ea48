import { Anchor, Button, Code, Text, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { Link, useSearchParams } from 'react-router';
import { loginFieldsSchema, type LoginBody } from '../../../../shared/schemas/users';
import { useEntityForm } from '../../../components/use-entity-form';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { safeReturnPath, withReturnTo } from '../../../lib/return-to';
import { useServerFeatures } from '../api/get-features';
import { useLogIn } from '../api/log-in';
import { useSession } from '../session';
import { AuthCard } from './auth-card';

const validateLogin = schemaResolver(loginFieldsSchema, { sync: true });
/** docs/product.md section 8: any failure (wrong details, failed user lookup, network) reads the same. */
const LOGIN_FAILED = 'Wrong username or password';

export function LoginPage() {
  const { setUser } = useSession();
  // `?next=` brings the user back where they came from (an invitation), on this site only.
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next'));
  const role = params.get('role');
  const logIn = useLogIn();
  // 'Forgot password?' only where the server can mail a link.
  const features = useServerFeatures();
  const { form, onSubmit, busy, banner } = useEntityForm({
    initialValues: { userName: '', password: '' },
    validate: validateLogin,
    toBody: (values): LoginBody => values,
    save: (body) => logIn.mutateAsync(body),
    onSaved: (user) => {
      setUser(user);
      return { then: 'return', to: next ?? '/' };
    },
    // A disabled account is told so (only once its password was right); all else reads the same.
    failed: (failure) =>
      failure instanceof ApiError && failure.status === 403
        ? errorMessage(failure, LOGIN_FAILED)
        : LOGIN_FAILED,
  });

  return (
    <AuthCard
      title="Log in"
      onSubmit={onSubmit}
      error={banner?.kind === 'error' ? banner.message : null}
      footer={
        <>
          {features.data?.freshInstall ? (
            <Text size="sm" c="dimmed" data-testid="demo-data-hint">
              A new install with no accounts yet: sign up, or load demo data with{' '}
              <Code>npm run seed -- --demo</Code> (see the README).
            </Text>
          ) : null}
          {features.data?.passwordResetByEmail ? (
            <Text size="sm">
              <Anchor component={Link} to="/forgot-password">
                Forgot password?
              </Anchor>
            </Text>
          ) : null}
          <Text size="sm">
            No account yet?{' '}
            <Anchor component={Link} to={withReturnTo('/signup', next, role ? { role } : {})}>
              Sign up
            </Anchor>
          </Text>
        </>
      }
    >
      <TextInput
        label="Username"
        required
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...form.getInputProps('userName')}
      />
      <TextInput
        label="Password"
        type="password"
        required
        autoComplete="current-password"
        {...form.getInputProps('password')}
      />
      <Button type="submit" disabled={busy} fullWidth>
        {busy ? 'Logging in...' : 'Log in'}
      </Button>
    </AuthCard>
  );
}
