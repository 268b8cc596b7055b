import { useState } from 'react';
import { Anchor, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { apiRequest } from '../../api/client.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { FeedbackWidget } from './feedback/feedback-widget.tsx';

/** Only the name is needed here; the rest of the public game reply is left alone. */
const gameNameSchema = z.object({ metadata: z.object({ name: z.string() }) });

/**
 * `/game-feedback/{gameId}/{token}`: the feedback widget on its own page, for the link emailed when a
 * game ends (spec section 2). Nothing renders when either part of the path is missing.
 */
export function Component() {
  const { gameId, token } = useParams();
  if (!gameId || !token) return null;
  return <GameFeedbackPage gameId={gameId} token={token} />;
}

function GameFeedbackPage({ gameId, token }: { gameId: string; token: string }) {
  const { t } = useTranslation();
  usePageTitle(t('feedback.page.title'));
  const [done, setDone] = useState(false);
  const game = useQuery({
    queryKey: ['game-feedback', 'game', gameId],
    queryFn: ({ signal }) => apiRequest(`/api/games/${encodeURIComponent(gameId)}`, { schema: gameNameSchema, signal }),
    retry: false,
    staleTime: Infinity,
  });
  const name = game.data?.metadata.name.trim();

  return (
    <Container size={460} px="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('feedback.page.title')}
          </Title>
          {game.isPending ? (
            <Group gap="xs" data-testid="feedback-game-loading">
              <Loader size="xs" aria-hidden />
              <Text size="sm" c="dimmed">
                {t('feedback.page.loadingGame')}
              </Text>
            </Group>
          ) : (
            name && (
              <Text data-testid="feedback-game-name">
                {t('feedback.page.game')}{' '}
                <Text component="bdi" dir="auto" fw={700} inherit>
                  {name}
                </Text>
              </Text>
            )
          )}
        </Stack>
        {/* A game that cannot be loaded still takes the feedback: the server checks the token. */}
        <FeedbackWidget gameId={gameId} token={token} onDone={() => setDone(true)} />
        {done && (
          <Anchor component={Link} to="/games" fw={600}>
            {t('feedback.page.toGames')}
          </Anchor>
        )}
      </Stack>
    </Container>
  );
}
