import { computeScore, replyAnswerOf, type EditableGame, type GameReply, type GameStatus, type Progress } from '@streethunt/shared';

/** Spec section 9: the game-over preview shows a play of 83 minutes 45 seconds. */
const PREVIEW_PLAY_MS = (83 * 60 + 45) * 1000;
const PREVIEW_START = '2026-01-01T10:00:00.000Z';

/**
/** Who the previewed game is: its id, owner and status, as the reply names them. */
export type PreviewGameIds = { gameId: string; userId: string; status: GameStatus };

/**
 * The working copy as the player's components take a game: the reply a code holder gets. The preview
 * judges answers from the working copy itself, so no salt or hashes are made.
 */
export function toPreviewGame(game: EditableGame, ids: PreviewGameIds): GameReply {
  return {
    _id: ids.gameId,
    userId: ids.userId,
    status: ids.status,
    metadata: game.metadata,
    introPage: game.introPage,
    gameoverPage: game.gameoverPage,
    questionCount: game.questions.length,
    questions: game.questions.map((question) => ({
      id: question.id,
      content: question.content,
      location: question.location ?? null,
      hints: question.hints,
      answer: replyAnswerOf(question.answer, '', { hashes: [] }, true),
    })),
  };
}

/** The game-over sample (spec section 4): 83:45 with every question DONE and no hint opened; the summary computes its score. */
export function sampleFinishedPlay(game: EditableGame): Progress {
  const endTime = new Date(Date.parse(PREVIEW_START) + PREVIEW_PLAY_MS).toISOString();
  const progress: Progress = {
    game_id: '',
    game_secret: '',
    game_name: game.metadata.name,
    startTime: PREVIEW_START,
    endTime,
    lastUpdate: endTime,
    questions: game.questions.map((question) => ({ status: 'DONE', hints: question.hints.map(() => ({ isOpen: false })) })),
    score: 0,
  };
  return { ...progress, score: computeScore(progress, new Date(endTime), game.metadata.scoring) };
}
