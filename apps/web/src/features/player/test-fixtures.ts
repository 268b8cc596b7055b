/** Test data for the player: a game as a code holder gets it, and plays of it. */
import { computeScore, type GameReply, type Progress, type TeamView } from '@streethunt/shared';
import { GAME_ID, buildGameReply, buildQuestion, type GameOverrides } from '../../test/game-factory.ts';

export { GAME_ID } from '../../test/game-factory.ts';
export const CODE = 'TLVABC234';

/** Three questions; the first has two hints (one titled), the answers are 'Bialik, ביאליק', '1909', 'Rothschild'. */
export function buildGame(overrides: GameOverrides = {}, withQuestions = true): GameReply {
  const questions = [
    buildQuestion('q1', 'Who lived in the house?', 'Bialik, ביאליק', [{ content: '<p>A poet</p>' }, { content: '<p>National poet</p>', title: 'Big hint' }]),
    buildQuestion('q2', 'When was the city founded?', '1909', []),
    buildQuestion('q3', 'Which boulevard?', 'Rothschild', [{ content: '<p>A banker</p>' }]),
  ];
  return buildGameReply({ questionCount: questions.length, ...(withQuestions ? { questions } : {}), ...overrides });
}

/** A play of the built game; `statuses` and `openHints` ("question:hint") shape it. */
export function buildProgress(overrides: Partial<Progress> = {}): Progress {
  const progress: Progress = {
    game_id: GAME_ID,
    game_secret: CODE,
    game_name: 'Bialik street hunt',
    startTime: '2026-05-01T10:00:00.000Z',
    endTime: null,
    lastUpdate: '2026-05-01T10:00:00.000Z',
    questions: [
      { status: null, hints: [{ isOpen: false }, { isOpen: false }] },
      { status: null, hints: [] },
      { status: null, hints: [{ isOpen: false }] },
    ],
    score: 0,
    ...overrides,
  };
  return { ...progress, score: overrides.score ?? computeScore(progress, new Date(progress.lastUpdate)) };
}

/** A live event as the team 'The Owls' sees it (no messages, no ranking shown); `overrides` shape it. */
export function buildTeamView(overrides: Partial<TeamView> = {}): TeamView {
  return {
    eventId: 'event-1',
    eventName: 'School trip hunt',
    // Under way when the test runs: a phone reads again at an end time it sees pass.
    startsAt: new Date(Date.now() - 3_600_000).toISOString(),
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    endedAt: null,
    teamId: 'team-owls',
    teamName: 'The Owls',
    disqualified: false,
    messages: [],
    leaderboard: null,
    ...overrides,
  };
}
