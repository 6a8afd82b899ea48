import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { useRef, useState, type FormEventHandler } from 'react';
import { errorMessage, fieldErrorsOf } from '../lib/api-client';
import { notifyOutcome } from '../lib/notify';
import { useBanner, type Banner, type BannerControls } from './status-banner';

/** What a form does once the server has accepted it. */
export type AfterSave<Values> =
  /** The banner says `message`; the form starts over from its first values, or from `values`. */
  | { then: 'reset'; message: string; values?: Values }
  /** The values stay; the banner says `message`, if any (else the page itself shows what follows). */
  | { then: 'stay'; message?: string }
  /** A toast says `message`; the form's place then shows what follows (e.g. 'Charged to ledger'). */
  | { then: 'toast'; message: string }
  /** A dialog's form: a toast says `message`, if any (else the page does), and `close` closes it. */
  | { then: 'close'; message?: string; close(): void };

export interface SaveFormOptions<Values, Body, Saved> {
  initialValues: Values;
  /** The shared zod schema's rules: `schemaResolver(schema, { sync: true })`, with any extra checks. */
  // Not where Values is learnt: a schema resolver takes any values.
  validate(values: NoInfer<Values>): FormErrors;
  /** The request body of the valid values (usually the shared schema's `parse`). */
  toBody(values: Values): Body;
  /**
   * Asks before an irreversible save (the shared confirmation's `ask`): resolves false to send
   * nothing and leave the form as it is.
   */
  confirm?(body: Body, values: Values): Promise<boolean>;
  /** Sends the body: the save mutation's `mutateAsync`. */
  save(body: Body): Promise<Saved>;
  onSaved(saved: Saved, body: Body): AfterSave<Values>;
  /** The banner's text when the server gives no reason; or a function that words any failure. */
  failed: string | ((error: unknown) => string);
  /** A banner message for values the client's own checks refuse (the fields always say why). */
  invalidMessage?(errors: FormErrors): string | undefined;
  /** The server's name of a field where the form's differs, e.g. { unitNumbers: 'unitNumber' }. */
  serverFields?: Record<string, string>;
  /** Shares one banner between the forms of one panel; by default each form has its own. */
  banner?: BannerControls;
}

export interface SaveForm<Values> {
  form: UseFormReturnType<Values>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** A save is on its way: the submit button says so and is disabled. */
  busy: boolean;
  banner: Banner;
  clearBanner(): void;
  showError(message: string): void;
}

/** The server's field errors of a failed save, keyed by the form's field names. */
export function serverFieldErrors(
  error: unknown,
  serverFields: Record<string, string> = {},
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrorsOf(error)).map(([field, message]) => [
      serverFields[field] ?? field,
      message,
    ]),
  );
}

/** The banner's text of a failed save: the server's message, else the form's words for it. */
export function failureMessage(error: unknown, failed: string | ((error: unknown) => string)) {
  return typeof failed === 'string' ? errorMessage(error, failed) : failed(error);
}

/**
 * Every save form's one behaviour (docs/product.md sections 2 and 5): validated by the shared
 * schema, sent never twice at once, then reset, kept or closed with the spec's message; a
 * refusal shows the server's message in the banner and its field errors beside the fields, and
 * the values stay to be corrected. It needs no router, so the visitor's page (which has none)
 * uses it too; the SPA's forms use `useEntityForm`, which adds edit routes to it.
 */
export function useSaveForm<
  // As @mantine/form's own bound: a form's values may be an interface, which has no index signature.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  Values extends Record<string, any>,
  Body,
  Saved,
>(options: SaveFormOptions<Values, Body, Saved>): SaveForm<Values> {
  const ownBanner = useBanner();
  const { banner, showSuccess, showError, clear } = options.banner ?? ownBanner;
  const sending = useRef(false);
  // While the confirmation is open nothing is on its way: the button is not shown busy.
  const [asking, setAsking] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: options.validate,
  });

  function after(outcome: AfterSave<Values>) {
    switch (outcome.then) {
      case 'reset':
        if (outcome.values) form.setInitialValues(outcome.values);
        form.reset();
        showSuccess(outcome.message);
        return;
      case 'stay':
        if (outcome.message) showSuccess(outcome.message);
        return;
      case 'toast':
        notifyOutcome('success', outcome.message);
        return;
      case 'close':
        if (outcome.message) notifyOutcome('success', outcome.message);
        outcome.close();
    }
  }

  const onSubmit = form.onSubmit(
    async (values) => {
      // A second Enter before the button is disabled must not send the form twice.
      if (sending.current) return;
      sending.current = true;
      clear();
      try {
        const body = options.toBody(values);
        if (options.confirm) {
          setAsking(true);
          const confirmed = await options.confirm(body, values).finally(() => setAsking(false));
          if (!confirmed) return;
        }
        after(options.onSaved(await options.save(body), body));
      } catch (error) {
        form.setErrors(serverFieldErrors(error, options.serverFields));
        showError(failureMessage(error, options.failed));
      } finally {
        sending.current = false;
      }
    },
    (errors) => {
      const message = options.invalidMessage?.(errors);
      if (message) showError(message);
    },
  );

  return {
    form,
    onSubmit,
    busy: form.submitting && !asking,
    banner,
    clearBanner: clear,
    showError,
  };
}
