import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MAX_IMAGE_UPLOAD_BYTES, type MediaResource } from '@streethunt/shared';
import { writeSession } from '../../../api/token-store.ts';
import { MediaPicker } from './media-picker.tsx';
import { FakeXhr } from './fake-xhr.ts';
import { mockRoutes, routesCalled } from '../../../test/fetch-routes.ts';
import { renderUi } from '../../../test/render-ui.tsx';

const bridge: MediaResource = { public_id: 'images/3f2a9c0d1e4b5a69', resource_type: 'image', secure_url: '/media/images/3f2a9c0d1e4b5a69.webp' };
const tower: MediaResource = { public_id: 'images/9a8b7c6d5e4f3a21', resource_type: 'image', secure_url: '/media/images/9a8b7c6d5e4f3a21.webp' };
const fresh: MediaResource = { public_id: 'images/0011223344556677', resource_type: 'image', secure_url: '/media/images/0011223344556677.webp' };
const clip: MediaResource = { public_id: 'videos/aabbccddeeff0011', resource_type: 'video', secure_url: '/media/videos/aabbccddeeff0011.mp4' };

/** The library's code loads lazily; the first import in a test run takes a moment. */
const LOADED = { timeout: 10_000 };

const list = (...resources: MediaResource[]) => ({ body: { data: { resources } } });

function fileOf(name: string, type: string, size = 2048): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** Chooses a file through the dropzone's own file input, as the file dialog does. */
async function choose(file: File) {
  const input = screen.getByTestId('media-dropzone').querySelector<HTMLInputElement>('input[type="file"]')!;
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

/** The upload area, a button to screen readers, is there once the library's code has loaded. */
const uploadArea = (name: string) => screen.findByRole('button', { name }, LOADED);

const realXhr = globalThis.XMLHttpRequest;
beforeEach(() => writeSession({ accessToken: 'token-of-dana', role: 'user', userId: 'u1', isSelfPayment: false }));
afterEach(() => {
  globalThis.XMLHttpRequest = realXhr;
  writeSession(null);
});

describe('MediaPicker', () => {
  it('shows that nothing is chosen, lists the images in a dialog through their resized variant, and picks one', async () => {
    const fetchMock = mockRoutes({ 'GET /api/media/image': list(bridge, tower) });
    const onChange = vi.fn();
    const { t, missing } = await renderUi(<MediaPicker label="תמונת שער" type="image" value="" onChange={onChange} />);
    const picker = screen.getByRole('group', { name: 'תמונת שער' });
    expect(within(picker).getByText(t('fields.media.none.image'))).toBeTruthy();
    expect(routesCalled(fetchMock)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: t('fields.media.choose.image') }));
    const dialog = await screen.findByRole('dialog', { name: t('fields.media.dialogTitle.image') });
    const items = await within(dialog).findAllByTestId('media-item', undefined, LOADED);
    expect(items).toHaveLength(2);
    expect(items[0].querySelector('img')?.getAttribute('src')).toBe('/media/images/3f2a9c0d1e4b5a69.webp?w=480');
    expect(items[0].getAttribute('aria-label')).toBe(t('fields.media.pick', { name: bridge.public_id }));
    expect(items[0].getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(items[1]);
    expect(onChange).toHaveBeenCalledWith(tower.secure_url);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(routesCalled(fetchMock)).toEqual(['GET /api/media/image']);
    expect(missing).toEqual([]);
  });

  it('shows the chosen image, marks it in the list, and removes it', async () => {
    mockRoutes({ 'GET /api/media/image': list(bridge, tower) });
    const onChange = vi.fn();
    const { t } = await renderUi(<MediaPicker label="Cover image" type="image" value={tower.secure_url} onChange={onChange} />, 'en');
    expect(screen.getByTestId('media-current').querySelector('img')?.getAttribute('src')).toBe('/media/images/9a8b7c6d5e4f3a21.webp?w=480');
    fireEvent.click(screen.getByRole('button', { name: 'Change the image' }));
    const items = await screen.findAllByTestId('media-item', undefined, LOADED);
    expect(items.map((item) => item.getAttribute('aria-pressed'))).toEqual(['false', 'true']);
    fireEvent.click(screen.getByRole('button', { name: t('studio.close') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onChange).toHaveBeenCalledWith('');
  });

  it('lists videos for a video picker and says so when there are none', async () => {
    const fetchMock = mockRoutes({ 'GET /api/media/video': list() });
    const { t } = await renderUi(<MediaPicker label="Clip" type="video" value={clip.secure_url} onChange={vi.fn()} />, 'en');
    expect(screen.getByTestId('media-current').querySelector('video')?.getAttribute('src')).toBe(clip.secure_url);
    fireEvent.click(screen.getByRole('button', { name: 'Change the video' }));
    expect(await screen.findByText(t('fields.media.empty.video'), undefined, LOADED)).toBeTruthy();
    expect(routesCalled(fetchMock)).toEqual(['GET /api/media/video']);
  });

  it('says the list could not load, and tries again', async () => {
    const fetchMock = mockRoutes({ 'GET /api/media/image': [{ networkError: true }, list(bridge)] });
    const { t } = await renderUi(<MediaPicker label="תמונה" type="image" value="" onChange={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: t('fields.media.choose.image') }));
    expect(await screen.findByText(t('fields.media.loadFailed'), undefined, LOADED)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('studio.retry') }));
    expect(await screen.findAllByTestId('media-item')).toHaveLength(1);
    expect(routesCalled(fetchMock)).toEqual(['GET /api/media/image', 'GET /api/media/image']);
  });

  it('uploads a chosen image with a progress bar of the bytes sent, then picks the new image', async () => {
    const sent = FakeXhr.install();
    mockRoutes({ 'GET /api/media/image': [list(bridge), list(fresh, bridge)] });
    const onChange = vi.fn();
    const { t } = await renderUi(<MediaPicker label="תמונה" type="image" value="" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: t('fields.media.choose.image') }));
    await uploadArea(t('fields.media.upload.label.image'));
    await screen.findAllByTestId('media-item');

    await choose(fileOf('גשר.jpg', 'image/jpeg', 400_000));
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect([request.method, request.url]).toEqual(['POST', '/api/media/upload/']);
    expect(request.headers['x-access-token']).toBe('token-of-dana');
    const form = request.body as FormData;
    expect((form.get('file') as File).name).toBe('גשר.jpg');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');

    act(() => request.progress(200_000, 400_000));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText(t('fields.media.upload.progress', { name: 'גשר.jpg', percent: 50 }))).toBeTruthy();

    act(() => request.respond(201, { data: fresh }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(fresh.secure_url));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses a file that is not an image, or too large, before sending anything', async () => {
    const sent = FakeXhr.install();
    mockRoutes({ 'GET /api/media/image': list(bridge) });
    const { t } = await renderUi(<MediaPicker label="Picture" type="image" value="" onChange={vi.fn()} />, 'en');
    fireEvent.click(screen.getByRole('button', { name: 'Choose an image' }));
    await uploadArea('Upload an image');
    await screen.findAllByTestId('media-item');

    await choose(fileOf('notes.pdf', 'application/pdf'));
    expect(screen.getByTestId('media-upload-error').textContent).toBe(t('fields.media.upload.wrongType.image'));
    await choose(fileOf('drawing.svg', 'image/svg+xml'));
    expect(screen.getByTestId('media-upload-error').textContent).toBe(t('fields.media.upload.wrongType.image'));
    await choose(fileOf('huge.jpg', 'image/jpeg', MAX_IMAGE_UPLOAD_BYTES + 1));
    expect(screen.getByTestId('media-upload-error').textContent).toBe('The file is too large: at most 10 MB.');
    const input = screen.getByTestId('media-dropzone').querySelector<HTMLInputElement>('input[type="file"]')!;
    await act(async () => {
      fireEvent.change(input, { target: { files: [fileOf('a.jpg', 'image/jpeg'), fileOf('b.jpg', 'image/jpeg')] } });
    });
    expect(screen.getByTestId('media-upload-error').textContent).toBe(t('fields.media.upload.oneFile'));
    expect(sent).toHaveLength(0);
  });

  it('shows the server’s message when it refuses the upload, and a network failure in words', async () => {
    const sent = FakeXhr.install();
    mockRoutes({ 'GET /api/media/image': list(bridge) });
    const onChange = vi.fn();
    const { t } = await renderUi(<MediaPicker label="תמונה" type="image" value="" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: t('fields.media.choose.image') }));
    await screen.findAllByTestId('media-item', undefined, LOADED);

    await choose(fileOf('renamed.jpg', 'image/jpeg'));
    act(() => sent[0].respond(415, { message: 'not an image or a video', code: 'unsupported_media' }));
    expect((await screen.findByTestId('media-upload-error')).textContent).toBe(t('fields.media.upload.failed', { message: 'not an image or a video' }));

    await choose(fileOf('again.jpg', 'image/jpeg'));
    act(() => sent[1].fail());
    await waitFor(() => expect(screen.getByTestId('media-upload-error').textContent).toBe(t('fields.media.upload.network')));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows what the uploads take of the quota, and deletes an upload after asking (English and Hebrew)', async () => {
    const kept: MediaResource = { public_id: 'm1keep', resource_type: 'image', secure_url: '/media/uploads/u1/1111222233334444.webp' };
    const old: MediaResource = { public_id: 'm2old', resource_type: 'image', secure_url: '/media/uploads/u1/5555666677778888.webp' };
    const usage = (usedBytes: number) => ({ usedBytes, quotaBytes: 1024 * 1024 * 1024 });
    for (const language of ['en', 'he'] as const) {
      const fetchMock = mockRoutes({
        'GET /api/media/image': [{ body: { data: { resources: [kept, old], usage: usage(3 * 1024 * 1024) } } }, { body: { data: { resources: [kept], usage: usage(1024 * 1024) } } }],
        'DELETE /api/media/m2old': { body: { data: { deleted: true } } },
      });
      const { t, missing, unmount } = await renderUi(<MediaPicker label="Picture" type="image" value="" onChange={vi.fn()} />, language);
      fireEvent.click(screen.getByRole('button', { name: t('fields.media.choose.image') }));
      await screen.findAllByTestId('media-item', undefined, LOADED);
      expect(screen.getByTestId('media-usage').textContent).toBe(
        t('fields.media.usage', { used: t('fields.media.units.mb', { amount: '3' }), quota: t('fields.media.units.gb', { amount: '1' }) }),
      );

      // Asked first: keeping it sends nothing.
      fireEvent.click(screen.getByRole('button', { name: t('fields.media.delete.label', { name: 'm2old' }) }));
      fireEvent.click(await screen.findByRole('button', { name: t('fields.media.delete.cancel') }));
      expect(routesCalled(fetchMock)).not.toContain('DELETE /api/media/m2old');

      fireEvent.click(screen.getByRole('button', { name: t('fields.media.delete.label', { name: 'm2old' }) }));
      fireEvent.click(await screen.findByRole('button', { name: t('fields.media.delete.yes') }));
      await waitFor(() => expect(screen.getAllByTestId('media-item')).toHaveLength(1));
      expect(routesCalled(fetchMock)).toContain('DELETE /api/media/m2old');
      await waitFor(() => expect(screen.getByTestId('media-usage').textContent).toContain(t('fields.media.units.mb', { amount: '1' })));
      expect(missing).toEqual([]);
      unmount();
    }
  });

  it('keeps an upload a game uses, and says so', async () => {
    const used: MediaResource = { public_id: 'm3used', resource_type: 'image', secure_url: '/media/uploads/u1/9999aaaabbbbcccc.webp' };
    mockRoutes({
      'GET /api/media/image': list(used),
      'DELETE /api/media/m3used': { status: 409, body: { message: 'A game uses this file: take it out of the game first', code: 'conflict' } },
    });
    const { t } = await renderUi(<MediaPicker label="Picture" type="image" value="" onChange={vi.fn()} />, 'en');
    fireEvent.click(screen.getByRole('button', { name: 'Choose an image' }));
    await screen.findAllByTestId('media-item', undefined, LOADED);
    fireEvent.click(screen.getByRole('button', { name: t('fields.media.delete.label', { name: 'm3used' }) }));
    fireEvent.click(await screen.findByRole('button', { name: t('fields.media.delete.yes') }));
    expect((await screen.findByTestId('media-delete-error')).textContent).toBe(t('fields.media.delete.inUse'));
    expect(screen.getAllByTestId('media-item')).toHaveLength(1);
  });

  it('says in the creator’s words when the quota is full or a video cannot be read', async () => {
    const sent = FakeXhr.install();
    mockRoutes({ 'GET /api/media/video': list(clip) });
    const { t } = await renderUi(<MediaPicker label="סרטון" type="video" value="" onChange={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: t('fields.media.choose.video') }));
    await screen.findAllByTestId('media-item', undefined, LOADED);
    await choose(fileOf('walk.mp4', 'video/mp4'));
    act(() => sent[0].respond(413, { message: 'Your uploads may take at most 1 GB in all', code: 'quota' }));
    expect((await screen.findByTestId('media-upload-error')).textContent).toBe(t('fields.media.upload.quota'));
    await choose(fileOf('fake.mp4', 'video/mp4'));
    act(() => sent[1].respond(400, { message: 'This file is not a video we can read', code: 'bad_video' }));
    await waitFor(() => expect(screen.getByTestId('media-upload-error').textContent).toBe(t('fields.media.upload.badVideo')));
  });
});
