import { toCsv } from '../../ui/studio/csv.ts';
import { fileNamePart } from '../../ui/studio/download-file.ts';

/** One row of the Label/Data result: Game Name, Game URL, then Code-1 … Code-n (spec section 2). */
export type CodeRow = { label: string; data: string };

/** The rows as a CSV file's text: a Label,Data header in the interface's words, then the rows. */
export function codesCsv(header: CodeRow, rows: readonly CodeRow[]): string {
  return toCsv([header.label, header.data], rows.map((row) => [row.label, row.data]));
}

/** `codes-{game name}-{yyyy-mm-dd}.csv` (local date); the game's id stands in for a name that leaves nothing usable. */
export function codesCsvFileName(gameName: string, gameId: string, now = new Date()): string {
  const name = fileNamePart(gameName) || gameId;
  const date = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, '0')).join('-');
  return `codes-${name}-${date}.csv`;
}
