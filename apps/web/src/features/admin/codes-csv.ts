import Papa from 'papaparse';

/** One row of the Label/Data result: Game Name, Game URL, then Code-1 … Code-n (spec section 2). */
export type CodeRow = { label: string; data: string };

/** The Game URL row's value: the site's origin + /game/{gameId} (spec section 2). */
export function gameUrlOf(gameId: string, origin = window.location.origin): string {
  return `${origin}/game/${gameId}`;
}

/** Excel reads a CSV as UTF-8 (and so shows Hebrew) only when it starts with a byte-order mark. */
const BOM = '\uFEFF';

/** The rows as a CSV file's text: a Label,Data header in the interface's words, then the rows. */
export function codesCsv(header: CodeRow, rows: readonly CodeRow[]): string {
  return BOM + Papa.unparse({ fields: [header.label, header.data], data: rows.map((row) => [row.label, row.data]) });
}

/** Characters no file system takes in a name, and control characters. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

/** `codes-{game name}-{yyyy-mm-dd}.csv` (local date); the game's id stands in for a name that leaves nothing usable. */
export function codesCsvFileName(gameName: string, gameId: string, now = new Date()): string {
  const name = gameName.replace(UNSAFE, '').trim().replace(/\s+/g, '-').slice(0, 80) || gameId;
  const date = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, '0')).join('-');
  return `codes-${name}-${date}.csv`;
}

/** Hands `text` to the browser as a CSV download (made here, so a Blob and a link rather than a URL). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Later, once the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
