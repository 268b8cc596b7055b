import { vi } from 'vitest';

/**
 * Test helper: catches the files a page downloads (a blob behind an object URL, then a click on a
 * link to it), which happy-dom would otherwise try to fetch. `blobs` holds each file's content in
 * order, `clicks` each link clicked (its `download` is the file's name, its href `url`).
 */
export function catchDownloads(url = 'blob:download') {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const clicks: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this);
  });
  return { blobs, clicks };
}
