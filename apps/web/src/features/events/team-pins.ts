/** One team on the map: where it last was, the label it is known by, and how far it is. */
export type TeamPin = { id: string; label: string; lat: number; lng: number; state: 'notStarted' | 'playing' | 'finished' };

/** The teams of a tapped circle, each once (the list under the map). */
export function clusterTeams(ids: readonly string[]): string[] {
  return [...new Set(ids.filter(Boolean))];
}
