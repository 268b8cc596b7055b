import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { versionConflictReplySchema, type AdminGame } from '@streethunt/shared';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../ui/studio/notify.ts';
import { errorText } from '../../ui/studio/errors.ts';
import { adminApi, adminKeys } from './api.ts';

/** The two reviews that need a reason the creator reads: a PENDING game back to DRAFT, an APPROVED one off the list. */
export type ReviewKind = 'sendBack' | 'unpublish';
export type ReviewTarget = { kind: ReviewKind; game: AdminGame };

/** The name an admin knows the game by; a draft in the 'all' list may have none yet. */
export function useAdminGameName() {
  const { t } = useTranslation('studio');
  return (game: AdminGame) => game.metadata.name.trim() || t('adminGames.untitled');
}

/** The server's 409 for a game saved since the version the admin named (it carries the current version). */
function isVersionConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && versionConflictReplySchema.safeParse(error.body).data?.version !== undefined;
}

const DONE_KEY = { sendBack: 'adminGames.sentBack', unpublish: 'adminGames.unpublished' } as const;

/**
 * The admin's decisions on a game: approve at once, or send back / unpublish with a reason
 * written in a dialog (`reviewing` says which one is open). After each call, right or wrong, the lists
 * are read again: a game another admin already handled leaves the queue.
 */
export function useReviewActions(onUnauthorized: (error: unknown) => void) {
  const { t } = useTranslation('studio');
  const queryClient = useQueryClient();
  const nameOf = useAdminGameName();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });

  // The loading button ignores clicks once rendered; the ref also covers a click before that render.
  const approvingNow = useRef(new Set<string>());
  const [approving, setApproving] = useState<ReadonlySet<string>>(() => new Set());
  const markApproving = (gameId: string, on: boolean) => {
    if (on) approvingNow.current.add(gameId);
    else approvingNow.current.delete(gameId);
    setApproving(new Set(approvingNow.current));
  };

  // A game saved after the list was read: the admin is asked to reload before deciding again.
  const [changed, setChanged] = useState<AdminGame | null>(null);

  const approveMutation = useMutation({
    mutationFn: (game: AdminGame) => adminApi.approve(game._id, game.version),
    onSuccess: (_reply, game) => notify(t, 'teal', t('adminGames.approved', { name: nameOf(game) })),
    onError: (error, game) => {
      onUnauthorized(error);
      if (isVersionConflict(error)) setChanged(game);
      else notify(t, 'red', t('adminGames.approveFailed', { name: nameOf(game), reason: errorText(error, t) }));
    },
    // The button stays busy until the list no longer offers the approved game, so it cannot be approved twice.
    // After a version conflict the list stays as the admin saw it until they choose to reload.
    onSettled: async (_reply, error, game) => {
      if (!isVersionConflict(error)) await refresh();
      markApproving(game._id, false);
    },
  });

  const approve = (game: AdminGame) => {
    if (approvingNow.current.has(game._id)) return;
    markApproving(game._id, true);
    approveMutation.mutate(game);
  };

  const [reviewing, setReviewing] = useState<ReviewTarget | null>(null);
  const reviewSending = useRef(false);
  const review = useMutation({
    mutationFn: ({ kind, game, reason }: ReviewTarget & { reason: string }) =>
      kind === 'sendBack' ? adminApi.sendBack(game._id, reason) : adminApi.unpublish(game._id, reason),
    onSuccess: async (_reply, { kind, game }) => {
      setReviewing(null);
      notify(t, 'teal', t(DONE_KEY[kind], { name: nameOf(game) }));
      await refresh();
    },
    // The dialog stays open with the server's message and the admin's text.
    onError: (error) => {
      onUnauthorized(error);
      void refresh();
    },
    onSettled: () => {
      reviewSending.current = false;
    },
  });

  return {
    approve,
    approving,
    /** The game whose approval was refused because it was saved after the list was read. */
    changed,
    reloadChanged: () => {
      setChanged(null);
      void refresh();
    },
    dismissChanged: () => setChanged(null),
    reviewing,
    openReview: (kind: ReviewKind, game: AdminGame) => {
      review.reset();
      setReviewing({ kind, game });
    },
    closeReview: () => setReviewing(null),
    submitReview: (reason: string) => {
      if (!reviewing || reviewSending.current) return;
      reviewSending.current = true;
      review.mutate({ ...reviewing, reason });
    },
    reviewBusy: review.isPending,
    reviewError: review.error ? errorText(review.error, t) : null,
  };
}
