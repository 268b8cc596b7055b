import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MediaResource } from '@streethunt/shared';
import { writeSession } from '../../../api/token-store.ts';
import { MediaPicker } from './media-picker.tsx';
import { FakeXhr } from './fake-xhr.ts';
import { mockRoutes } from '../../../test/fetch-routes.ts';
import { renderUi } from '../../../test/render-ui.tsx';

const voice: MediaResource = { public_id: 'm1voice', resource_type: 'audio', secure_url: '/media/uploads/u1/3f2a9c0d1e4b5a69.mp3', bytes: 40_000, width: null, height: null, durationMs: 42_000 };
const fresh: MediaResource = { public_id: 'm2fresh', resource_type: 'audio', secure_url: '/media/uploads/u1/0011223344556677.ogg', bytes: 9_000, width: null, height: null, durationMs: 75_500 };

const LOADED = { timeout: 10_000 };
const list = (...resources: MediaResource[]) => ({ body: { data: { resources } } });

function fileOf(name: string, type: string, size = 2048): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
async function choose(file: File) {
  const input = screen.getByTestId('media-dropzone').querySelector<HTMLInputElement>('input[type="file"]')!;
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

const realXhr = globalThis.XMLHttpRequest;
beforeEach(() => writeSession({ accessToken: 'token-of-dana', role: 'user', userId: 'u1', isSelfPayment: false }));
afterEach(() => {
  globalThis.XMLHttpRequest = realXhr;
  writeSession(null);
});

describe('the audio recording field (MediaPicker of type audio)', () => {
  it('lists the creator’s recordings with their length, uploads one, and refuses a file too long or not a recording in their words (Hebrew)', async () => {
    const sent = FakeXhr.install();
    mockRoutes({ 'GET /api/media/audio': [list(voice), list(fresh, voice)] });
    const onChange = vi.fn();
    const { t, missing } = await renderUi(<MediaPicker label="הקלטת קול" description="תמליל" type="audio" value="" onChange={onChange} />);
    const picker = screen.getByRole('group', { name: 'הקלטת קול' });
    expect(picker.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(picker).getByText(t('fields.media.none.audio'))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: t('fields.media.choose.audio') }));
    const dialog = await screen.findByRole('dialog', { name: t('fields.media.dialogTitle.audio') });
    const [item] = await within(dialog).findAllByTestId('media-item', undefined, LOADED);
    expect(item.textContent).toBe(t('fields.media.recording.item', { length: '0:42' }));
    expect(within(dialog).getByRole('button', { name: t('fields.media.upload.label.audio') })).toBeTruthy();

    await choose(fileOf('cover.png', 'image/png'));
    expect(screen.getByTestId('media-upload-error').textContent).toBe(t('fields.media.upload.wrongType.audio'));
    expect(sent).toHaveLength(0);

    await choose(fileOf('long.mp3', 'audio/mpeg'));
    act(() => sent[0].respond(400, { message: 'A recording may be at most 10 minutes long', code: 'too_long' }));
    await waitFor(() => expect(screen.getByTestId('media-upload-error').textContent).toBe(t('fields.media.upload.tooLong')));
    await choose(fileOf('renamed.m4a', 'audio/x-m4a'));
    act(() => sent[1].respond(400, { message: 'not a recording', code: 'bad_audio' }));
    await waitFor(() => expect(screen.getByTestId('media-upload-error').textContent).toBe(t('fields.media.upload.badAudio')));

    // A voice memo whose type the browser left empty is known by its name.
    await choose(fileOf('הקדמה.ogg', ''));
    act(() => sent[2].respond(200, { data: fresh }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(fresh.secure_url));
    expect(missing).toEqual([]);
  });

  it('shows the chosen recording’s file and length, plays a preview, and removes it (English)', async () => {
    const onChange = vi.fn();
    const { t, missing } = await renderUi(<MediaPicker label="Audio recording" type="audio" value={voice.secure_url} onChange={onChange} />, 'en');
    expect(screen.getByTestId('recording-name').textContent).toBe('File: 3f2a9c0d1e4b5a69.mp3');
    expect(screen.getByTestId('recording-length').textContent).toBe(t('fields.media.recording.lengthUnknown'));
    const audio = screen.getByLabelText<HTMLAudioElement>('Listen to the recording');
    expect(audio.tagName).toBe('AUDIO');
    expect(audio.controls).toBe(true);
    expect(audio.getAttribute('src')).toBe(voice.secure_url);
    Object.defineProperty(audio, 'duration', { value: 42.4 });
    fireEvent.loadedMetadata(audio);
    expect(screen.getByTestId('recording-length').textContent).toBe('Length: 0:42');

    expect(screen.getByRole('button', { name: 'Change the recording' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('fields.media.remove') }));
    expect(onChange).toHaveBeenCalledWith('');
    expect(missing).toEqual([]);
  });
});
