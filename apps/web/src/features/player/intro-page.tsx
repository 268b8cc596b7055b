import { Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isFreePrice } from '@streethunt/shared';
import { responsiveImage } from '@streethunt/shared/media';
import { RichContent, isAllowedMediaUrl } from '../../ui/rich-content.tsx';
import { FreeStartAlert } from './free-start-alert.tsx';
import { GamePrice } from './game-line.tsx';
import { usePlay } from './play-context.tsx';
import { PlayCode } from './play-code.tsx';
import { useFreeStart } from './use-free-start.ts';

/**
 * The game's intro: its name, price, cover and story; 'lets play' (the code screen, or on a free game
 * the play itself), or 'continue' once the play has started, with the play's code for the team.
 */
export function IntroPage() {
  const { t } = useTranslation();
  const { game, snapshot, setPage } = usePlay();
  const { name, coverImage, locationCity, locationText, price } = game.metadata;
  const started = Boolean(snapshot.secret && snapshot.progress?.startTime);
  const free = isFreePrice(price);
  const freeStart = useFreeStart();
  const place = [locationText, locationCity].filter(Boolean).join(', ');
  return (
    <Stack gap="md" data-testid="intro-page" data-free={free}>
      {coverImage && isAllowedMediaUrl(coverImage) && (
        // At the top of the page (not lazy), at the width the screen needs, in a 16:9 frame reserved before it loads.
        // sizes: the player's container is 45em (720 px) with 1rem padding on each side.
        <Image
          {...responsiveImage(coverImage, 640)}
          sizes="(max-width: 45em) calc(100vw - 2rem), 688px"
          alt=""
          radius="md"
          fit="cover"
          width={640}
          height={360}
          style={{ aspectRatio: '16 / 9', blockSize: 'auto' }}
          fetchPriority="high"
          decoding="async"
        />
      )}
      <Title order={1} dir="auto">
        {name.trim() || t('player.intro.title')}
      </Title>
      <Group gap="sm" justify="space-between" wrap="nowrap" align="center">
        <Text c="dimmed" dir="auto" style={{ minWidth: 0 }}>
          {place}
        </Text>
        <GamePrice metadata={game.metadata} />
      </Group>
      <RichContent html={game.introPage.content} />
      {started ? (
        <Button size="lg" fullWidth onClick={() => setPage('questions')}>
          {t('player.intro.continue')}
        </Button>
      ) : free ? (
        <>
          <FreeStartAlert result={freeStart.result} />
          <Button size="lg" fullWidth loading={freeStart.starting} onClick={() => void freeStart.start()} data-testid="free-start">
            {t('player.intro.letsPlay')}
          </Button>
          <Button
            variant="subtle"
            size="sm"
            h="auto"
            py={6}
            onClick={() => setPage('payment')}
            // A long line wraps rather than widening the page on a narrow phone.
            styles={{ root: { alignSelf: 'flex-start', maxWidth: '100%' }, label: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 1.35 } }}
            data-testid="join-team"
          >
            {t('player.intro.joinTeam')}
          </Button>
        </>
      ) : (
        <Button size="lg" fullWidth onClick={() => setPage('payment')}>
          {t('player.intro.letsPlay')}
        </Button>
      )}
      {started && snapshot.secret && <PlayCode code={snapshot.secret} gameId={game._id} gameName={name.trim() || t('player.intro.title')} />}
    </Stack>
  );
}
