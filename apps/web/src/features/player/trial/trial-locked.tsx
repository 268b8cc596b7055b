import { useEffect, useMemo, useState } from 'react';
import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TRIAL_MS } from '@streethunt/shared';
import { PlaySummary } from '../../../ui/game/play-summary.tsx';
import { useNow } from '../../../ui/game/use-now.ts';
import { Price } from '../../../ui/price.tsx';
import { usePurchaseTexts } from '../../../ui/texts/use-purchase-texts.ts';
import { usePlay } from '../play-context.tsx';
import { PurchaseForm } from '../purchase-form.tsx';
import { gameKey } from '../use-game.ts';

/**
 * A trial play that reached a question its trial does not open: what the team did so far, the price,
 * and the purchase in place, which carries the trial's code so the bought play is this one.
 */
export default function TrialLocked() {
  const { t } = usePurchaseTexts();
  const { t: common } = useTranslation();
  const { game, snapshot } = usePlay();
  const [buying, setBuying] = useState(false);
  const now = useNow(true, 60_000);
  const progress = snapshot.progress;
  const secret = snapshot.secret;
  // Which questions a trial opens follows its play (the next free one opens as the last is done), and a
  // purchase from another phone of the team opens them all: the game is read again as the play moves.
  const queryClient = useQueryClient();
  const key = useMemo(() => gameKey(game._id, secret), [game._id, secret]);
  const reading = useIsFetching({ queryKey: key }) > 0;
  useEffect(() => {
    // Not while the form is filled in: it would be lost to the loader.
    if (!buying) void queryClient.invalidateQueries({ queryKey: key });
  }, [queryClient, key, progress, buying]);
  if (buying && secret) return <PurchaseForm gameId={game._id} trialCode={secret} onBack={() => setBuying(false)} />;
  if (reading) {
    return (
      <Center mih="30dvh">
        <Loader role="status" aria-label={common('player.common.loading')} />
      </Center>
    );
  }
  // The server counts the 24 hours from the code's issue, just before the play's start.
  const expired = Boolean(progress?.startTime && now - Date.parse(progress.startTime) > TRIAL_MS);
  return (
    <Stack gap="md" data-testid="trial-locked">
      <Group gap="xs" wrap="nowrap">
        <IconLock size={28} aria-hidden style={{ flexShrink: 0 }} />
        <Title order={2} size="h3">
          {t('locked.title')}
        </Title>
      </Group>
      <Text>{t(expired ? 'locked.expired' : 'locked.text')}</Text>
      {progress?.startTime && <PlaySummary progress={progress} scoring={game.metadata.scoring} />}
      <Text fw={700} size="xl" data-testid="trial-price">
        <Price price={game.metadata.price} currencyCode={game.metadata.currencyCode} />
      </Text>
      <Button size="lg" fullWidth onClick={() => setBuying(true)} data-testid="trial-buy">
        {t('locked.buy')}
      </Button>
    </Stack>
  );
}
