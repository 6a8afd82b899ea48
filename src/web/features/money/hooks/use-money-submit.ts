import type { UseFormReturnType } from '@mantine/form';
import type { FormEventHandler } from 'react';
import { useBanner, type Banner } from '../../../components/status-banner';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-client';
import { notifyOutcome } from '../../../lib/notify';

export interface MoneySubmission {
  banner: Banner;
  clearBanner(): void;
  onSubmit: FormEventHandler<HTMLFormElement>;
}

/**
 * Sends a money form, never twice at once: a refusal shows in the banner and on the fields it
 * names, and the dialog stays open to correct it; success says what was recorded and closes it.
 */
export function useMoneySubmit<Values>({
  form,
  pending,
  failed,
  onDone,
  send,
}: {
  form: UseFormReturnType<Values>;
  pending: boolean;
  /** The banner's text when the server gives no reason. */
  failed: string;
  onDone(): void;
  /** Sends the values; resolves with the success message. */
  send(values: Values): Promise<string>;
}): MoneySubmission {
  const { banner, showError, clear } = useBanner();
  const onSubmit = form.onSubmit(async (values) => {
    if (pending) return;
    clear();
    try {
      notifyOutcome('success', await send(values));
      onDone();
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      showError(errorMessage(error, failed));
    }
  });
  return { banner, clearBanner: clear, onSubmit };
}
