import type { ImportChoices, ImportKind, ImportResult } from '../../../../shared/schemas/imports';
import { ApiError } from '../../../lib/api-client';

/**
 * Sends the file and the person's choices as multipart/form-data: to the preview (nothing is
 * written) or to the import itself (all or nothing). The file is sent again each time: the
 * server keeps nothing between the two.
 */
export async function sendImport(
  mode: 'preview' | 'commit',
  file: File,
  choices: ImportChoices,
): Promise<ImportResult> {
  const form = new FormData();
  form.append('choices', JSON.stringify(choices));
  form.append('file', file);
  const response = await fetch(mode === 'preview' ? '/api/imports/preview' : '/api/imports', {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
  });
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) throw new ApiError(response.status, body?.message ?? null, body);
  return body as ImportResult;
}

export const templateHref = (kind: ImportKind) => `/api/imports/templates/${kind}`;
