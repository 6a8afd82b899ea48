import {
  Card,
  FileInput,
  Group,
  Image,
  NativeSelect,
  SimpleGrid,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { WorkerWorkOrder } from '../../../../shared/schemas/worker-queue';
import { errorMessage } from '../../../lib/api-client';
import { useAddWorkerPhoto } from '../api/worker-queue';

/** The work order's photos, and a before or after photo taken with the phone's camera. */
export function WorkerPhotos({ order }: { order: WorkerWorkOrder }) {
  const add = useAddWorkerPhoto(order.id);
  const [kind, setKind] = useState<'before' | 'after'>('after');
  return (
    <Card withBorder component="section" aria-labelledby="worker-order-photos">
      <Title order={2} size="h4" mb="xs" id="worker-order-photos">
        Photos
      </Title>
      {order.photos.length === 0 ? (
        <Text c="dimmed" size="sm" mb="xs">
          No photos yet.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mb="xs">
          {order.photos.map((photo, index) => (
            <Image
              key={photo.id}
              src={`/api/worker/work-orders/${order.id}/photos/${photo.id}`}
              alt={`Photo ${index + 1} (${photo.kind})`}
              radius="sm"
            />
          ))}
        </SimpleGrid>
      )}
      <Group gap="xs" align="flex-end" grow>
        <NativeSelect
          label="Photo of"
          data={[
            { value: 'before', label: 'Before the work' },
            { value: 'after', label: 'After the work' },
          ]}
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value as 'before' | 'after')}
        />
        <FileInput
          label="Add a photo"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          value={null}
          disabled={add.isPending}
          onChange={(file) => file && add.mutate({ file, kind })}
          error={add.isError ? errorMessage(add.error, 'The photo was not added') : null}
        />
      </Group>
    </Card>
  );
}
