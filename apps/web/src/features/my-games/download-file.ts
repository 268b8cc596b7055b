import { downloadBlob, fileNamePart } from '../../ui/studio/download-file.ts';

/** `{game name}.streethunt.json`, or `game-{id}.streethunt.json` when the name leaves nothing usable. */
export function exportFileName(name: string, gameId: string): string {
  return `${fileNamePart(name) || `game-${gameId}`}.streethunt.json`;
}

/** Hands `data` to the browser as a JSON file download. */
export function downloadJson(fileName: string, data: unknown): void {
  downloadBlob(fileName, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
}

const MAP_TYPES = { gpx: 'application/gpx+xml', kml: 'application/vnd.google-earth.kml+xml' } as const;

/** Hands a game's map (GPX or KML text) to the browser as `{game name}.gpx` / `.kml`. */
export function downloadMap(name: string, gameId: string, format: 'gpx' | 'kml', text: string): void {
  downloadBlob(`${fileNamePart(name) || `game-${gameId}`}.${format}`, new Blob([text], { type: MAP_TYPES[format] }));
}
