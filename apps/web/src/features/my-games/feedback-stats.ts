import type { CreatorFeedback, MyFeedbacksReply } from '@streethunt/shared';

/** The three ratings of a feedback (spec section 3), in the order the player gave them. */
export const RATINGS = ['general', 'questions', 'path'] as const;
type Rating = (typeof RATINGS)[number];

/** The feedbacks of every game in the reply, as one list, newest first (spec section 7). */
export function flattenFeedbacks(groups: MyFeedbacksReply['data']): CreatorFeedback[] {
  return groups.flatMap((group) => group.feedbacks).sort((a, b) => Date.parse(b.update) - Date.parse(a.update));
}

export type FeedbackAverages = { count: number } & Record<Rating, number | null>;

/** Each rating's mean over the feedbacks, to one decimal; null when there are none. */
export function feedbackAverages(feedbacks: readonly CreatorFeedback[]): FeedbackAverages {
  const mean = (rating: Rating) =>
    feedbacks.length === 0 ? null : Math.round((feedbacks.reduce((sum, feedback) => sum + feedback[rating], 0) / feedbacks.length) * 10) / 10;
  return { count: feedbacks.length, general: mean('general'), questions: mean('questions'), path: mean('path') };
}
