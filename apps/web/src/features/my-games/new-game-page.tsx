import { Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { myGamesApi } from './api.ts';
import { errorText } from '../../ui/studio/errors.ts';
import { ActionError, StudioLoader, StudioPage, useCreatorSession } from '../../ui/studio/studio-page.tsx';

/** The how-to's steps, in order; each has a title and a few points (myGames's translation files). */
const STEPS = [
  { key: 'details', points: ['name', 'price', 'language', 'map'] },
  { key: 'story', points: ['intro', 'cover'] },
  { key: 'questions', points: ['content', 'answer', 'after', 'hints'] },
  { key: 'areas', points: ['start', 'area', 'test'] },
  { key: 'gameover', points: ['content', 'summary'] },
  { key: 'approval', points: ['check', 'send', 'sell'] },
] as const;

/** `/game-editor-new-game`: how to make a good game, and the button that starts one (spec section 2). */
function NewGamePage() {
  const { t } = useTranslation('studio');
  const navigate = useNavigate();
  const session = useCreatorSession();
  const create = useMutation({
    mutationFn: myGamesApi.create,
    onSuccess: (gameId) => navigate(`/game-editor/${encodeURIComponent(gameId)}`),
    onError: session.endOnUnauthorized,
  });

  if (session.status !== 'in') {
    return (
      <StudioPage title={t('newGame.title')}>
        <StudioLoader label={t('newGame.loading')} />
      </StudioPage>
    );
  }
  return (
    <StudioPage title={t('newGame.title')} testId="new-game-page">
      <Text size="lg">{t('newGame.intro')}</Text>
      {create.isError && <ActionError>{t('newGame.failed', { reason: errorText(create.error, t) })}</ActionError>}
      <Button size="md" leftSection={<IconPlus size={20} aria-hidden />} loading={create.isPending} onClick={() => create.mutate()} style={{ alignSelf: 'flex-start' }}>
        {t('newGame.create')}
      </Button>
      <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {STEPS.map((step, index) => (
          <Card key={step.key} component="li" withBorder padding="md">
            <Title order={2} size="h4" mb="xs">
              {t('newGame.stepTitle', { number: index + 1, title: t(`newGame.steps.${step.key}.title`) })}
            </Title>
            <List spacing={6} size="sm">
              {step.points.map((point) => (
                <List.Item key={point}>{t(`newGame.steps.${step.key}.${point}`)}</List.Item>
              ))}
            </List>
          </Card>
        ))}
      </Stack>
      <Text c="dimmed" size="sm">
        {t('newGame.afterSteps')}
      </Text>
    </StudioPage>
  );
}

export { NewGamePage as Component };
