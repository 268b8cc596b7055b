import type { TFunction } from 'i18next';
import type { EventTeam } from '@streethunt/shared';
import { datedCsvName, toCsv } from '../../ui/studio/csv.ts';
import { fileNamePart } from '../../ui/studio/download-file.ts';

/**
 * The event's results as a CSV file: one row per team (its name, code, score, counts, start and end),
 * then each question's status in the game's order, in the interface's words.
 */
export function resultsCsv(t: TFunction<'studio'>, teams: readonly EventTeam[]): string {
  const questionCount = Math.max(0, ...teams.map((team) => team.statuses.length));
  const header = [
    t('events.teams.name'),
    t('events.teams.code'),
    t('events.teams.score'),
    t('events.results.answered'),
    t('events.results.skipped'),
    t('events.teams.hints'),
    t('events.results.started'),
    t('events.results.finished'),
    t('events.results.disqualified'),
    ...Array.from({ length: questionCount }, (_, i) => t('events.results.question', { n: i + 1 })),
  ];
  const rows = teams.map((team) => [
    team.name ?? '',
    team.code,
    String(team.score),
    String(team.answered),
    String(team.skipped),
    String(team.hints),
    team.startTime ?? '',
    team.endTime ?? '',
    team.disqualified ? t('events.results.yes') : '',
    ...Array.from({ length: questionCount }, (_, i) => t(`events.results.status.${team.statuses[i] ?? 'none'}`)),
  ]);
  return toCsv(header, rows);
}

/** `{event name}-results-{yyyy-mm-dd}.csv`. */
export const resultsFileName = (eventName: string, now = new Date()) => datedCsvName(`${fileNamePart(eventName) || 'event'}-results`, now);
