import { Anchor, Button, NativeSelect, Text, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  DEFAULT_SIGNUP_ROLE,
  SIGNUP_ROLES,
  SIGNUP_TOAST_MS,
  type SignupRole,
} from '../../../../shared/constants';
import { signupFormSchema } from '../../../../shared/schemas/users';
import { ContactFields } from '../../../components/contact-fields';
import { useEntityForm } from '../../../components/use-entity-form';
import { errorMessage } from '../../../lib/api-client';
import { safeReturnPath, withReturnTo } from '../../../lib/return-to';
import { useSignUp, type SignUpInput } from '../api/sign-up';
import { AuthCard } from './auth-card';

const validateSignup = schemaResolver(signupFormSchema, { sync: true });
const SIGNUP_FAILED = 'Signup failed. Try a different username or stronger password.';
const SIGNUP_SUCCEEDED = 'Signup successful! Please log in.';
const TOAST_ID = 'signup-success';

const isSignupRole = (value: string | null): value is SignupRole =>
  (SIGNUP_ROLES as readonly (string | null)[]).includes(value);

export function SignupPage() {
  const navigate = useNavigate();
  // An invitation sends people here with the role it is for and the way back (`?role=&next=`).
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next'));
  const requestedRole = params.get('role');
  const signUp = useSignUp();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const { form, onSubmit, busy, banner } = useEntityForm({
    initialValues: {
      userName: '',
      email: '',
      phone: '',
      password: '',
      role: isSignupRole(requestedRole) ? requestedRole : DEFAULT_SIGNUP_ROLE,
    },
    validate: validateSignup,
    toBody: (values): SignUpInput => values,
    save: (body) => signUp.mutateAsync(body),
    onSaved: () => {
      notifications.show({
        id: TOAST_ID,
        color: 'green',
        title: SIGNUP_SUCCEEDED,
        message: null,
        autoClose: false,
        withCloseButton: true,
        closeButtonProps: { 'aria-label': 'Close notification' },
      });
      // docs/product.md section 4: after 2 seconds the toast hides and the login screen shows.
      timer.current = setTimeout(() => {
        notifications.hide(TOAST_ID);
        void navigate(withReturnTo('/login', next));
      }, SIGNUP_TOAST_MS);
      return { then: 'stay' };
    },
    // The banner holds the server's reason only: the spec's line always leads (see `error`).
    failed: (failure) => errorMessage(failure, ''),
    serverFields: { roles: 'role' },
  });

  return (
    <AuthCard
      title="Sign up"
      onSubmit={onSubmit}
      error={
        banner?.kind === 'error' ? (
          <>
            {SIGNUP_FAILED}
            {banner.message ? (
              <>
                <br />
                <span data-testid="form-error-reason">{banner.message}</span>
              </>
            ) : null}
          </>
        ) : null
      }
      footer={
        <Text size="sm">
          Already have an account?{' '}
          <Anchor
            component={Link}
            to={withReturnTo('/login', next, requestedRole ? { role: requestedRole } : {})}
          >
            Log in
          </Anchor>
        </Text>
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
      <ContactFields email={form.getInputProps('email')} phone={form.getInputProps('phone')} />
      <TextInput
        label="Password"
        type="password"
        required
        autoComplete="new-password"
        description="At least 8 characters; a few unusual words work well."
        {...form.getInputProps('password')}
      />
      <NativeSelect
        label="Role"
        required
        data={[...SIGNUP_ROLES]}
        {...form.getInputProps('role')}
      />
      {form.values.role === 'Landlord' ? (
        <Text size="sm" c="dimmed" data-testid="landlord-contact-hint">
          Your email and phone are shown with your properties in the public listings. You can hide
          either on the Contact Info page.
        </Text>
      ) : null}
      <Button type="submit" disabled={busy || signUp.isSuccess} fullWidth>
        {busy ? 'Signing Up...' : 'Sign Up'}
      </Button>
    </AuthCard>
  );
}
