import type { GameLocation, GameReply, Point } from '../schemas/game.ts';
import { boundsOf, padBounds, tileCount, tilesInBounds, tileUrl, type Bounds } from '../geo/tiles.ts';
import { IMAGE_WIDTHS, mediaKeyFromUrl, mediaUrl, snapImageWidth, type ImageWidth } from '../media/image-variants.ts';
import { recordingKeyFromUrl } from '../media/recordings.ts';

/**
 * What 'Save for offline' keeps of a game (DESIGN.md section 14), worked out before anything is
 * downloaded: the media the screens will ask for, at this phone's size, and the map tiles the tile
 * server's policy lets us fetch in bulk.
 */

/** `seen`: the tile server forbids bulk downloads (OpenStreetMap's own); `area`: it allows them. */
export const TILE_OFFLINE_MODES = ['seen', 'area'] as const;
export type TileOfflineMode = (typeof TILE_OFFLINE_MODES)[number];

/** The cache a game's pack lives in; the service worker answers from every cache. */
export const PACK_CACHE_PREFIX = 'pack-';
export const packCacheName = (gameId: string) => `${PACK_CACHE_PREFIX}${gameId}`;
/** The pack's own record inside its cache: its format, name, size and date. */
export const PACK_RECORD_URL = '/__pack__.json';
/** Raised when what a pack keeps, or how, changes: an older pack is deleted and made again, never mixed. */
export const PACK_FORMAT_VERSION = 1;

/** The player's map opens at 15 (game-map.tsx); a walker zooms in a step or two, rarely out. */
export const PACK_ZOOMS = [14, 15, 16, 17] as const;
/** Around the game's areas: a wrong turn still has its street on the map. */
const PACK_MARGIN_METERS = 300;
/** A tile as OpenStreetMap-style servers draw a city: about 20 KB, a little more than most. */
export const TILE_BYTES_ESTIMATE = 20_000;
/** No pack brings more map than this. */
export const PACK_TILE_BYTES_CAP = 50_000_000;

/** The intro cover's width on screen at a phone's width (intro-view.tsx: 100vw less 2rem of padding). */
const COVER_PADDING_PX = 32;

export type PackMediaKind = 'image' | 'audio' | 'video';
type PackMedia = { url: string; kind: PackMediaKind; /** The question it belongs to, or null for the intro and the end. */ stop: number | null };

export type PackPlan = {
  gameId: string;
  media: PackMedia[];
  tiles: string[];
  /** The zooms the tiles are for (the highest dropped while over the cap). */
  zooms: number[];
  /** True when a zoom was dropped to keep the map under the cap. */
  zoomDropped: boolean;
  tileMode: TileOfflineMode;
  stops: number;
};

export type PackPlanInput = {
  game: GameReply;
  /** The phone's screen: CSS pixels wide and its pixel ratio. */
  screenWidth: number;
  pixelRatio: number;
  tileTemplate: string;
  tileMode: TileOfflineMode;
};

// `src="…"` and `poster="…"` of the rich texts' <img>, <audio>, <video> and <source> (content is cleaned HTML).
const MEDIA_TAG = /<(img|audio|video|source)\b[^<>]*>/gi;
const MEDIA_ATTRIBUTE = /\s(src|poster)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

function decodeAttribute(value: string): string {
  return value.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'").trim();
}

/** Our own media of one piece of rich text, in order: only `/media/…` (a game shows only media uploaded here). */
export function mediaInHtml(html: string): { url: string; kind: PackMediaKind }[] {
  const found: { url: string; kind: PackMediaKind }[] = [];
  for (const tag of html.matchAll(MEDIA_TAG)) {
    const name = tag[1].toLowerCase();
    for (const attribute of tag[0].matchAll(MEDIA_ATTRIBUTE)) {
      const url = decodeAttribute(attribute[2] ?? attribute[3] ?? '');
      if (!mediaKeyFromUrl(url.split('?')[0])) continue;
      const kind: PackMediaKind = attribute[1].toLowerCase() === 'poster' || name === 'img' ? 'image' : name === 'audio' ? 'audio' : url.match(/\.(mp3|m4a|ogg|oga|wav)(\?|$)/i) ? 'audio' : 'video';
      found.push({ url, kind });
    }
  }
  return found;
}

/** Every string inside a value (a question with its hints and answer texts). */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((item) => stringsIn(item, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => stringsIn(item, out));
  return out;
}

/**
 * The widths of a srcset image as the browser takes them for `cssWidth` on screen: the listed width
 * at or above the pixels needed, and on a dense screen also the one below (Chromium takes the smaller
 * one when the screen's density is nearer to it).
 */
export function widthsFor(cssWidth: number, pixelRatio: number): ImageWidth[] {
  const needed = Math.ceil(cssWidth * pixelRatio);
  const above = snapImageWidth(needed);
  const below = [...IMAGE_WIDTHS].reverse().find((w) => w < needed && w < above);
  return pixelRatio > 1 && below ? [below, above] : [above];
}

function locationPoints(location: GameLocation | null | undefined): Point[] {
  if (!location) return [];
  return Array.isArray(location) ? location : [location];
}

/** The game's areas and start point, grown by the margin; null for a game with no place at all. */
function gameBounds(game: GameReply): Bounds | null {
  const points = [...locationPoints(game.metadata.location), ...(game.questions ?? []).flatMap((q) => locationPoints(q.location))];
  const bounds = boundsOf(points);
  return bounds && padBounds(bounds, PACK_MARGIN_METERS);
}

/** The zooms whose tiles fit under the cap, dropping the highest first. */
export function zoomsUnderCap(bounds: Bounds, zooms: readonly number[] = PACK_ZOOMS): number[] {
  const kept = [...zooms];
  const bytes = () => kept.reduce((sum, z) => sum + tileCount(bounds, z), 0) * TILE_BYTES_ESTIMATE;
  while (kept.length > 0 && bytes() > PACK_TILE_BYTES_CAP) kept.pop();
  return kept;
}

export function planPack({ game, screenWidth, pixelRatio, tileTemplate, tileMode }: PackPlanInput): PackPlan {
  const media: PackMedia[] = [];
  const seen = new Set<string>();
  const add = (url: string, kind: PackMediaKind, stop: number | null) => {
    if (seen.has(url)) return;
    seen.add(url);
    media.push({ url, kind, stop });
  };
  const coverKey = mediaKeyFromUrl(game.metadata.coverImage.trim());
  if (coverKey) for (const width of widthsFor(screenWidth - COVER_PADDING_PX, pixelRatio)) add(mediaUrl(coverKey, width), 'image', null);
  // The creator's recordings (DESIGN.md section 16): the intro's, each question's and each hint's.
  const recording = (url: string | undefined, stop: number | null) => {
    const key = url ? recordingKeyFromUrl(url) : null;
    if (key) add(mediaUrl(key), 'audio', stop);
  };
  recording(game.metadata.audio, null);
  for (const text of [game.introPage.content, game.gameoverPage.content]) for (const m of mediaInHtml(text)) add(m.url, m.kind, null);
  (game.questions ?? []).forEach((question, index) => {
    recording(question.audio, index);
    for (const hint of question.hints) recording(hint.audio, index);
    for (const text of stringsIn(question)) if (text.includes('<')) for (const m of mediaInHtml(text)) add(m.url, m.kind, index);
  });

  const bounds = tileMode === 'area' && game.metadata.map ? gameBounds(game) : null;
  const zooms = bounds ? zoomsUnderCap(bounds) : [];
  const tiles = bounds ? zooms.flatMap((z) => tilesInBounds(bounds, z).map((tile) => tileUrl(tileTemplate, tile))) : [];
  return {
    gameId: game._id,
    media,
    tiles,
    zooms,
    zoomDropped: Boolean(bounds) && zooms.length < PACK_ZOOMS.length,
    tileMode,
    stops: game.questions?.length ?? 0,
  };
}
