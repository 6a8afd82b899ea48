import {
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { MAINTENANCE_CATEGORIES, MAINTENANCE_PRIORITIES } from '../../../../shared/maintenance';
import {
  portalRequestBodySchema,
  type PortalRequestFormValues,
} from '../../../../shared/schemas/portal';
import { MAX_REQUEST_PHOTOS } from '../../../../shared/schemas/work-orders';
import { StatusBanner } from '../../../components/status-banner';
import { useEntityForm } from '../../../components/use-entity-form';
import { uploadPhoto } from '../../work-orders';
import { useFileTenantRequest } from '../api/file-request';

const validateRequest = schemaResolver(portalRequestBodySchema, { sync: true });

/** What each priority means to the tenant choosing it. */
const PRIORITY_HINTS: Record<(typeof MAINTENANCE_PRIORITIES)[number], string> = {
  Emergency: 'Emergency: flooding, no heat in winter, a gas smell, no power',
  Urgent: 'Urgent: something important does not work',
  Routine: 'Routine: it can wait a few days',
};

interface FormValues {
  title: string;
  location: string;
  category: string;
  priority: string;
  entryPermission: boolean;
  description: string;
}

const INITIAL: FormValues = {
  title: '',
  location: '',
  category: '',
  priority: 'Routine',
  entryPermission: false,
  description: '',
};

/**
 * The form a linked tenant fills to report a problem in their unit; full screen on a phone. Its
 * content is unmounted while it is closed, so each opening starts with an empty form.
 */
export function ReportProblemModal({
  opened,
  onClose,
  onSent,
}: {
  opened: boolean;
  onClose(): void;
  /** The request was filed: the page closes the dialog and says so. */
  onSent(): void;
}) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Report a problem"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <ReportProblemForm onCancel={onClose} onSent={onSent} />
    </Modal>
  );
}

function ReportProblemForm({ onCancel, onSent }: { onCancel(): void; onSent(): void }) {
  const fileRequest = useFileTenantRequest();
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const { form, onSubmit, busy, banner, clearBanner } = useEntityForm({
    initialValues: INITIAL,
    validate: (values) => validateRequest(toBody(values) as unknown as FormValues),
    toBody,
    save: async (body) => {
      // Each photo is checked and re-encoded by the server first; the request then names them.
      const photoIds: number[] = [];
      for (const photo of photos) photoIds.push((await uploadPhoto(photo)).id);
      return fileRequest.mutateAsync({ ...body, photoIds });
    },
    onSaved: () => ({ then: 'close', close: onSent }),
    failed: 'The request was not sent',
  });

  const choosePhotos = (files: File[]) => {
    setPhotoError(
      files.length > MAX_REQUEST_PHOTOS
        ? `Please choose at most ${MAX_REQUEST_PHOTOS} photos`
        : null,
    );
    setPhotos(files.slice(0, MAX_REQUEST_PHOTOS));
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Report a problem">
      <Stack gap="md">
        <StatusBanner banner={banner} onClose={clearBanner} />
        <TextInput
          label="What is wrong"
          required
          maxLength={120}
          {...form.getInputProps('title')}
        />
        <TextInput
          label="Where in the unit"
          description="For example: kitchen, under the sink"
          required
          maxLength={120}
          {...form.getInputProps('location')}
        />
        <NativeSelect
          label="Category"
          required
          data={[
            { value: '', label: 'Choose a category', disabled: true },
            ...MAINTENANCE_CATEGORIES,
          ]}
          {...form.getInputProps('category')}
        />
        <NativeSelect
          label="Priority"
          required
          data={MAINTENANCE_PRIORITIES.map((value) => ({
            value,
            label: PRIORITY_HINTS[value],
          }))}
          {...form.getInputProps('priority')}
        />
        <Checkbox
          label="You may enter when I am not home"
          {...form.getInputProps('entryPermission', { type: 'checkbox' })}
        />
        <Textarea
          label="Details"
          description="Optional: when it started, what you tried"
          autosize
          minRows={3}
          maxLength={2000}
          {...form.getInputProps('description')}
        />
        <FileInput
          label="Photos"
          description={`Optional: up to ${MAX_REQUEST_PHOTOS} photos (JPEG, PNG, WebP or HEIC, 10 MB each)`}
          multiple
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen photos' }}
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          value={photos}
          onChange={choosePhotos}
          error={photoError}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Send request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The body the server reads: an unchosen category is missing, so its message shows. */
function toBody(values: FormValues): PortalRequestFormValues {
  return {
    ...values,
    category: (values.category || undefined) as PortalRequestFormValues['category'],
    priority: values.priority as PortalRequestFormValues['priority'],
  };
}
