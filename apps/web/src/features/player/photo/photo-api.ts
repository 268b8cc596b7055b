import type { PlayPhoto, Progress } from '@streethunt/shared';
import { apiRequest, ApiError, NetworkError } from '../../../api/client.ts';
import type { QueuedPhoto } from './photo-queue.ts';

/** POST /api/play-photos: the fields first, then the file (the server checks the code before reading it). */
export async function uploadPhoto(photo: QueuedPhoto): Promise<Progress> {
  const form = new FormData();
  form.append('gameId', photo.gameId);
  form.append('secretCode', photo.secretCode);
  if (photo.grant) form.append('grant', photo.grant);
  form.append('questionId', photo.questionId);
  form.append('file', photo.blob, 'photo.jpg');
  let response: Response;
  try {
    response = await fetch('/api/play-photos', { method: 'POST', body: form, headers: { accept: 'application/json' } });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : 'network error');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const { message, code } = (body ?? {}) as { message?: string; code?: string };
    throw new ApiError(response.status, code ?? 'error', message ?? response.statusText, body);
  }
  return body as Progress;
}

/** The team's own photos, with signed links to see them. */
export const myPhotos = (body: { gameId: string; secretCode: string; grant?: string }) =>
  apiRequest<{ data: PlayPhoto[] }>('/api/play-photos/mine', { method: 'POST', body });
