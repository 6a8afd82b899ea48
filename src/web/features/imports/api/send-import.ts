import type {
  ImportChoices,
  ImportKind,
  ImportProgress,
  ImportResult,
} from '../../../../shared/schemas/imports';
import { ApiError } from '../../../lib/api-client';

/** How far a call has come: the file being sent (bytes), then the server's own progress. */
export type SendProgress = { phase: 'sending'; done: number; total: number } | ImportProgress;

/** How often the server is asked how far it has come, once the file is sent. */
const POLL_MS = 500;

/** A random token naming this call (made here, so it needs no secure context). */
function progressToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function askProgress(token: string): Promise<ImportProgress | null> {
  try {
    const response = await fetch(`/api/imports/progress/${token}`, {
      credentials: 'same-origin',
    });
    return response.ok ? ((await response.json()) as ImportProgress) : null;
  } catch {
    return null;
  }
}

/**
 * Sends the file and the person's choices as multipart/form-data: to the preview (nothing is
 * written) or to the import itself (all or nothing). The file is sent again each time: the
 * server keeps nothing between the two. XMLHttpRequest, not fetch, because only it reports
 * the bytes sent of an upload; once sent, the server is asked how many rows it has done.
 */
export function sendImport(
  mode: 'preview' | 'commit',
  file: File,
  choices: ImportChoices,
  onProgress?: (progress: SendProgress) => void,
): Promise<ImportResult> {
  const form = new FormData();
  form.append('choices', JSON.stringify(choices));
  form.append('file', file);
  const token = progressToken();
  const url = `${mode === 'preview' ? '/api/imports/preview' : '/api/imports'}?progress=${token}`;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let finished = false;
    const poll = async () => {
      const progress = await askProgress(token);
      if (finished) return;
      if (progress) onProgress?.(progress);
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        onProgress?.({ phase: 'sending', done: event.loaded, total: event.total });
      }
    };
    request.upload.onload = () => {
      if (onProgress) timer = setTimeout(() => void poll(), POLL_MS);
    };
    const stop = () => {
      finished = true;
      clearTimeout(timer);
    };
    request.onload = () => {
      stop();
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as ImportResult);
      else {
        const message = (body as { message?: unknown } | null)?.message;
        reject(new ApiError(request.status, typeof message === 'string' ? message : null, body));
      }
    };
    request.onerror = () => {
      stop();
      reject(new TypeError('The file could not be sent: the connection failed'));
    };
    request.open('POST', url);
    request.send(form);
  });
}

export const templateHref = (kind: ImportKind) => `/api/imports/templates/${kind}`;
