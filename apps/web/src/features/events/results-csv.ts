import type { TFunction } from 'i18next';
import { photoPoints, questionResult, rankTeams, type EventTeam } from '@streethunt/shared';
import { datedCsvName, toCsv } from '../../ui/studio/csv.ts';
import { fileNamePart } from '../../ui/studio/download-file.ts';

/** A team's photo on a question, as the control room has it (null: none). */
const photoOf = (team: EventTeam, index: number) => team.photos?.[index] ?? null;

/** What a photo earned (photoPoints: as the score counts it), nothing while it waits. */
function photoCell(photo: ReturnType<typeof photoOf>): string {
  return !photo || photo.status === 'pending' ? '' : String(photoPoints(photo));
}

/**
 * The event's results as a CSV file: one row per team in the ranking's order (its rank, name, code,
 * score, counts, start and end; the teams out of the ranking after, without a rank), then what became
 * of each question in the game's order, in the interface's words (questionResult: a photo is answered
 * once accepted), and the points of each photo question's photo.
 */
export function resultsCsv(t: TFunction<'studio'>, teams: readonly EventTeam[]): string {
  const questionCount = Math.max(0, ...teams.map((team) => team.statuses.length));
  const photoQuestions = Array.from({ length: questionCount }, (_, i) => i).filter((i) => teams.some((team) => photoOf(team, i) !== null));
  const header = [
    t('events.results.rank'),
    t('events.teams.name'),
    t('events.teams.code'),
    t('events.teams.score'),
    t('events.results.answered'),
    t('events.results.skipped'),
    t('events.teams.hints'),
    t('events.results.wrongAttempts'),
    t('events.results.started'),
    t('events.results.finished'),
    t('events.results.disqualified'),
    ...Array.from({ length: questionCount }, (_, i) => t('events.results.question', { n: i + 1 })),
    ...photoQuestions.map((i) => t('events.results.photoPoints', { n: i + 1 })),
  ];
  const ranking = rankTeams(teams);
  const rankOf = new Map(ranking.map((row) => [row.teamId, row.rank]));
  const order = new Map(ranking.map((row, i) => [row.teamId, i]));
  const inOrder = [...teams].sort((a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity));
  const rows = inOrder.map((team) => [
    String(rankOf.get(team.id) ?? ''),
    team.name ?? '',
    team.code,
    String(team.score),
    String(team.answered),
    String(team.skipped),
    String(team.hints),
    String(team.wrongAttempts ?? 0),
    team.startTime ?? '',
    team.endTime ?? '',
    team.disqualified ? t('events.results.yes') : '',
    ...Array.from({ length: questionCount }, (_, i) => {
      const photo = photoOf(team, i);
      return t(`events.results.result.${questionResult({ status: team.statuses[i] ?? null, hints: [], ...(photo && { photo }) })}`);
    }),
    ...photoQuestions.map((i) => photoCell(photoOf(team, i))),
  ]);
  return toCsv(header, rows);
}

/** `{event name}-results-{yyyy-mm-dd}.csv`. */
export const resultsFileName = (eventName: string, now = new Date()) => datedCsvName(`${fileNamePart(eventName) || 'event'}-results`, now);
