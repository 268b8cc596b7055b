import { Component as ReactComponent, Suspense, lazy, useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Card, Container, Group, Loader, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconMapPinOff } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { GameListItem } from '@streethunt/shared';
// The zod-free half of the shared package: /games's first load carries no schemas.
import { NEAR_RADIUS_KM_DEFAULT } from '@streethunt/shared/games-list';
import { NetworkError } from '../../api/client.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { gamesApi, gamesKeys } from './api.ts';
import { GameCard, coverPlaceholderClass } from './game-card.tsx';
import { GamesFilters, ViewSwitch, type FilterChange } from './games-filters.tsx';
import { GamesGrid } from './games-grid.tsx';
import { CLEARED, isNarrowed, listQueryFilters, readPageFilters, withPageFilters } from './page-filters.ts';
import { useScrollMemory } from './scroll-memory.ts';
import { useNearMe, type NearFailure } from './use-near-me.ts';
import classes from './games-page.module.css';

// Only a phone with no network shows what it saved for offline.
const SavedGamesOffline = lazy(() => import('./saved-games-offline.tsx'));

// Leaflet and the map stay out of the list's first load: the map view loads them when opened.
const loadGamesMap = () => import('./games-map/games-map.tsx');

/** How many skeleton cards stand in while the list loads. */
const SKELETON_CARDS = 4;
/** Cards per row by screen width: one on a phone (as the windowed grid, games-grid.module.css). */
const COLUMNS = { base: 1, sm: 2, lg: 3 } as const;
/** Back from a game within this time, the list is shown from the cache as it was, without asking again. */
const LIST_STALE_MS = 5 * 60_000;
const LIST_KEPT_MS = 15 * 60_000;
/** The next page starts loading when the end of the list is this close below the screen. */
const LOAD_AHEAD = '0px 0px 1200px 0px';

/**
 * `/games`: the public list of approved games as cards (spec section 2, 'Games list'), a page at a time
 * as the visitor scrolls (or presses 'load more'), in a windowed grid that keeps only the cards near the
 * screen in the page. Search, filters, 'near me' and the map view are in the URL. With `?user={id}` only
 * that creator's games, under the heading 'games of {first name}'.
 */
export function Component() {
  const { t } = useTranslation();
  const headingId = useId();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readPageFilters(params), [params]);
  const userId = filters.user;

  const setFilters: FilterChange = useCallback(
    (changes, { replace = false } = {}) => setParams((current) => withPageFilters(current, changes), { replace, preventScrollReset: true }),
    [setParams],
  );

  const near = useNearMe(filters.near);
  const position = filters.near && near.state.status === 'located' ? near.state.position : null;
  const locating = near.state.status === 'locating';
  // Opened with near=1: until the position is known (or known not to come), the list is not asked for
  // in the wrong order.
  const awaitingPosition = filters.near && (near.state.status === 'checking' || near.state.status === 'locating');
  const nearOn = position !== null || locating;
  const nearFailure = near.state.status === 'failed' ? near.state.reason : null;
  const [failureShown, setFailureShown] = useState(true);

  // The position could not be had: the list stays as it was, and the URL stops saying 'near me'.
  useEffect(() => {
    if (nearFailure && filters.near) setFilters({ near: false }, { replace: true });
  }, [nearFailure, filters.near, setFilters]);

  // The position arrives after the press, when the URL may have changed (a search typed meanwhile).
  const latest = useRef({ filters, setFilters });
  useEffect(() => {
    latest.current = { filters, setFilters };
  });
  const startNear = () => {
    setFailureShown(true);
    near.locate((found) => {
      if (found && !latest.current.filters.near) latest.current.setFilters({ near: true });
    });
  };
  const toggleNear = () => {
    if (!nearOn) return startNear();
    near.cancel();
    if (filters.near) setFilters({ near: false });
  };

  const query = useMemo(() => listQueryFilters(filters, position), [filters, position]);
  const queryKey = gamesKeys.list(query);
  const games = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => gamesApi.page(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: !awaitingPosition,
    staleTime: LIST_STALE_MS,
    gcTime: LIST_KEPT_MS,
    // A new search keeps the cards shown until its own arrive, rather than flashing the skeleton.
    placeholderData: keepPreviousData,
  });
  const creator = useQuery({
    queryKey: gamesKeys.creator(userId ?? ''),
    queryFn: ({ signal }) => gamesApi.creator(userId ?? '', signal),
    enabled: userId !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });

  const cards = useMemo(() => uniqueGames(games.data?.pages.flatMap((page) => page.games) ?? []), [games.data]);
  const hasCards = cards.length > 0;
  useScrollMemory(hasCards && !games.isPlaceholderData);

  const firstName = userId ? creator.data?.firstName.trim() || null : null;
  const title = !userId ? t('games.title') : firstName ? t('games.creatorTitle', { name: firstName }) : t('games.creatorFallback');
  usePageTitle(title);

  // After 'load more' was pressed, focus moves to the first new card (the button is now below the new cards).
  const focusAfterLoad = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterLoad.current;
    if (index === null || cards.length <= index) return;
    focusAfterLoad.current = null;
    const frame = requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-card-index="${index}"] a`)?.focus());
    return () => cancelAnimationFrame(frame);
  }, [cards.length]);
  const { fetchNextPage, isFetchingNextPage } = games;
  const loadMore = () => {
    if (isFetchingNextPage) return;
    focusAfterLoad.current = cards.length;
    void fetchNextPage({ cancelRefetch: false });
  };
  const autoLoad = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);

  const status = games.isPending
    ? t('games.loading')
    : locating
      ? t('games.near.locating')
      : games.isFetchingNextPage
        ? t('games.loadingMore')
        : '';

  let body: ReactNode;
  // No network: the list is asked for again by itself when the phone is back online (React Query pauses
  // a query the browser knows is offline, and refetches a failed one on reconnect).
  const offline = (games.isPending && games.fetchStatus === 'paused') || (games.isError && !games.data && games.error instanceof NetworkError);
  if (offline) {
    body = (
      <Suspense fallback={null}>
        <SavedGamesOffline retry={() => void games.refetch()} retrying={games.isFetching} retryLabel={t('games.retry')} />
      </Suspense>
    );
  } else if (games.isPending) {
    body = <LoadingCards />;
  } else if (games.isError && !games.data) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('games.errors.title')} data-testid="games-error">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('games.errors.generic')}</Text>
          <Button onClick={() => void games.refetch()} loading={games.isFetching}>
            {t('games.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!hasCards) {
    body = <EmptyState narrowed={isNarrowed(filters)} userId={userId} nearOn={position !== null} onChange={setFilters} />;
  } else {
    const more = (
      <MoreGames
        loaded={games.data?.pages.length ?? 0}
        hasMore={games.hasNextPage && !games.isPlaceholderData}
        loading={games.isFetchingNextPage}
        failed={games.isFetchNextPageError}
        // Scrolling loads the next page in the list; under the map only the button does.
        autoLoad={filters.view === 'list' && !games.isFetching && !games.isFetchNextPageError && !games.isPlaceholderData}
        onLoadMore={loadMore}
        onAutoLoad={autoLoad}
      />
    );
    body = (
      <div aria-busy={games.isPlaceholderData || undefined} style={games.isPlaceholderData ? { opacity: 0.6 } : undefined}>
        {filters.view === 'map' ? (
          <MapView games={cards} center={position} labelledBy={headingId} />
        ) : (
          <GamesGrid key={JSON.stringify(queryKey)} games={cards} memoryKey={`${location.key}|${JSON.stringify(queryKey)}`} />
        )}
        {more}
      </div>
    );
  }

  return (
    <Container size="lg" px="md" py="xl">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1} id={headingId} data-testid="games-heading">
            {firstName ? <CreatorHeading firstName={firstName} t={t} /> : title}
          </Title>
          <ViewSwitch view={filters.view} onChange={setFilters} />
        </Group>
        <GamesFilters filters={filters} onChange={setFilters} nearOn={nearOn} locating={locating} onNearToggle={toggleNear} />
        {position !== null && (
          <Text size="sm" c="dimmed" data-testid="near-note">
            {t('games.near.sorted', { km: NEAR_RADIUS_KM_DEFAULT })}
          </Text>
        )}
        {nearFailure && failureShown && (
          <NearFailureAlert
            reason={nearFailure}
            onRetry={startNear}
            onClose={() => setFailureShown(false)}
          />
        )}
        <VisuallyHidden role="status" data-testid="games-status">
          {status}
        </VisuallyHidden>
        {body}
      </Stack>
    </Container>
  );
}

/** The cards of all loaded pages, each once (a game that moved between two pages' requests is not shown twice). */
function uniqueGames(games: GameListItem[]): GameListItem[] {
  const seen = new Set<string>();
  return games.filter((game) => !seen.has(game._id) && (seen.add(game._id), true));
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

/** Nothing to show: why (no games yet, none of this creator, none matching, none near) and the way on. */
function EmptyState({ narrowed, userId, nearOn, onChange }: { narrowed: boolean; userId: string | null; nearOn: boolean; onChange: FilterChange }) {
  const { t } = useTranslation();
  const km = NEAR_RADIUS_KM_DEFAULT;
  const message = nearOn
    ? narrowed
      ? t('games.emptyNearFiltered', { km })
      : t('games.emptyNear', { km })
    : narrowed
      ? t('games.emptyFiltered')
      : userId
        ? t('games.emptyCreator')
        : t('games.empty');
  return (
    <Stack gap="sm" align="flex-start" data-testid="games-empty">
      <Text size="lg">{message}</Text>
      <Group gap="sm">
        {narrowed && (
          <Button variant="light" onClick={() => onChange(CLEARED)}>
            {t('games.filters.clear')}
          </Button>
        )}
        {nearOn && (
          <Button variant="light" onClick={() => onChange({ near: false })}>
            {t('games.near.everywhere')}
          </Button>
        )}
      </Group>
      {userId && !narrowed && !nearOn && (
        <Anchor component={Link} to="/games">
          {t('games.allGames')}
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * The end of the list: the next page loads when this comes near the screen (`autoLoad`), or with the
 * button; at the very end a line says so. A page that fails to load says so here, and the button retries.
 */
function MoreGames({
  loaded,
  hasMore,
  loading,
  failed,
  autoLoad,
  onLoadMore,
  onAutoLoad,
}: {
  /** How many pages are loaded: each new one looks again whether the end is still near. */
  loaded: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  autoLoad: boolean;
  onLoadMore: () => void;
  onAutoLoad: () => void;
}) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setNear(entry?.isIntersecting ?? false), { rootMargin: LOAD_AHEAD });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore]);

  // Still near the end after a page came in (a tall screen, a short page): the next one, until it is not.
  useEffect(() => {
    if (near && hasMore && autoLoad) onAutoLoad();
  }, [near, hasMore, autoLoad, onAutoLoad, loaded]);

  return (
    <div className={classes.more} data-testid="games-more">
      {hasMore && <div ref={sentinel} className={classes.sentinel} aria-hidden />}
      {failed && (
        <Text size="sm" c="red.8" role="alert">
          {t('games.moreFailed')}
        </Text>
      )}
      {hasMore ? (
        <Button
          variant="light"
          onClick={onLoadMore}
          aria-disabled={loading || undefined}
          leftSection={loading ? <Loader size={16} color="currentColor" aria-hidden /> : undefined}
          data-testid="load-more"
        >
          {loading ? t('games.loadingMore') : failed ? t('games.retryMore') : t('games.loadMore')}
        </Button>
      ) : (
        <Text size="sm" c="dimmed" data-testid="games-end">
          {t('games.end')}
        </Text>
      )}
    </div>
  );
}

/** Why the position could not be had, how to allow it (the browser's site settings), and a retry. */
function NearFailureAlert({ reason, onRetry, onClose }: { reason: NearFailure; onRetry: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconMapPinOff aria-hidden />}
      title={t('games.near.failed.title')}
      withCloseButton
      closeButtonLabel={t('games.near.failed.close')}
      onClose={onClose}
      data-testid="near-failed"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t(`games.near.failed.${reason}`)}</Text>
        {reason !== 'unsupported' && (
          <Button size="xs" variant="light" color="orange" onClick={onRetry}>
            {t('games.near.failed.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** The loaded games on a map (its code loads on first use); each marker opens the game's card. */
function MapView({ games, center, labelledBy }: { games: GameListItem[]; center: { lat: number; lng: number } | null; labelledBy: string }) {
  const { t } = useTranslation();
  // A new lazy component on retry: React keeps a failed import's error for the one it was made for.
  const [GamesMap, setGamesMap] = useState(() => lazy(loadGamesMap));
  const indexOf = useMemo(() => new Map(games.map((game, index) => [game._id, index])), [games]);
  const renderCard = useCallback((game: GameListItem) => <GameCard game={game} index={indexOf.get(game._id) ?? EAGER_NONE} />, [indexOf]);
  return (
    <MapBoundary
      fallback={(reset) => (
        <MapFailed
          onRetry={() => {
            setGamesMap(() => lazy(loadGamesMap));
            reset();
          }}
        />
      )}
    >
      <Suspense
        fallback={
          <Skeleton className={classes.mapFallback} radius="md" data-testid="map-loading">
            <VisuallyHidden>{t('games.view.mapLoading')}</VisuallyHidden>
          </Skeleton>
        }
      >
        <GamesMap games={games} center={center} renderCard={renderCard} labelledBy={labelledBy} />
      </Suspense>
    </MapBoundary>
  );
}

/** An index past the eager covers: a card in a map popup loads its cover lazily. */
const EAGER_NONE = Number.MAX_SAFE_INTEGER;

function MapFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('games.view.mapFailed')} data-testid="map-failed">
      <Button size="xs" variant="light" onClick={onRetry}>
        {t('games.retry')}
      </Button>
    </Alert>
  );
}

/** The map's code could not be loaded (offline, a new deploy): says so instead of breaking the page. */
class MapBoundary extends ReactComponent<{ children: ReactNode; fallback: (retry: () => void) => ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}

function LoadingCards() {
  return (
    <SimpleGrid cols={COLUMNS} spacing="md" aria-hidden className={classes.skeletons} data-testid="games-loading">
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <Card key={index} withBorder padding="md" radius="md">
          <Card.Section>
            <Skeleton className={coverPlaceholderClass} radius={0} />
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
  );
}
