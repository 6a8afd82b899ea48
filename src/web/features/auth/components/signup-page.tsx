import { Anchor, Button, NativeSelect, Text, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { invitationCodeParamsSchema } from '../../../../shared/schemas/invitations';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SIGNUP_ROLES, SIGNUP_TOAST_MS, type SignupRole } from '../../../../shared/constants';
import { signupFormSchema } from '../../../../shared/schemas/users';
import { ContactFields } from '../../../components/contact-fields';
import { useEntityForm } from '../../../components/use-entity-form';
import { errorMessage } from '../../../lib/api-client';
import { safeReturnPath, withReturnTo } from '../../../lib/return-to';
import { useSignUp, type SignUpInput } from '../api/sign-up';
import { useLogIn } from '../api/log-in';
import { useSession } from '../session';
import { useInvitationByCode } from '../../invitations';
import { AuthCard } from './auth-card';

const validateSignup = schemaResolver(signupFormSchema, { sync: true });
const SIGNUP_FAILED = 'Signup failed. Try a different username or stronger password.';
const SIGNUP_SUCCEEDED = 'Signup successful! Please log in.';
const TOAST_ID = 'signup-success';
const SIGNED_UP_AND_IN = 'Signup successful! You are logged in.';

/** The roles, after an empty choice that cannot be chosen back once a role is picked. */
const ROLE_OPTIONS = [
  { value: '', label: 'Choose your role', disabled: true },
  ...SIGNUP_ROLES.map((role) => ({ value: role, label: role })),
];

const isSignupRole = (value: string | null): value is SignupRole =>
  (SIGNUP_ROLES as readonly (string | null)[]).includes(value);

/** The invitation a sign-up came from (`?invitation=CODE`), when the code has a code's shape. */
function invitationCodeOf(value: string | null): string | null {
  const parsed = invitationCodeParamsSchema.safeParse({ code: value });
  return parsed.success ? parsed.data.code : null;
}

export function SignupPage() {
  const navigate = useNavigate();
  const { setUser } = useSession();
  // An invitation sends people here with its code (`?invitation=`): the role it is for, the
  // email it was sent to, and the way back to it. Other links may bring `?role=&next=`.
  const [params] = useSearchParams();
  const returnPath = safeReturnPath(params.get('next'));
  // The login page's 'Sign up' carries an invitation's page as `next`: the same invitation.
  const code = invitationCodeOf(
    params.get('invitation') ?? /^\/invitations\/([^/?#]+)$/.exec(returnPath ?? '')?.[1] ?? null,
  );
  const invitation = useInvitationByCode(code ?? '', { enabled: code !== null });
  const invitedRole = invitation.data
    ? invitation.data.kind === 'staff'
      ? 'Maintenance'
      : 'Tenant'
    : null;
  const next = code ? `/invitations/${code}` : returnPath;
  const requestedRole = params.get('role') ?? invitedRole;
  const signUp = useSignUp();
  const logIn = useLogIn();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const { form, onSubmit, busy, banner } = useEntityForm({
    initialValues: {
      userName: '',
      email: '',
      phone: '',
      password: '',
      // No role to start with (unless a link says which): a person who skims the form must not
      // become a Tenant by default (docs/product.md section 2).
      role: isSignupRole(requestedRole) ? requestedRole : ('' as SignupRole | ''),
    },
    validate: validateSignup,
    // Validated before this runs: parsing gives the chosen role its type.
    toBody: (values): SignUpInput => ({
      ...values,
      role: signupFormSchema.shape.role.parse(values.role),
    }),
    save: (body) => signUp.mutateAsync(body),
    onSaved: (_user, body) => {
      // From an invitation: logged in at once and back to accept it. Should the login fail
      // (too many attempts), the usual way follows: the login screen, then back.
      if (code) {
        logIn.mutateAsync({ userName: body.userName.trim(), password: body.password }).then(
          (user) => {
            setUser(user);
            notifications.show({ color: 'green', message: SIGNED_UP_AND_IN });
            void navigate(next!);
          },
          () => thenLogIn(),
        );
        return { then: 'stay' };
      }
      thenLogIn();
      return { then: 'stay' };
    },
    // The banner holds the server's reason only: the spec's line always leads (see `error`).
    failed: (failure) => errorMessage(failure, ''),
    serverFields: { roles: 'role' },
  });

  // The invitation's email and role fill the form once known; what the person typed stays.
  const invitedEmail = invitation.data?.email;
  useEffect(() => {
    if (invitedEmail && form.getValues().email === '') form.setFieldValue('email', invitedEmail);
    if (invitedRole && !isSignupRole(params.get('role'))) form.setFieldValue('role', invitedRole);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the invitation arrives
  }, [invitedEmail, invitedRole]);

  function thenLogIn() {
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
  }

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
      <NativeSelect label="Role" required data={ROLE_OPTIONS} {...form.getInputProps('role')} />
      {form.values.role === 'Landlord' ? (
        <Text size="sm" c="dimmed" data-testid="landlord-contact-hint">
          Your email and phone are shown with your properties in the public listings. You can hide
          either on the Contact Info page.
        </Text>
      ) : null}
      <Button type="submit" disabled={busy || signUp.isSuccess} fullWidth>
        {busy || logIn.isPending ? 'Signing Up...' : 'Sign Up'}
      </Button>
    </AuthCard>
  );
}
