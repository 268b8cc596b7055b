import { photoPoints, type GameContent, type PhotoState, type Progress } from '@streethunt/shared';
import type { Db } from '../../db/client.ts';
import { plays } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { GameCode } from '../codes/service.ts';
import { contextForCode, flowOfState, onItsVersion, playState, playWhere, type PlayRow } from './play-context.ts';
import { updatePlay } from './play-writes.ts';
import type { PlayStep, PlaysDeps } from './service.ts';
import { assertTrialCovers } from './trial-gate.ts';

/** A play as the photos feature needs it: its row and its content on the version it is on. */
export type PlayOfCode = { play: PlayRow | null; content: GameContent; gameId: string };

/** Whether the game's flow lets the play take this question now (a question begun stays playable). */
export function isPlayableNow(content: GameContent, play: PlayRow, questionId: string): boolean {
  return flowOfState(content, playState(play, content)).playable.includes(questionId);
}

/** 402 for a trial's photo of a question its trial does not cover, before anything is stored (trial-gate.ts). */
export function assertTrialTakesPhoto(code: GameCode, content: GameContent, play: PlayRow, questionId: string): void {
  assertTrialCovers(code, content, playState(play, content), content.questions.findIndex((question) => question.id === questionId));
}

/** The code's play (null: not started) and the content of the version it is on. */
export async function playOfCode(db: Db, code: GameCode): Promise<PlayOfCode> {
  const opened = await contextForCode(db, code);
  const [play] = await db.select().from(plays).where(playWhere(opened));
  const ctx = await onItsVersion(db, opened, play ?? null);
  return { play: play ?? null, content: ctx.content, gameId: ctx.game.id };
}

/**
 * A photo question's photo arrived (`arrived`) or was judged: the progress carries its state (the score
 * counts an accepted one), and an arriving photo answers its question (ANSWERED; a question already
 * moved on stays). Published as every change: the team's phones and the control room see it at once.
 */
export async function setPhotoState(deps: PlaysDeps, code: GameCode, input: { questionId: string; photo: PhotoState; arrived: boolean }): Promise<Progress> {
  const opened = await contextForCode(deps.db, code);
  const [play] = await deps.db.select().from(plays).where(playWhere(opened));
  const ctx = await onItsVersion(deps.db, opened, play ?? null);
  const index = ctx.content.questions.findIndex((question) => question.id === input.questionId);
  if (index === -1) throw notFound('No such question in the version this play is on');
  const step: NonNullable<PlayStep> = input.arrived ? { kind: 'photo', questionIndex: index } : { kind: 'photo-judged', questionIndex: index, text: input.photo.status };
  const { progress } = await updatePlay(deps, ctx, step, (state) => {
    // The team's photo is its change (a judge's verdict is not): a trial takes none for a paid question.
    if (input.arrived) assertTrialCovers(code, ctx.content, state, index);
    const question = state.questions[index];
    const status = question.status === null || question.status === 'STARTED' ? 'ANSWERED' : question.status;
    const same = status === question.status && JSON.stringify(question.photo) === JSON.stringify(input.photo);
    if (same) return null;
    // Decided on the play this change is written over (the last decision is the one written): whether
    // the verdict moved the score, which an event's final ranking keeps when it comes after the end.
    if (!input.arrived) step.scoreChanged = photoPoints(question.photo) !== photoPoints(input.photo);
    return { questions: state.questions.map((q, i) => (i === index ? { ...q, status, photo: input.photo } : q)) };
  });
  return progress;
}
