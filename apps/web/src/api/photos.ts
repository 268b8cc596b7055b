import { playPhotoReplySchema, playPhotosReplySchema, type JudgePhotoRequest } from '@streethunt/shared';
import { apiRequest, ApiError, NetworkError } from './client.ts';
import { readToken } from './token-store.ts';

const id = encodeURIComponent;

/** The judges' side of photo tasks: the event's organiser (control room) and the creator (my active games). */
export const photosApi = {
  /** Every team's photos of an event. */
  ofEvent: async (eventId: string, signal?: AbortSignal) => (await apiRequest(`/api/events/${id(eventId)}/photos`, { signal, schema: playPhotosReplySchema })).data,

  /** The photos of the caller's games played outside events waiting for their judgement. */
  pending: async (gameId?: string, signal?: AbortSignal) =>
    (await apiRequest(`/api/play-photos/pending${gameId ? `?gameId=${id(gameId)}` : ''}`, { signal, schema: playPhotosReplySchema })).data,

  judge: async (photoId: string, body: JudgePhotoRequest) =>
    (await apiRequest(`/api/play-photos/${id(photoId)}/judge`, { method: 'POST', body, schema: playPhotoReplySchema })).data,

  /**
   * The event's photos as one zip: fetched with the session's token (a link cannot carry it), then
   * handed to the browser as a download.
   */
  downloadZip: async (eventId: string, fallbackName: string): Promise<void> => {
    let response: Response;
    try {
      const token = readToken();
      response = await fetch(`/api/events/${id(eventId)}/photos/zip`, { headers: token ? { 'x-access-token': token } : {} });
    } catch (error) {
      throw new NetworkError(error instanceof Error ? error.message : 'network error');
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
      throw new ApiError(response.status, body.code ?? 'error', body.message ?? response.statusText, body);
    }
    const named = /filename\*=UTF-8''([^;]+)/.exec(response.headers.get('content-disposition') ?? '');
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = named ? decodeURIComponent(named[1]) : fallbackName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};

export const photosKeys = {
  event: (eventId: string) => ['photos', 'event', eventId] as const,
  pending: (gameId: string | undefined) => ['photos', 'pending', gameId ?? 'all'] as const,
};
