import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AreaGuide } from '../../ui/map/area-guide.tsx';
import { useGeolocation } from '../../ui/map/use-geolocation.ts';
import { LazyGameMap } from './lazy-game-map.tsx';
import { usePlay } from './play-context.tsx';

/**
 * 'Go to the question area' (spec section 2): the map, the distance and direction to the area, and a
 * continue button that is always there, since GPS on foot is poor (DESIGN.md section 4).
 */
export function AreaStep({ index }: { index: number }) {
  const { t } = useTranslation();
  const { game, session } = usePlay();
  const geolocation = useGeolocation(true);
  const questions = game.questions ?? [];
  const target = questions[index]?.location ?? null;
  return (
    <Stack gap="md" data-testid="area-step">
      <Title order={2}>{t('player.area.title', { n: index + 1 })}</Title>
      <Text>{t('player.area.text')}</Text>
      {target && <AreaGuide target={target} position={geolocation.position} error={geolocation.error} />}
      <LazyGameMap
        start={game.metadata.location}
        areas={questions.map((q) => q.location ?? null)}
        currentIndex={index}
        position={geolocation.position}
        height="45dvh"
      />
      <Button
        size="lg"
        fullWidth
        onClick={() => {
          const questionId = questions[index]?.id;
          session.change({ action: 'set-question-status', questionIndex: index, ...(questionId !== undefined && { questionId }), questionStatus: 'STARTED' });
        }}
        data-testid="area-continue"
      >
        {t('player.area.continue')}
      </Button>
    </Stack>
  );
}
