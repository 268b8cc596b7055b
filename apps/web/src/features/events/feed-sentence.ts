import type { TFunction } from 'i18next';
import type { EventTeam, FeedItem } from '@streethunt/shared';

/** Kinds about a question: said with its number when the item has one. */
const ABOUT_A_QUESTION = new Set<FeedItem['kind']>(['answered', 'hint', 'skipped', 'photo']);

/**
 * One feed item as a sentence in the organiser's language, naming the team (`teamName` of the team
 * it is about; undefined for a message to all teams) and the question's number. A message's or a
 * problem's own text is not part of it: it is user text, shown apart as such.
 */
export function feedSentence(item: FeedItem, teamName: string | undefined, t: TFunction<'studio'>): string {
  // Isolated (FSI…PDI): a Hebrew name in an English sentence, or the other way round, keeps its own order.
  const team = `\u2068${teamName ?? ''}\u2069`;
  if (item.kind === 'message') return item.teamId === null ? t('events.feed.messageToAll') : t('events.feed.messageToTeam', { team });
  // A judged photo's text is its verdict (accepted or rejected), said in the sentence.
  if (item.kind === 'photo-judged') return t(item.text === 'accepted' ? 'events.feed.photoAccepted' : 'events.feed.photoRejected', { team, n: item.questionNumber ?? '' });
  if (ABOUT_A_QUESTION.has(item.kind)) {
    return item.questionNumber === null ? t(`events.feed.${item.kind}Any`, { team }) : t(`events.feed.${item.kind}`, { team, n: item.questionNumber });
  }
  return t(`events.feed.${item.kind}`, { team });
}

/** The teams by id, for naming the team of each feed item. */
export function teamsById(teams: readonly EventTeam[]): Map<string, EventTeam> {
  return new Map(teams.map((team) => [team.id, team]));
}
