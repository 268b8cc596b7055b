import { useState } from 'react';
import { Alert, Anchor, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconMapPin, IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { GameListItem } from '@streethunt/shared';
// The media helpers alone, not the package index (its zod schemas would join this page's first load).
import { responsiveImage } from '@streethunt/shared/media';
import { NetworkError } from '../../api/client.ts';
import { Price } from '../../ui/price.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { gamesApi, gamesKeys } from './api.ts';
import classes from './games-page.module.css';


/** How many skeleton cards stand in while the list loads. */
const SKELETON_CARDS = 4;
/** The cover's drawn size; the CSS keeps the 16:9 frame at any width. */
const COVER_WIDTH = 640;
const COVER_HEIGHT = 360;
/** Cards per row by screen width: one on a phone. */
const COLUMNS = { base: 1, sm: 2, lg: 3 } as const;
/**
 * How wide a cover is on screen, following COLUMNS at Mantine's breakpoints (sm 48em, lg 75em) in the
 * lg container (1140 px) with md padding and spacing; the browser picks the srcset width from it.
 */
const COVER_SIZES = '(max-width: 47.99em) calc(100vw - 2rem), (max-width: 74.99em) calc(50vw - 1.5rem), 360px';
/** Covers of the first cards are in the first screen of a phone: not lazy, and the first (the likely LCP) fetched first. */
const EAGER_COVERS = 2;

/**
 * `/games`: the public list of approved games as cards (spec section 2, 'Games list'). With `?user={id}`
 * only that creator's games, under the heading 'games of {first name}'.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const userId = params.get('user')?.trim() || null;

  const games = useQuery({
    queryKey: gamesKeys.list(userId),
    queryFn: ({ signal }) => gamesApi.list(userId, signal),
  });
  const creator = useQuery({
    queryKey: gamesKeys.creator(userId ?? ''),
    queryFn: ({ signal }) => gamesApi.creator(userId ?? '', signal),
    enabled: userId !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });

  const firstName = userId ? creator.data?.firstName.trim() || null : null;
  const title = !userId ? t('games.title') : firstName ? t('games.creatorTitle', { name: firstName }) : t('games.creatorFallback');
  usePageTitle(title);

  return (
    <Container size="lg" px="md" py="xl">
      <Stack gap="lg">
        <Title order={1} data-testid="games-heading">
          {firstName ? <CreatorHeading firstName={firstName} t={t} /> : title}
        </Title>
        {games.isPending ? (
          <LoadingCards />
        ) : games.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('games.errors.title')} data-testid="games-error">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{games.error instanceof NetworkError ? t('games.errors.network') : t('games.errors.generic')}</Text>
              <Button onClick={() => void games.refetch()} loading={games.isFetching}>
                {t('games.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : games.data.length === 0 ? (
          <Stack gap="sm" align="flex-start" data-testid="games-empty">
            <Text size="lg">{userId ? t('games.emptyCreator') : t('games.empty')}</Text>
            {userId && (
              <Anchor component={Link} to="/games">
                {t('games.allGames')}
              </Anchor>
            )}
          </Stack>
        ) : (
          <SimpleGrid component="ul" cols={COLUMNS} spacing="md" className={classes.list} data-testid="games-list">
            {games.data.map((game, index) => (
              <li key={game._id}>
                <GameCard game={game} index={index} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}

/** Marks where the name goes in the translated heading, so the name can sit in its own bidi run. */
const NAME_MARK = '\uE000';

/** 'games of {first name}', with the name isolated (dir=auto): a Latin name in Hebrew text keeps its shape. */
function CreatorHeading({ firstName, t }: { firstName: string; t: TFunction }) {
  const [before = '', after = ''] = t('games.creatorTitle', { name: NAME_MARK }).split(NAME_MARK);
  return (
    <>
      {before}
      <bdi dir="auto">{firstName}</bdi>
      {after}
    </>
  );
}

function GameCard({ game, index }: { game: GameListItem; index: number }) {
  const { t } = useTranslation();
  const { metadata } = game;
  const name = metadata.name.trim() || t('games.untitled');
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
        <Text fw={700} size="lg">
          <VisuallyHidden>{t('games.priceLabel')} </VisuallyHidden>
          <Price price={metadata.price} currencyCode={metadata.currencyCode} />
        </Text>
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

function LoadingCards() {
  const { t } = useTranslation();
  return (
    <div data-testid="games-loading">
      <div role="status">
        <VisuallyHidden>{t('games.loading')}</VisuallyHidden>
      </div>
      <SimpleGrid cols={COLUMNS} spacing="md" aria-hidden>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <Card key={index} withBorder padding="md" radius="md">
            <Card.Section>
              <Skeleton className={classes.placeholder} radius={0} />
            </Card.Section>
            <Stack gap="xs" mt="sm">
              <Skeleton height={22} width="70%" />
              <Skeleton height={14} width="40%" />
              <Skeleton height={14} width="85%" />
              <Skeleton height={20} width="25%" />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </div>
  );
}
