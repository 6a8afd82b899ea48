import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { useNavigate } from 'react-router';
import { useRouteId } from '../../../lib/edit-route';
import { LIMITS } from '../../../../shared/constants';
import {
  createStaffBodySchema,
  SELECT_PROPERTY_MESSAGE,
  type Staff,
} from '../../../../shared/schemas/staff';
import { FormCard } from '../../../components/form-card';
import { HistoryPanel } from '../../../components/history-panel';
import { PageHeader } from '../../../components/page-header';
import { NotFoundState } from '../../../components/page-states';
import { StatusBanner } from '../../../components/status-banner';
import { useEntityForm } from '../../../components/use-entity-form';
import { toNumber, trimStrings } from '../../../lib/form-values';
import { PortalAccessPanel } from '../../invitations';
import { NoPropertiesNotice, PropertyPicker, useHasProperties } from '../../properties';
import { useStaffMember } from '../api/get-staff';
import { useSaveStaff } from '../api/save-staff';
import { staffSaveError } from '../api/staff-save-error';
import { MAX_PHONE_INPUT } from '../../../../shared/phone-numbers';
import { formatPhone } from '../../../../shared/phone-format';
import { RequireWrite } from '../../auth';

type StaffFormState = {
  propertyId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  position: string;
};

const emptyStaffForm: StaffFormState = {
  propertyId: '0',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  position: '',
};

/** docs/product.md section 5: values are trimmed before sending; property 0 means none chosen. */
function toStaffBody(values: StaffFormState) {
  return { ...trimStrings(values), propertyId: toNumber(values.propertyId) };
}

function toFormState(staff: Staff): StaffFormState {
  return {
    propertyId: String(staff.propertyId),
    firstName: staff.firstName,
    lastName: staff.lastName,
    email: staff.email,
    phone: formatPhone(staff.phone),
    position: staff.position,
  };
}

const validateStaff = schemaResolver(createStaffBodySchema, { sync: true });

/** /staff/create and /staff/{id}: the staff form; edit when an id is given. */
export function StaffFormPage() {
  return (
    <RequireWrite
      area="maintenance"
      doing="add or edit staff"
      title="Staff"
      back={{ to: '/staff', label: 'Back to staff' }}
    >
      <StaffForm />
    </RequireWrite>
  );
}

function StaffForm() {
  const staffId = useRouteId();
  const isEdit = staffId !== undefined;
  const navigate = useNavigate();
  const properties = useHasProperties();
  const staff = useStaffMember(staffId);
  const save = useSaveStaff();
  const { form, onSubmit, busy, notFound, banner, clearBanner } = useEntityForm({
    initialValues: emptyStaffForm,
    validate: (values) => validateStaff(toStaffBody(values)),
    record: { query: staff, label: 'staff member', toValues: toFormState },
    toBody: (values) => createStaffBodySchema.parse(toStaffBody(values)),
    save: (body) => save.mutateAsync({ id: staffId, body }),
    onSaved: () =>
      isEdit
        ? { then: 'return', to: '/staff/create', message: 'Staff member updated successfully!' }
        : { then: 'reset', message: 'Staff member added successfully!' },
    failed: staffSaveError,
    invalidMessage: (errors) => (errors.propertyId ? SELECT_PROPERTY_MESSAGE : undefined),
  });

  const noProperties = properties.data === false;

  if (notFound) {
    return (
      <>
        <PageHeader title="Staff" />
        <NotFoundState
          noun="Staff member"
          back={{ to: '/staff', label: 'Back to staff' }}
          create={{ to: '/staff/create', label: 'Add a staff member' }}
        />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader title="Staff" description="People who work at your properties." />
      <StatusBanner banner={banner} onClose={clearBanner} />
      <NoPropertiesNotice properties={properties} />
      <FormCard
        noun="Staff Member"
        isEdit={isEdit}
        isSaving={busy}
        onSubmit={onSubmit}
        onCancel={() => void navigate('/staff/create')}
        listLink={{ to: '/staff', label: 'View all staff' }}
        submitDisabled={noProperties || !properties.isSuccess || (isEdit && staff.isPending)}
      >
        <Stack gap="sm">
          <PropertyPicker
            value={form.values.propertyId}
            onChange={(propertyId) => form.setFieldValue('propertyId', propertyId)}
            error={form.errors.propertyId}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="First name"
              required
              autoComplete="off"
              maxLength={LIMITS.staffName}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              required
              autoComplete="off"
              maxLength={LIMITS.staffName}
              {...form.getInputProps('lastName')}
            />
            <TextInput
              label="Email"
              type="email"
              required
              autoComplete="off"
              maxLength={LIMITS.staffEmail}
              {...form.getInputProps('email')}
            />
            <TextInput
              label="Phone"
              type="tel"
              required
              autoComplete="off"
              maxLength={MAX_PHONE_INPUT}
              {...form.getInputProps('phone')}
            />
          </SimpleGrid>
          <TextInput
            label="Position"
            required
            maxLength={LIMITS.staffPosition}
            {...form.getInputProps('position')}
          />
        </Stack>
      </FormCard>
      {staffId !== undefined ? (
        <PortalAccessPanel
          record="staff"
          id={staffId}
          name={staff.data ? `${staff.data.firstName} ${staff.data.lastName}` : undefined}
        />
      ) : null}
      {staffId !== undefined ? <HistoryPanel resource="staff" id={staffId} /> : null}
    </Stack>
  );
}
