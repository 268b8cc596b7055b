import { ACCOUNT_TEXTS } from '../../i18n/account-translations.ts';
import { useId, useState } from 'react';
import { Anchor, Button, Code, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AFFILIATE_PERCENT, PAYOUT_MINIMUM, type GameListItem } from '@streethunt/shared';
import { money } from '../../ui/money.ts';
import { accountApi, accountKeys } from './api.ts';
import { allGamesLink, gameLink, qrFileName } from './share-links.ts';
import { ShareLink } from './share-link.tsx';

/** 'Share and earn' on /update-profile: the user's affiliate code, a link to every game and one to a game they pick. */
export function ShareLinksCard({ affiliateCode }: { affiliateCode: string }) {
  const { t, i18n } = useTranslation(ACCOUNT_TEXTS);
  const titleId = useId();
  const origin = window.location.origin;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId} data-testid="share-links">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id={titleId}>
            {t('account.share.title')}
          </Title>
          <Text size="sm">{t('account.share.intro')}</Text>
        </Stack>
        <Group gap="xs">
          <Text size="sm" fw={500}>
            {t('account.share.yourCode')}
          </Text>
          {/* Latin letters and digits: left to right in a Hebrew page too. */}
          <Code dir="ltr" fz="md" data-testid="affiliate-code">
            {affiliateCode}
          </Code>
        </Group>
        <ShareLink label={t('account.share.allGames')} link={allGamesLink(origin, affiliateCode)} qrFile={qrFileName(affiliateCode)} testId="share-all-games" />
        <GameShareLink origin={origin} affiliateCode={affiliateCode} />
        <Text size="sm" data-testid="share-terms">
          <Trans
            ns={ACCOUNT_TEXTS}
            i18nKey="account.share.terms"
            values={{ percent: AFFILIATE_PERCENT, minimum: money(PAYOUT_MINIMUM, i18n.language) }}
            components={{
              affiliates: <Anchor component={Link} to="/affiliates" size="sm" underline="always" />,
              terms: <Anchor component={Link} to="/terms" size="sm" underline="always" />,
            }}
          />
        </Text>
      </Stack>
    </Paper>
  );
}

/** The picker asks the server this long after the last key. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A game picked from the approved games, and its share link once one is picked. The picker searches
 * on the server (name or city, `q`), as there may be thousands: it offers the first page of matches
 * (the newest games before anything is typed), narrowed at once by what is typed while the server's
 * answer comes.
 */
function GameShareLink({ origin, affiliateCode }: { origin: string; affiliateCode: string }) {
  const { t } = useTranslation(ACCOUNT_TEXTS);
  const [picked, setPicked] = useState<GameListItem | null>(null);
  const [search, setSearch] = useState('');
  const nameOf = (game: GameListItem) => {
    const name = game.metadata.name.trim() || t('account.share.untitled');
    const city = game.metadata.locationCity.trim();
    return city ? `${name} · ${city}` : name;
  };
  // The picked game's name in the box is not a search: the list then offers the newest games again.
  const typed = picked && search === nameOf(picked) ? '' : search.trim();
  const [term] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const games = useQuery({
    queryKey: accountKeys.shareGames(term),
    queryFn: ({ signal }) => accountApi.approvedGames(term, signal),
    staleTime: 5 * 60_000,
    // The options shown stay while the next search's answer comes.
    placeholderData: keepPreviousData,
  });

  if (games.isError && !games.data) {
    return (
      <Stack gap={6} align="flex-start">
        <Text size="sm" role="alert">
          {t('account.share.gamesFailed')}
        </Text>
        <Button size="xs" variant="light" onClick={() => void games.refetch()} loading={games.isFetching}>
          {t('account.common.retry')}
        </Button>
      </Stack>
    );
  }
  if (term === '' && !picked && games.data?.length === 0 && !games.isPlaceholderData) return <Text size="sm">{t('account.share.noGames')}</Text>;

  const offered = games.data ?? [];
  // The picked game stays an option, whatever the search, so the box keeps showing its name.
  const options = picked && !offered.some((game) => game._id === picked._id) ? [picked, ...offered] : offered;
  return (
    <Stack gap="sm">
      <Select
        label={t('account.share.pickGame')}
        placeholder={t('account.share.pickGamePlaceholder')}
        nothingFoundMessage={games.isFetching ? t('account.share.gamesLoading') : t('account.share.noGameFound')}
        data={options.map((game) => ({ value: game._id, label: nameOf(game) }))}
        value={picked?._id ?? null}
        onChange={(id) => setPicked(options.find((game) => game._id === id) ?? null)}
        searchValue={search}
        onSearchChange={setSearch}
        // Options run their own way; the input keeps the page's direction, so a Hebrew name does not
        // run under the chevron of an English page (Mantine pads the page's inline end).
        renderOption={({ option }) => <span dir="auto">{option.label}</span>}
        disabled={!games.data}
        rightSection={!games.data || games.isFetching ? <Loader size="xs" role="status" aria-label={t('account.share.gamesLoading')} /> : undefined}
        searchable
        allowDeselect={false}
        // 'fixed': the list's first frame shows it where it was last measured (hidden, 0 px wide: at the
        // input's centre), reaching past the right edge. Absolutely placed, that widens an LTR phone's
        // layout viewport for a frame, which clamps the scroll (236 px up on a 360 px phone), and the list
        // then hides itself with its off-screen input. A fixed element never widens the page.
        comboboxProps={{ withinPortal: true, floatingStrategy: 'fixed' }}
        data-testid="share-game"
      />
      {picked && (
        <ShareLink
          key={picked._id}
          label={t('account.share.gameLink')}
          link={gameLink(origin, picked._id, affiliateCode)}
          qrFile={qrFileName(affiliateCode, picked._id)}
          testId="share-game-link"
        />
      )}
    </Stack>
  );
}
