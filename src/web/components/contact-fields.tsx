import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { MAX_PHONE_INPUT } from '../../shared/phone-numbers';

/** A person's optional email and phone, as sign-up and Contact Info ask for them. */
export function ContactFields({
  email,
  phone,
}: {
  email: GetInputPropsReturnType;
  phone: GetInputPropsReturnType;
}) {
  return (
    <>
      <TextInput
        label="Email"
        type="email"
        placeholder="Optional"
        autoComplete="email"
        {...email}
      />
      <TextInput
        label="Phone"
        type="tel"
        placeholder="Optional"
        autoComplete="tel"
        maxLength={MAX_PHONE_INPUT}
        {...phone}
      />
    </>
  );
}
