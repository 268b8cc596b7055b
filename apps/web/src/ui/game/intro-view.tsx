import { useMemo, type ReactNode } from 'react';
import { Group, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isFreePrice, type GameMetadata } from '@streethunt/shared';
import { responsiveImage } from '@streethunt/shared/media';
import { ReadAloud } from '../read-aloud/read-aloud.tsx';
import { Recording } from '../read-aloud/recording.tsx';
import { RichContent, isAllowedMediaUrl } from '../rich-content.tsx';
import { GamePrice } from './game-line.tsx';

/** The intro cover's width on screen: the player's container is 45em (720 px) with 1rem padding on each side. */
export const INTRO_COVER_SIZES = '(max-width: 45em) calc(100vw - 2rem), 688px';
/** The width of its `src` where srcset is not read. */
export const INTRO_COVER_WIDTH = 640;

export type IntroViewProps = {
  metadata: Pick<GameMetadata, 'name' | 'coverImage' | 'locationCity' | 'locationText' | 'price' | 'currencyCode' | 'audio'>;
  content: string;
  /** Under the story: the player's buttons (lets play, continue) and the play's code. */
  children?: ReactNode;
};

/** A game's intro as a player sees it: its cover, name, place, price, the creator's recording and the story (its transcript). */
export function IntroView({ metadata, content, children }: IntroViewProps) {
  const { t } = useTranslation();
  const { name, coverImage, locationCity, locationText, price, audio } = metadata;
  const place = [locationText, locationCity].filter(Boolean).join(', ');
  const title = name.trim() || t('player.intro.title');
  // A recorded intro is heard in the creator's voice: the phone's voice does not read it over them.
  const readItems = useMemo(() => [{ key: 'intro', lines: audio ? [] : [title, place, content], onShow: true }], [title, place, content, audio]);
  return (
    <Stack gap="md" data-testid="intro-page" data-free={isFreePrice(price)}>
      {coverImage && isAllowedMediaUrl(coverImage) && (
        // At the top of the page (not lazy), at the width the screen needs, in a 16:9 frame reserved before it loads.
        <Image
          {...responsiveImage(coverImage, INTRO_COVER_WIDTH)}
          sizes={INTRO_COVER_SIZES}
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
        {title}
      </Title>
      <Group gap="sm" justify="space-between" wrap="nowrap" align="center">
        <Text c="dimmed" dir="auto" style={{ minWidth: 0 }}>
          {place}
        </Text>
        <GamePrice metadata={metadata} />
      </Group>
      <ReadAloud scope="intro" items={readItems} recordings={Boolean(audio)} />
      {audio && <Recording url={audio} label={t('player.recording.intro')} />}
      <RichContent html={content} />
      {children}
    </Stack>
  );
}
