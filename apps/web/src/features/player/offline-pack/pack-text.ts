import type { TFunction } from 'i18next';
import type { PackMediaKind } from '@streethunt/shared';

/** A size as people read it: kB under a megabyte, MB with one decimal above; kept left-to-right inside a Hebrew line ('1.7 MB', not 'MB 1.7'). */
export function formatBytes(bytes: number, language: string): string {
  const megabytes = bytes >= 1_000_000;
  const size = new Intl.NumberFormat(language, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: megabytes ? 1 : 0,
  }).format(megabytes ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)));
  // Left-to-right isolate … pop directional isolate.
  return `\u2066${size}\u2069`;
}

/** How many pictures, recordings and videos: a picture kept in two widths is one picture. */
export function countByKind(media: readonly { url: string; kind: PackMediaKind }[]): Record<PackMediaKind, number> {
  const counts: Record<PackMediaKind, number> = { image: 0, audio: 0, video: 0 };
  const seen = new Set<string>();
  for (const { url, kind } of media) {
    const file = url.split('?')[0];
    if (seen.has(file)) continue;
    seen.add(file);
    counts[kind]++;
  }
  return counts;
}

/** '9 stops, 14 images, 1 recording, map': what a pack holds, in the player's language. */
export function packParts(t: TFunction, stops: number, counts: Record<PackMediaKind, number>, hasMap: boolean): string {
  return [
    t('stops', { count: stops }),
    counts.image > 0 && t('images', { count: counts.image }),
    counts.audio > 0 && t('audio', { count: counts.audio }),
    counts.video > 0 && t('videos', { count: counts.video }),
    hasMap && t('map'),
  ]
    .filter(Boolean)
    .join(', ');
}

/** 'All 9 stops ready offline', or '7 of 9 stops ready offline: 2 images missing'. */
export function coverageLine(t: TFunction, stops: number, stopsReady: number, missing: Record<PackMediaKind, number>): string {
  if (stopsReady === stops) return t('allReady', { count: stops });
  const parts = [
    missing.image > 0 && t('missingImages', { count: missing.image }),
    missing.audio > 0 && t('missingAudio', { count: missing.audio }),
    missing.video > 0 && t('missingVideos', { count: missing.video }),
  ].filter(Boolean);
  return t('partReady', { ready: stopsReady, total: stops, missing: parts.join(', ') });
}
