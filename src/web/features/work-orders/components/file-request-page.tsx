import { Button, Checkbox, FileInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_PRIORITIES,
  type MaintenanceCategory,
  type MaintenancePriority,
} from '../../../../shared/maintenance';
import { MAX_REQUEST_PHOTOS } from '../../../../shared/schemas/work-orders';
import { PageHeader } from '../../../components/page-header';
import { ErrorBanner } from '../../../components/page-states';
import { errorMessage } from '../../../lib/api-client';
import { uploadPhoto, useFileWorkOrder, useManagedUnits } from '../api/work-orders';
import { RequireWrite } from '../../auth';

/** A landlord files a request for one of their units (after a tenant's call, say). */
export function FileRequestPage() {
  return (
    <RequireWrite
      area="maintenance"
      doing="file work orders"
      title="Work orders"
      back={{ to: '/work-orders', label: 'Back to work orders' }}
    >
      <FileRequest />
    </RequireWrite>
  );
}

function FileRequest() {
  const navigate = useNavigate();
  const units = useManagedUnits();
  const fileOrder = useFileWorkOrder();
  const [unitId, setUnitId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [location, setLocation] = useState('');
  const [category, setCategory] = useState<MaintenanceCategory>('Plumbing');
  const [priority, setPriority] = useState<MaintenancePriority>('Routine');
  const [entryPermission, setEntryPermission] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    setUploadError(null);
    setBusy(true);
    try {
      const photoIds: number[] = [];
      for (const file of files) photoIds.push((await uploadPhoto(file)).id);
      const order = await fileOrder.mutateAsync({
        unitId: Number(unitId),
        title,
        description,
        location,
        category,
        priority,
        entryPermission,
        photoIds,
      });
      await navigate(`/work-orders/${order.id}`);
    } catch (error) {
      setUploadError(errorMessage(error, 'The request was not filed.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack maw={560}>
      <PageHeader title="File a maintenance request" />
      {uploadError ? <ErrorBanner>{uploadError}</ErrorBanner> : null}
      <Select
        label="Unit"
        required
        searchable
        data={(units.data ?? []).map((u) => ({
          value: String(u.id),
          label: `${u.propertyName}, unit ${u.unitNumber}`,
        }))}
        value={unitId}
        onChange={setUnitId}
      />
      <TextInput
        label="What is wrong"
        required
        maxLength={120}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
      />
      <TextInput
        label="Where in the unit"
        maxLength={120}
        value={location}
        onChange={(e) => setLocation(e.currentTarget.value)}
      />
      <Textarea
        label="Details"
        maxLength={2000}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
      />
      <Select
        label="Category"
        data={[...MAINTENANCE_CATEGORIES]}
        value={category}
        allowDeselect={false}
        onChange={(v) => v && setCategory(v as MaintenanceCategory)}
      />
      <Select
        label="Priority"
        data={[...MAINTENANCE_PRIORITIES]}
        value={priority}
        allowDeselect={false}
        onChange={(v) => v && setPriority(v as MaintenancePriority)}
      />
      <Checkbox
        label="Permission to enter when nobody is home"
        checked={entryPermission}
        onChange={(e) => setEntryPermission(e.currentTarget.checked)}
      />
      <FileInput
        label={`Photos (up to ${MAX_REQUEST_PHOTOS})`}
        multiple
        accept="image/jpeg,image/png,image/webp,image/heic"
        value={files}
        onChange={(chosen) => setFiles(chosen.slice(0, MAX_REQUEST_PHOTOS))}
      />
      <Button disabled={!unitId || !title.trim()} loading={busy} onClick={() => void submit()}>
        File request
      </Button>
    </Stack>
  );
}
