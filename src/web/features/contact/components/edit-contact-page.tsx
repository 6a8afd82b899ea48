import { Button, Paper, Space, Stack } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { ContactFields } from '../../../components/contact-fields';
import { PageHeader } from '../../../components/page-header';
import { StatusBanner } from '../../../components/status-banner';
import { useEntityForm } from '../../../components/use-entity-form';
import { contactBodySchema, type User } from '../../../../shared/schemas/users';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import { NotificationPreferencesForm } from '../../notifications';
import { useUpdateContact } from '../api/update-contact';
import { ChangePasswordForm } from './change-password-form';
import { PaymentInstructionsForm } from './payment-instructions-form';
import { RentSettingsForm } from './rent-settings-form';
import { PublicContactForm } from './public-contact-form';
import { formatPhone } from '../../../../shared/phone-format';

const validateContact = schemaResolver(contactBodySchema, { sync: true });

/** The user's email and phone; the session's user object follows a save. */
function ContactInfoForm({ user, setUser }: { user: User; setUser(user: User): void }) {
  const update = useUpdateContact();
  const { form, onSubmit, busy, banner, clearBanner } = useEntityForm({
    initialValues: { email: user.email ?? '', phone: formatPhone(user.phone) },
    validate: validateContact,
    toBody: (values) => ({ id: user.id, ...values }),
    save: (body) => update.mutateAsync(body),
    onSaved: (updated) => {
      setUser(updated);
      return {
        then: 'reset',
        message: 'Contact information updated successfully!',
        values: { email: updated.email ?? '', phone: formatPhone(updated.phone) },
      };
    },
    // The session ended while the page was open (docs/product.md section 5's message for that case).
    failed: (error) =>
      error instanceof ApiError && error.status === 401
        ? 'Please log in to update contact information'
        : errorMessage(error, 'Failed to update contact information'),
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={520}>
      <form onSubmit={onSubmit} noValidate aria-label="Update contact information">
        <Stack gap="md">
          <StatusBanner banner={banner} onClose={clearBanner} />
          <ContactFields email={form.getInputProps('email')} phone={form.getInputProps('phone')} />
          <Button type="submit" disabled={busy} style={{ alignSelf: 'flex-start' }}>
            {busy ? 'Saving...' : 'Update Contact Info'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** /editcontact: any logged-in user changes their own email and phone (both optional). */
export function EditContactPage() {
  const { user, setUser } = useSession();

  // The route guard shows Access Denied to visitors; this only satisfies the types.
  if (!user) return null;

  return (
    <>
      <PageHeader
        title="Contact Info"
        description={`Update the email and phone of ${user.userName}.`}
      />
      <ContactInfoForm user={user} setUser={setUser} />
      {user.roles.includes('Landlord') || user.roles.includes('Admin') ? (
        <>
          <Space h="lg" />
          <PublicContactForm userId={user.id} userName={user.userName} />
          <Space h="lg" />
          <PaymentInstructionsForm userId={user.id} />
          <Space h="lg" />
          <RentSettingsForm userId={user.id} />
        </>
      ) : null}
      <Space h="lg" />
      <NotificationPreferencesForm hasEmail={Boolean(user.email)} />
      <Space h="lg" />
      <ChangePasswordForm />
    </>
  );
}
