import { Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { LIMITS } from '../../shared/constants';

/** What a listing shows beside its facts: a description and a picture (http(s) only). */
export function ListingFields({
  description,
  imageUrl,
}: {
  description: GetInputPropsReturnType;
  imageUrl: GetInputPropsReturnType;
}) {
  return (
    <>
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxLength={LIMITS.longText}
        {...description}
      />
      <TextInput
        label="Image URL"
        type="url"
        placeholder="https://..."
        maxLength={LIMITS.url}
        {...imageUrl}
      />
    </>
  );
}
