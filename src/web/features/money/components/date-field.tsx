import { TextInput, type TextInputProps } from '@mantine/core';

/** A required calendar date, written YYYY-MM-DD as the API takes it. */
export function DateField(props: TextInputProps) {
  return <TextInput type="date" required {...props} />;
}
