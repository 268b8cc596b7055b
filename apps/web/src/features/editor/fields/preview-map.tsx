import { Suspense, lazy, useState } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GameReply, Point } from '@streethunt/shared';
import { usePublicConfig } from '../../../api/public-config.ts';
import { AreaGuide } from '../../../ui/map/area-guide.tsx';
import { previewTarget, simulatedStart, START_OF_GAME } from './preview-position.ts';

// Leaflet comes with this chunk, only when the preview shows the map.
const PreviewMapView = lazy(() => import('./preview-map-view.tsx'));

const MAP_HEIGHT = 300;
/** Closer than the player's 15: the simulated player is dragged a few meters at a time. */
const PREVIEW_ZOOM = 17;

/**
 * The map as the player sees it, with a simulated position the creator drags instead of GPS: the
 * current area lights up when it is inside, and the guide shows the distance and direction the
 * player would see. The position starts a short walk from the current question's area (or from the
 * game's start, for START_OF_GAME: the start location and the map settings are being edited).
 */
export function PreviewMap({ game, currentQuestion }: { game: GameReply; currentQuestion: number }) {
  const { t } = useTranslation('studio');
  const config = usePublicConfig();
  const questions = game.questions ?? [];
  const target = previewTarget(game, currentQuestion);
  // A dragged position holds while its question shows; each question shown starts afresh.
  const [dragged, setDragged] = useState<{ question: number; position: Point } | null>(null);
  if (dragged && dragged.question !== currentQuestion) setDragged(null);
  const position = dragged?.question === currentQuestion ? dragged.position : simulatedStart(game, currentQuestion);
  const tileUrl = config.data?.tileUrl ?? (config.isError ? '' : null);

  const loading = (
    <Center h={MAP_HEIGHT} data-testid="preview-map-loading">
      <Loader role="status" aria-label={t('fields.preview.loading')} />
    </Center>
  );
  return (
    <Stack gap="xs" data-testid="preview-map">
      <Text size="sm" c="dimmed">
        {t('fields.preview.explain')}
      </Text>
      {target ? (
        <AreaGuide target={target} position={position} error={null} />
      ) : (
        <Text size="sm" data-testid="preview-no-area">
          {t(currentQuestion === START_OF_GAME ? 'fields.preview.noStart' : 'fields.preview.noArea')}
        </Text>
      )}
      {tileUrl !== null ? (
        <Suspense fallback={loading}>
          <PreviewMapView
            start={game.metadata.location}
            areas={questions.map((question) => question.location ?? null)}
            currentIndex={currentQuestion < questions.length ? currentQuestion : -1}
            position={position}
            onMove={(point) => setDragged({ question: currentQuestion, position: point })}
            target={target}
            focusKey={String(currentQuestion)}
            markerTitle={t('fields.preview.marker')}
            tileUrl={tileUrl}
            zoom={PREVIEW_ZOOM}
            height={MAP_HEIGHT}
          />
        </Suspense>
      ) : (
        loading
      )}
    </Stack>
  );
}
