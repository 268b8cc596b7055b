/** Characters no file system takes in a name, and control characters. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

/** `name` made safe for a file name (spaces become dashes, at most 80 characters); '' when nothing usable is left. */
export function fileNamePart(name: string): string {
  return name.replace(UNSAFE, '').trim().replace(/\s+/g, '-').slice(0, 80);
}

/** Hands `blob` to the browser as a download named `fileName` (made here: the calls need our token, so no plain link). */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Later, once the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
