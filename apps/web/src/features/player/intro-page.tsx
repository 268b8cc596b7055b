import { Button, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RichContent, isAllowedMediaUrl } from '../../ui/rich-content.tsx';
import { usePlay } from './play-context.tsx';

/** The game's intro: its name, cover and story; 'lets play', or 'continue' once the play has started. */
export function IntroPage() {
  const { t } = useTranslation();
  const { game, snapshot, setPage } = usePlay();
  const { name, coverImage, locationCity, locationText } = game.metadata;
  const started = Boolean(snapshot.secret && snapshot.progress?.startTime);
  const place = [locationText, locationCity].filter(Boolean).join(', ');
  return (
    <Stack gap="md" data-testid="intro-page">
      {coverImage && isAllowedMediaUrl(coverImage) && (
        <Image src={coverImage} alt="" radius="md" h={200} fit="cover" loading="lazy" />
      )}
      <Title order={1} dir="auto">
        {name.trim() || t('player.intro.title')}
      </Title>
      {place && (
        <Text c="dimmed" dir="auto">
          {place}
        </Text>
      )}
      <RichContent html={game.introPage.content} />
      {started ? (
        <Button size="lg" fullWidth onClick={() => setPage('questions')}>
          {t('player.intro.continue')}
        </Button>
      ) : (
        <Button size="lg" fullWidth onClick={() => setPage('payment')}>
          {t('player.intro.letsPlay')}
        </Button>
      )}
    </Stack>
  );
}
