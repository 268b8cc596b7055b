import { useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isInsideArea, takesPresenceCode } from '@streethunt/shared';
import { AreaGuide } from '../../ui/map/area-guide.tsx';
import { useGeolocation } from '../../ui/map/use-geolocation.ts';
import { LazyGameMap } from './lazy-game-map.tsx';
import { usePlay } from './play-context.tsx';
// With the questions' code, not apart from it: a stop's alternative must show offline too.
import AlternativeSpot from './alternative-spot.tsx';
import { LazyPresenceProof } from './presence/lazy-presence-proof.tsx';
import { useAreaMarks } from './use-area-marks.ts';


/**
 * 'Go to the question area' (spec section 2): the map, the distance and direction to the area, and a
 * continue button that is always there, since GPS on foot is poor (DESIGN.md section 4). A question
 * that asks for the spot's QR code (its `presence`) shows the scan and the typed code: `qr` instead of
 * continue, `gps-or-qr` beside a continue that opens once the position is inside the area.
 */
export function AreaStep({ index }: { index: number }) {
  const { t } = useTranslation();
  const { game, session } = usePlay();
  const mapOn = game.metadata.map;
  const geolocation = useGeolocation(mapOn);
  const marks = useAreaMarks();
  const questions = game.questions ?? [];
  const question = questions[index];
  const target = question?.location ?? null;
  const presence = question?.presence;
  // A stop's step-free alternative (DESIGN.md section 16): the guide may lead there instead.
  const alternative = question?.alternative;
  const [toAlternative, setToAlternative] = useState(false);
  const guided = toAlternative && alternative ? alternative.location : target;
  if (question && takesPresenceCode(presence) && !mapOn) {
    // No map: nothing to walk to on the screen, only the spot's code.
    return (
      <Stack gap="md" data-testid="area-step">
        <LazyPresenceProof index={index} question={question} headingOrder={2} />
      </Stack>
    );
  }
  const arrived = guided !== null && geolocation.position !== null && isInsideArea(geolocation.position, guided);
  return (
    <Stack gap="md" data-testid="area-step">
      <Title order={2}>{t('player.area.title', { n: index + 1 })}</Title>
      {/* A QR-only question has no continue: the sign at the spot is the way in. */}
      <Text>{t(presence === 'qr' ? 'player.area.textQr' : 'player.area.text')}</Text>
      {alternative && (
        <AlternativeSpot alternative={alternative} language={game.metadata.originalLanguage ?? game.metadata.language} guide={{ on: toAlternative, toggle: () => setToAlternative((on) => !on) }} />
      )}
      {guided && <AreaGuide target={guided} position={geolocation.position} error={geolocation.error} />}
      <LazyGameMap
        start={game.metadata.location}
        areas={questions.map((q) => q.location ?? null)}
        currentIndex={index}
        marks={marks}
        position={geolocation.position}
        height="45dvh"
      />
      {question && takesPresenceCode(presence) && <LazyPresenceProof index={index} question={question} orArrive={presence === 'gps-or-qr'} />}
      {presence !== 'qr' && (
        <Button
          size="lg"
          fullWidth
          // With the QR code as the other way in, continue waits for the position to be inside the area.
          disabled={presence === 'gps-or-qr' && !arrived}
          onClick={() => {
            const questionId = questions[index]?.id;
            session.change({ action: 'set-question-status', questionIndex: index, ...(questionId !== undefined && { questionId }), questionStatus: 'STARTED' });
          }}
          data-testid="area-continue"
        >
          {t('player.area.continue')}
        </Button>
      )}
    </Stack>
  );
}
