import { useState } from 'react';
import { Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconMapPin, IconPhoto, IconRoute, IconWheelchair } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isFreePrice, type GameListItem } from '@streethunt/shared';
// The media helpers alone, not the package index (its zod schemas would join this page's first load).
import { responsiveImage } from '@streethunt/shared/media';
import { Price } from '../../ui/price.tsx';
import { walkFiguresText } from '../../ui/game/walk-figures.ts';
import { LanguageFlag } from '../../ui/language/language-flag.tsx';
import { offeredLanguages } from '../../ui/language/game-languages.ts';
import { formatDistance } from './format-distance.ts';
import classes from './game-card.module.css';

/** The cover's drawn size; the CSS keeps the 16:9 frame at any width. */
export const COVER_WIDTH = 640;
const COVER_HEIGHT = 360;
/**
 * How wide a cover is on screen, following the grid's columns at Mantine's breakpoints (sm 48em, lg
 * 75em) in the lg container (1140 px) with md padding and spacing; the browser picks the srcset width from it.
 */
export const COVER_SIZES = '(max-width: 47.99em) calc(100vw - 2rem), (max-width: 74.99em) calc(50vw - 1.5rem), 360px';
/** Covers of the first cards are in the first screen of a phone: not lazy, and the first (the likely LCP) fetched first. */
const EAGER_COVERS = 2;

/**
 * One game as a card: cover, name (the one link, stretched over the card, to /game/{id}), city, where it
 * starts, whether its route is step-free and how long it is and takes, price, the flags of a game offered in two languages and, when the list is sorted by
 * distance, how far its start is. `index` is the card's
 * place in the list: the first covers load at once, the others lazily.
 */
export function GameCard({ game, index }: { game: GameListItem; index: number }) {
  const { t, i18n } = useTranslation();
  const { metadata } = game;
  const name = metadata.name.trim() || t('games.untitled');
  // A paid game a visitor may try first (DESIGN.md section 15).
  const trialStops = isFreePrice(metadata.price) ? 0 : (metadata.freeQuestions ?? 0);
  const languages = offeredLanguages(metadata);
  const walk = walkFiguresText(metadata.accessibility, i18n.language, t);
  return (
    <Card withBorder padding="md" radius="md" className={classes.card} data-testid="game-card">
      <Card.Section>
        <Cover src={metadata.coverImage} alt={name} index={index} />
      </Card.Section>
      {/*
        Each line the creator wrote takes its direction from its own text (dir=auto on the line itself: the
        browser skips descendants that carry a dir of their own), so an English game in the Hebrew list
        reads as one left-aligned block.
      */}
      <Stack gap={6} mt="sm">
        <Title order={2} size="h4" dir="auto">
          <Link to={`/game/${encodeURIComponent(game._id)}`} className={classes.link} lang={metadata.language}>
            {name}
          </Link>
        </Title>
        {metadata.locationCity && (
          <Group gap={4} wrap="nowrap" align="flex-start" dir="auto" data-testid="game-city">
            <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginBlockStart: 2 }} />
            <Text size="sm" fw={600} lang={metadata.language}>
              {metadata.locationCity}
            </Text>
          </Group>
        )}
        {metadata.locationText && (
          <Text size="sm" c="dimmed" dir="auto" lang={metadata.language}>
            {metadata.locationText}
          </Text>
        )}
        {(metadata.accessibility?.stepFree === 'yes' || walk) && (
          <Group gap={8} wrap="wrap" data-testid="game-walk">
            {metadata.accessibility?.stepFree === 'yes' && (
              <Badge color="teal.9" variant="light" leftSection={<IconWheelchair size={14} aria-hidden />} data-testid="game-step-free">
                {t('walk.stepFree')}
              </Badge>
            )}
            {walk && (
              <Text size="sm" data-testid="game-walk-figures">
                <VisuallyHidden>{t('walk.figuresLabel')} </VisuallyHidden>
                {walk}
              </Text>
            )}
          </Group>
        )}
        {trialStops > 0 && (
          <Text size="sm" fw={600} c="teal.9" data-testid="game-free-stops">
            {t('games.freeStops', { count: trialStops })}
          </Text>
        )}
        <div className={classes.footer}>
          <Text fw={700} size="lg">
            <VisuallyHidden>{t('games.priceLabel')} </VisuallyHidden>
            <Price price={metadata.price} currencyCode={metadata.currencyCode} />
          </Text>
          {languages.length > 1 && (
            <span className={classes.languages} data-testid="game-languages">
              {languages.map((language) => (
                <LanguageFlag key={language} language={language} size={16} />
              ))}
              <VisuallyHidden>{t('games.bilingual')}</VisuallyHidden>
            </span>
          )}
          {game.distanceMeters !== undefined && (
            <Text size="sm" fw={600} className={classes.distance} data-testid="game-distance">
              <IconRoute size={16} aria-hidden style={{ flexShrink: 0 }} />
              <VisuallyHidden>{t('games.distanceLabel')} </VisuallyHidden>
              {formatDistance(game.distanceMeters, i18n.language)}
            </Text>
          )}
        </div>
      </Stack>
    </Card>
  );
}

/**
 * The cover in a fixed 16:9 frame: our own media at the width the screen needs (srcset of WebP
 * variants), any other image as it is; lazy below the first cards. A neutral block when the game has
 * none or it fails to load.
 */
function Cover({ src, alt, index }: { src: string; alt: string; index: number }) {
  const [failed, setFailed] = useState(false);
  if (!src.trim() || failed) {
    return (
      <div className={classes.placeholder} data-testid="cover-placeholder" aria-hidden>
        <IconPhoto size={48} stroke={1.5} />
      </div>
    );
  }
  const { src: fallback, srcSet } = responsiveImage(src.trim(), COVER_WIDTH);
  return (
    <img
      className={classes.cover}
      src={fallback}
      srcSet={srcSet}
      sizes={srcSet ? COVER_SIZES : undefined}
      alt={alt}
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      loading={index < EAGER_COVERS ? 'eager' : 'lazy'}
      fetchPriority={index === 0 ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/** The frame a cover takes, for skeletons that stand in for cards. */
export const coverPlaceholderClass = classes.placeholder;
