import { useState } from 'react';
import { Alert, Box, Button, Card, Group, Loader, LoadingOverlay, Stack, Text } from '@mantine/core';
import { IconRefreshAlert } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLogOutOnUnauthorized } from '../../api/use-require-login.ts';
import { LabelledSegments } from '../../ui/labelled-segments.tsx';
import { LoadError, useCreatorSession } from '../../ui/studio/studio-page.tsx';
import { AdminGamesTable } from './admin-games-table.tsx';
import { AdminPage, NotAllowed, isForbidden } from '../../ui/studio/admin-page.tsx';
import { adminApi, adminKeys, type AdminGameList } from './api.ts';
import { ReviewReasonModal } from './review-reason-modal.tsx';
import { useAdminGameName, useReviewActions } from './use-review-actions.ts';

const LISTS: readonly AdminGameList[] = ['pending', 'all'];

/**
 * `/admin-pending-games`: the approval queue, or every game, with the admin's decisions (spec section 2,
 * 'Pending games'). The lists are fetched only once the session is known to be an admin's.
 */
function PendingGamesPage() {
  const { t } = useTranslation('studio');
  return (
    <AdminPage title={t('adminGames.title')} testId="admin-pending-games-page">
      <AdminGames />
    </AdminPage>
  );
}

function AdminGames() {
  const { t } = useTranslation('studio');
  const { endOnUnauthorized } = useCreatorSession();
  const [list, setList] = useState<AdminGameList>('pending');
  const games = useQuery({ queryKey: adminKeys.games(list), queryFn: ({ signal }) => adminApi.games(list, signal) });
  useLogOutOnUnauthorized(games.error);
  const actions = useReviewActions(endOnUnauthorized);
  const nameOf = useAdminGameName();

  // The server no longer takes this session as an admin's.
  if (isForbidden(games.error)) return <NotAllowed />;

  return (
    <Stack gap="md">
      <LabelledSegments
        label={t('adminGames.list.label')}
        value={list}
        onChange={setList}
        data={LISTS.map((which) => ({ value: which, label: t(`adminGames.list.${which}`) }))}
        fit
      />
      {actions.changed && (
        <Alert
          color="orange"
          variant="light"
          role="alert"
          icon={<IconRefreshAlert aria-hidden />}
          title={t('adminGames.changed.title', { name: nameOf(actions.changed) })}
          withCloseButton
          closeButtonLabel={t('studio.close')}
          onClose={actions.dismissChanged}
          data-testid="admin-game-changed"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('adminGames.changed.text')}</Text>
            <Button size="xs" variant="default" onClick={actions.reloadChanged}>
              {t('adminGames.changed.reload')}
            </Button>
          </Stack>
        </Alert>
      )}
      <Box pos="relative" mih={games.isPending ? 160 : undefined} data-testid="admin-games-results">
        {/* The spec's overlay: its words visible, read out as a status. */}
        <LoadingOverlay
          visible={games.isPending}
          zIndex={2}
          overlayProps={{ blur: 1 }}
          loaderProps={{
            children: (
              <Group gap="xs" role="status" data-testid="admin-games-loading">
                <Loader size="sm" aria-hidden />
                <Text fw={600}>{t('adminGames.loading')}</Text>
              </Group>
            ),
          }}
        />
        {games.data ? (
          games.data.length === 0 ? (
            <Card withBorder padding="lg" data-testid="admin-games-empty">
              <Text>{t(`adminGames.empty.${list}`)}</Text>
            </Card>
          ) : (
            <AdminGamesTable
              games={games.data}
              list={list}
              handlers={{ onApprove: actions.approve, onReview: actions.openReview, approving: actions.approving }}
            />
          )
        ) : games.isError ? (
          <LoadError title={t('adminGames.loadFailed')} error={games.error} onRetry={() => void games.refetch()} retrying={games.isFetching} />
        ) : null}
      </Box>
      <ReviewReasonModal
        target={actions.reviewing}
        submitting={actions.reviewBusy}
        error={actions.reviewError}
        onSubmit={actions.submitReview}
        onClose={actions.closeReview}
      />
    </Stack>
  );
}

export { PendingGamesPage as Component };
