import {
  mediaDeleteReplySchema,
  mediaListReplySchema,
  mediaUploadReplySchema,
  placesReplySchema,
  type PlacesReply,
  type Language,
  type MediaListReply,
  type MediaResource,
  type MediaType,
} from '@streethunt/shared';
import { ApiError, NetworkError, apiRequest } from '../../../api/client.ts';
import { readToken } from '../../../api/token-store.ts';

/** The path of the spec's upload call (with its trailing slash). */
const MEDIA_UPLOAD_PATH = '/api/media/upload/';

/** GET /api/media/{image|video}: the caller's media of one type, and what all their uploads take of their quota. */
export async function fetchMedia(type: MediaType, signal?: AbortSignal): Promise<MediaListReply['data']> {
  const reply = await apiRequest(`/api/media/${type}`, { schema: mediaListReplySchema, signal });
  return reply.data;
}

/** DELETE /api/media/{mediaId}: one of the caller's uploads that no game uses (409 conflict when one does). */
export async function deleteMedia(mediaId: string): Promise<void> {
  await apiRequest(`/api/media/${encodeURIComponent(mediaId)}`, { method: 'DELETE', schema: mediaDeleteReplySchema });
}

/**
 * GET /api/places?q=&lang=: places (or typed coordinates) matching `q`, and whether the streets search
 * is there. `submitted` (the creator pressed Enter) lets the server ask its streets-and-places service.
 */
export async function searchPlaces(q: string, lang: Language, submitted: boolean, signal?: AbortSignal): Promise<PlacesReply> {
  const query = new URLSearchParams({ q, lang, ...(submitted && { submitted: 'true' }) });
  return apiRequest(`/api/places?${query.toString()}`, { schema: placesReplySchema, signal });
}

export type UploadOptions = {
  /** Called as the body goes out, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * POST /api/media/upload/ with one file (multipart, field `file`). XMLHttpRequest rather than fetch:
 * only it reports how much of the body has been sent, which the progress bar shows.
 */
export function uploadMedia(file: File, { onProgress, signal }: UploadOptions = {}): Promise<MediaResource> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', MEDIA_UPLOAD_PATH);
    xhr.setRequestHeader('accept', 'application/json');
    const token = readToken();
    if (token) xhr.setRequestHeader('x-access-token', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = mediaUploadReplySchema.safeParse(body);
        if (parsed.success) resolve(parsed.data.data);
        else reject(new ApiError(xhr.status, 'bad_reply', 'unexpected reply', body));
        return;
      }
      const { message, code } = (typeof body === 'object' && body !== null ? body : {}) as { message?: string; code?: string };
      reject(new ApiError(xhr.status, code ?? 'error', message ?? xhr.statusText, body));
    };
    xhr.onerror = () => reject(new NetworkError('network error'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
