import { useNavigate } from 'react-router';
import { useFillFromRecord, useHandedOverSuccess } from '../lib/edit-route';
import { useBanner } from './status-banner';
import { useSaveForm, type AfterSave, type SaveForm, type SaveFormOptions } from './use-save-form';

/** What a routed form does once the server has accepted it: as any form, or go elsewhere. */
export type AfterEntitySave<Values> =
  | AfterSave<Values>
  /**
   * Goes to `to`, handing `message` over, if any, to be shown there once: an edit returns to
   * create mode, a login to where the user was going.
   */
  | { then: 'return'; to: string; message?: string };

interface EntityFormOptions<Values, Body, Saved, Loaded> extends Omit<
  SaveFormOptions<Values, Body, Saved>,
  'onSaved'
> {
  /** An edit route's record: it fills the form once loaded, and a 404 makes `notFound` true. */
  record?: {
    query: { data: Loaded | undefined; error: unknown };
    /** Names the record in the log when it fails to load, e.g. 'unit'. */
    label: string;
    toValues(record: Loaded): Values;
  };
  onSaved(saved: Saved, body: Body): AfterEntitySave<Values>;
}

export interface EntityForm<Values> extends SaveForm<Values> {
  /** The route names no record the caller may edit (always false without `record`). */
  notFound: boolean;
}

const NOTHING_LOADED = { data: undefined, error: null };

/**
 * A form of the SPA's pages: `useSaveForm`'s one behaviour, plus the router's part. An edit
 * route's form is filled from its record and shows the message an edit handed over on
 * returning to create mode; a save may go to another page.
 */
export function useEntityForm<
  // As @mantine/form's own bound: a form's values may be an interface, which has no index signature.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  Values extends Record<string, any>,
  Body,
  Saved,
  Loaded = never,
>(options: EntityFormOptions<Values, Body, Saved, Loaded>): EntityForm<Values> {
  const ownBanner = useBanner();
  const banner = options.banner ?? ownBanner;
  const navigate = useNavigate();
  const submission = useSaveForm({
    ...options,
    banner,
    onSaved: (saved, body) => {
      const outcome = options.onSaved(saved, body);
      if (outcome.then !== 'return') return outcome;
      const state = outcome.message ? { success: outcome.message } : undefined;
      void navigate(outcome.to, { state });
      return { then: 'stay' };
    },
  });

  const { record } = options;
  useHandedOverSuccess(record ? banner.showSuccess : undefined);
  const { notFound } = useFillFromRecord(
    record?.query ?? NOTHING_LOADED,
    record?.label ?? '',
    (loaded) => {
      if (!record) return;
      const values = record.toValues(loaded);
      submission.form.setInitialValues(values);
      submission.form.setValues(values);
    },
  );

  return { ...submission, notFound: record !== undefined && notFound };
}
