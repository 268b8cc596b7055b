import { describe, expect, it } from 'vitest';
import { MAX_AUDIO_UPLOAD_BYTES, MAX_IMAGE_UPLOAD_BYTES, MAX_VIDEO_UPLOAD_BYTES } from '@streethunt/shared';
import { checkMediaFile, mediaTypeOf } from './media-file-check.ts';

describe('checkMediaFile', () => {
  it('tells images from videos by MIME type, and takes no SVG, PDF, other video format or unnamed type', () => {
    expect(['image/jpeg', 'image/PNG', 'image/webp', 'image/gif', 'image/avif'].map((type) => mediaTypeOf({ type }))).toEqual(Array(5).fill('image'));
    expect(['video/mp4', 'video/webm', 'video/quicktime'].map((type) => mediaTypeOf({ type }))).toEqual(Array(3).fill('video'));
    expect(['image/svg+xml', 'application/pdf', '', 'text/html', 'video/x-matroska', 'constructor'].map((type) => mediaTypeOf({ type }))).toEqual(Array(6).fill(null));
  });

  it('lets a file of the right type up to its cap through', () => {
    expect(checkMediaFile({ type: 'image/jpeg', size: MAX_IMAGE_UPLOAD_BYTES }, 'image')).toBeNull();
    expect(checkMediaFile({ type: 'video/mp4', size: MAX_VIDEO_UPLOAD_BYTES }, 'video')).toBeNull();
  });

  it('refuses the other type, and a byte over the cap, naming the cap in MB', () => {
    expect(checkMediaFile({ type: 'video/mp4', size: 10 }, 'image')).toEqual({ reason: 'wrongType', type: 'image' });
    expect(checkMediaFile({ type: 'image/png', size: 10 }, 'video')).toEqual({ reason: 'wrongType', type: 'video' });
    expect(checkMediaFile({ type: 'image/png', size: MAX_IMAGE_UPLOAD_BYTES + 1 }, 'image')).toEqual({ reason: 'tooLarge', type: 'image', maxMegabytes: 10 });
    // A 50 MB video is fine, though far over the image cap.
    expect(checkMediaFile({ type: 'video/webm', size: 50 * 1024 * 1024 }, 'video')).toBeNull();
    expect(checkMediaFile({ type: 'video/webm', size: MAX_VIDEO_UPLOAD_BYTES + 1 }, 'video')).toEqual({ reason: 'tooLarge', type: 'video', maxMegabytes: 100 });
  });

  it('takes recordings (mp3, m4a, ogg) by MIME type, or by name when the browser gives none, up to 20 MB', () => {
    expect(['audio/mpeg', 'audio/mp3', 'audio/mp4', 'audio/x-m4a', 'audio/ogg', 'audio/opus'].map((type) => mediaTypeOf({ type }))).toEqual(Array(6).fill('audio'));
    expect(mediaTypeOf({ type: '', name: 'voice.OGG' })).toBe('audio');
    expect(mediaTypeOf({ type: '', name: 'voice.wav' })).toBeNull();
    expect(mediaTypeOf({ type: 'audio/wav', name: 'voice.mp3' })).toBeNull();
    expect(checkMediaFile({ type: 'audio/mpeg', size: MAX_AUDIO_UPLOAD_BYTES }, 'audio')).toBeNull();
    expect(checkMediaFile({ type: 'audio/mpeg', size: MAX_AUDIO_UPLOAD_BYTES + 1 }, 'audio')).toEqual({ reason: 'tooLarge', type: 'audio', maxMegabytes: 20 });
    expect(checkMediaFile({ type: 'video/mp4', size: 10 }, 'audio')).toEqual({ reason: 'wrongType', type: 'audio' });
  });
});
