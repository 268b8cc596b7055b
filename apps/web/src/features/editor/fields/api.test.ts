import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../api/token-store.ts';
import { ApiError, NetworkError } from '../../../api/client.ts';
import { searchPlaces, uploadMedia } from './api.ts';
import { mockRoutes, routesCalled } from '../../../test/fetch-routes.ts';
import { FakeXhr } from './fake-xhr.ts';

const realXhr = globalThis.XMLHttpRequest;
afterEach(() => {
  globalThis.XMLHttpRequest = realXhr;
  writeSession(null);
});

const resource = { public_id: 'videos/aabbccddeeff0011', resource_type: 'video', secure_url: '/media/videos/aabbccddeeff0011.mp4' };

describe('uploadMedia', () => {
  it('posts the file as multipart field `file`, reports the share sent, and resolves with the new resource', async () => {
    const sent = FakeXhr.install();
    writeSession({ accessToken: 'tok', role: 'user', userId: 'u1', isSelfPayment: false });
    const onProgress = vi.fn();
    const file = new File(['abc'], 'clip.mp4', { type: 'video/mp4' });
    const done = uploadMedia(file, { onProgress });
    const [xhr] = sent;
    expect([xhr.method, xhr.url, xhr.headers['x-access-token']]).toEqual(['POST', '/api/media/upload/', 'tok']);
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    xhr.progress(1, 4);
    xhr.progress(4, 4);
    expect(onProgress.mock.calls.map(([fraction]) => fraction)).toEqual([0.25, 1]);
    xhr.respond(200, { data: resource });
    await expect(done).resolves.toEqual(resource);
  });

  it('sends no token when signed out, and rejects with the server’s message and code', async () => {
    const sent = FakeXhr.install();
    const done = uploadMedia(new File(['x'], 'a.png', { type: 'image/png' }));
    expect(sent[0].headers['x-access-token']).toBeUndefined();
    sent[0].respond(413, { message: 'The file is larger than 10 MB', code: 'too_large' });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'too_large', message: 'The file is larger than 10 MB' });
  });

  it('rejects a reply of the wrong shape, a dropped connection, and an abort', async () => {
    const sent = FakeXhr.install();
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const odd = uploadMedia(file);
    sent[0].respond(200, { data: { url: '/x' } });
    await expect(odd).rejects.toMatchObject({ code: 'bad_reply' });

    const dropped = uploadMedia(file);
    sent[1].fail();
    await expect(dropped).rejects.toBeInstanceOf(NetworkError);

    const controller = new AbortController();
    const aborted = uploadMedia(file, { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent[2].aborted).toBe(true);
  });
});

describe('searchPlaces', () => {
  it('asks with the text and the language (and submitted, when it was), and returns the places and the streets search’s state', async () => {
    const place = { name: 'תל אביב-יפו', detail: 'ישראל', lat: 32.08, lng: 34.78, source: 'gazetteer' };
    const fetchMock = mockRoutes({
      'GET /api/places?q=%D7%AA%D7%9C+%D7%90&lang=he': { body: { data: [place], upstream: 'on' } },
      'GET /api/places?q=%D7%AA%D7%9C+%D7%90&lang=he&submitted=true': { body: { data: [place], upstream: 'down' } },
    });
    await expect(searchPlaces('תל א', 'he', false)).resolves.toEqual({ data: [place], upstream: 'on' });
    await expect(searchPlaces('תל א', 'he', true)).resolves.toEqual({ data: [place], upstream: 'down' });
    expect(routesCalled(fetchMock)).toHaveLength(2);
  });
});
