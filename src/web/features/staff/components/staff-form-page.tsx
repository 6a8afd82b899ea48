import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { useFillFromRecord, useHandedOverSuccess, useRouteId } from '../../../lib/edit-route';
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
import { StatusBanner, useBanner } from '../../../components/status-banner';
import { toNumber, trimStrings } from '../../../lib/form-values';
import { PortalAccessPanel } from '../../invitations';
import { NoPropertiesNotice, PropertyPicker, useHasProperties } from '../../properties';
import { useStaffMember } from '../api/get-staff';
import { useSaveStaff } from '../api/save-staff';
import { staffSaveError } from '../api/staff-save-error';

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
    phone: staff.phone,
    position: staff.position,
  };
}

const validateStaff = schemaResolver(createStaffBodySchema, { sync: true });

/** /staff/create and /staff/{id}: the staff form; edit when an id is given. */
export function StaffFormPage() {
  const staffId = useRouteId();
  const isEdit = staffId !== undefined;
  const navigate = useNavigate();
  const properties = useHasProperties();
  const staff = useStaffMember(staffId);
  const save = useSaveStaff();
  const { banner, showSuccess, showError, clear } = useBanner();
  const form = useForm<StaffFormState>({
    mode: 'controlled',
    initialValues: emptyStaffForm,
    validate: (values) => validateStaff(toStaffBody(values)),
  });

  useHandedOverSuccess(showSuccess);

  const { notFound } = useFillFromRecord(staff, 'staff member', (record) => {
    form.setValues(toFormState(record));
    form.resetDirty(toFormState(record));
  });

  const handleSubmit = form.onSubmit(
    async (values) => {
      if (save.isPending) return;
      clear();
      const body = createStaffBodySchema.parse(toStaffBody(values));
      try {
        await save.mutateAsync({ id: isEdit ? staffId : undefined, body });
        const message = isEdit
          ? 'Staff member updated successfully!'
          : 'Staff member added successfully!';
        if (isEdit) {
          void navigate('/staff/create', { state: { success: message } });
        } else {
          form.setValues(emptyStaffForm);
          form.resetDirty(emptyStaffForm);
          showSuccess(message);
        }
      } catch (error) {
        showError(staffSaveError(error));
      }
    },
    (errors) => {
      if (errors.propertyId) showError(SELECT_PROPERTY_MESSAGE);
    },
  );

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
      <StatusBanner banner={banner} onClose={clear} />
      <NoPropertiesNotice properties={properties} />
      <FormCard
        noun="Staff Member"
        isEdit={isEdit}
        isSaving={save.isPending}
        onSubmit={handleSubmit}
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
              maxLength={LIMITS.phone}
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
