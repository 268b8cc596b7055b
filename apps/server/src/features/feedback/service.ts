import type { Services } from '../../app.ts';

/**
 * Emails the buyer of the play's code a single-use link to /game-feedback/{gameId}/{token} when the
 * game ends. Placeholder: the feedback feature fills it in; plays call it after set-end-time.
 */
export async function sendFeedbackInvitation(_deps: Pick<Services, 'db' | 'mailer' | 'config'>, _play: { playId: string }): Promise<void> {}
