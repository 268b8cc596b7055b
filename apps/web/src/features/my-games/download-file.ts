/** Characters no file system takes in a name, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

/** `{game name}.streethunt.json`, or `game-{id}.streethunt.json` when the name leaves nothing usable. */
export function exportFileName(name: string, gameId: string): string {
  const base = name.replace(UNSAFE, '').trim().replace(/\s+/g, '-').slice(0, 80) || `game-${gameId}`;
  return `${base}.streethunt.json`;
}

/** Hands `data` to the browser as a JSON file download (the export call needs our token, so no plain link). */
export function downloadJson(fileName: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Later, once the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
