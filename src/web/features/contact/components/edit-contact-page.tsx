import { Button, Paper, Space, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ContactFields } from '../../../components/contact-fields';
import { PageHeader } from '../../../components/page-header';
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { contactBodySchema } from '../../../../shared/schemas/users';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../auth/session';
import { NotificationPreferencesForm } from '../../notifications';
import { useUpdateContact } from '../api/update-contact';
import { ChangePasswordForm } from './change-password-form';
import { PublicContactForm } from './public-contact-form';

const validateContact = schemaResolver(contactBodySchema, { sync: true });

/** /editcontact: any logged-in user changes their own email and phone (both optional). */
export function EditContactPage() {
  const { user, setUser } = useSession();
  const update = useUpdateContact();
  const { banner, showSuccess, showError, clear } = useBanner();
  const form = useForm({
    initialValues: { email: user?.email ?? '', phone: user?.phone ?? '' },
    validate: validateContact,
  });

  // The route guard shows Access Denied to visitors; this only satisfies the types.
  if (!user) return null;

  const handleSubmit = form.onSubmit(async (values) => {
    if (update.isPending) return;
    clear();
    try {
      const updated = await update.mutateAsync({ id: user.id, ...values });
      setUser(updated);
      form.setValues({ email: updated.email ?? '', phone: updated.phone ?? '' });
      form.resetDirty();
      showSuccess('Contact information updated successfully!');
    } catch (error) {
      // The session ended while the page was open (docs/product.md section 5's message for that case).
      if (error instanceof ApiError && error.status === 401) {
        showError('Please log in to update contact information');
      } else {
        showError(errorMessage(error, 'Failed to update contact information'));
      }
    }
  });

  return (
    <>
      <PageHeader
        title="Contact Info"
        description={`Update the email and phone of ${user.userName}.`}
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={520}>
        <form onSubmit={handleSubmit} noValidate aria-label="Update contact information">
          <Stack gap="md">
            <StatusBanner banner={banner} onClose={clear} />
            <ContactFields
              email={form.getInputProps('email')}
              phone={form.getInputProps('phone')}
            />
            <Button type="submit" disabled={update.isPending} style={{ alignSelf: 'flex-start' }}>
              {update.isPending ? 'Saving...' : 'Update Contact Info'}
            </Button>
          </Stack>
        </form>
      </Paper>
      {user.roles.includes('Landlord') || user.roles.includes('Admin') ? (
        <>
          <Space h="lg" />
          <PublicContactForm userId={user.id} />
        </>
      ) : null}
      <Space h="lg" />
      <NotificationPreferencesForm hasEmail={Boolean(user.email)} />
      <Space h="lg" />
      <ChangePasswordForm />
    </>
  );
}
