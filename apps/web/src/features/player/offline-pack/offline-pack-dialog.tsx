import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { planPack, type PackPlan } from '@streethunt/shared';
import { usePublicConfig } from '../../../api/public-config.ts';
import { useOfflinePackTexts } from '../../../ui/offline/use-offline-pack-texts.ts';
import { playerApi } from '../api.ts';
import { usePlay } from '../play-context.tsx';
import { readGrant, writeCachedGame } from '../player-store.ts';
import { browserPackDeps } from './browser-caches.ts';
import { downloadPack, estimatePack, type PackEstimate, type PackResult } from './download-pack.ts';
import { countByKind, coverageLine, formatBytes, packParts } from './pack-text.ts';
import { browserProbe, suggestsHomeScreen } from './home-screen-hint.ts';
import { SavedPacks } from './saved-packs.tsx';

type Step =
  | { name: 'sizing' }
  | { name: 'size'; plan: PackPlan; estimate: PackEstimate }
  | { name: 'saving'; done: number; total: number }
  | { name: 'done'; plan: PackPlan; result: PackResult; persisted: boolean }
  | { name: 'failed' };

/**
 * 'Save for offline' (DESIGN.md section 14): the size first, then the download with its progress, then
 * what the cache really holds, whether the browser keeps it for good, and the games kept on this phone.
 */
export default function OfflinePackDialog({ onClose, onSaved }: { onClose(): void; onSaved(saved: boolean): void }) {
  const { t, i18n } = useOfflinePackTexts();
  const { game, snapshot } = usePlay();
  const config = usePublicConfig();
  const [step, setStep] = useState<Step>({ name: 'sizing' });
  const [listed, setListed] = useState(0);
  const secret = snapshot.secret;
  const name = game.metadata.name.trim();

  const plan = useMemo(
    () =>
      config.data
        ? planPack({
            game,
            // The width the page's images take: the viewport, at the screen's pixel density.
            screenWidth: document.documentElement.clientWidth || window.innerWidth,
            pixelRatio: window.devicePixelRatio || 1,
            tileTemplate: config.data.tileUrl,
            tileMode: config.data.tileOffline,
          })
        : null,
    [config.data, game],
  );

  useEffect(() => {
    if (!plan) return;
    let live = true;
    const storage = navigator.storage?.estimate?.().catch(() => undefined) ?? Promise.resolve(undefined);
    void storage
      .then((space) => estimatePack(plan, JSON.stringify(game).length, browserPackDeps(), space))
      .then((estimate) => live && setStep({ name: 'size', plan, estimate }));
    return () => {
      live = false;
    };
  }, [plan, game]);

  const save = async (chosen: PackPlan, estimate: PackEstimate) => {
    setStep({ name: 'saving', done: 0, total: 1 });
    try {
      const result = await downloadPack(
        {
          plan: chosen,
          estimate,
          name,
          // The reply the phone shows, in the language it plays, kept where the play keeps it.
          saveReply: async () => {
            const language = game.metadata.originalLanguage ? game.metadata.language : null;
            const reply = await playerApi.game(game._id, secret, undefined, readGrant(game._id, secret), language);
            await Promise.resolve(writeCachedGame(reply, secret));
            return JSON.stringify(reply).length;
          },
          onProgress: (done, total) => setStep({ name: 'saving', done, total }),
        },
        browserPackDeps(),
      );
      const persisted = (await navigator.storage?.persist?.().catch(() => false)) ?? false;
      setStep({ name: 'done', plan: chosen, result, persisted });
      setListed((n) => n + 1);
      onSaved(true);
    } catch {
      setStep({ name: 'failed' });
    }
  };

  let body;
  if (step.name === 'sizing') {
    body = (
      <Group gap="sm" data-testid="pack-sizing">
        <Loader size="sm" aria-hidden />
        <Text>{t('sizing')}</Text>
      </Group>
    );
  } else if (step.name === 'size') {
    const { plan: sized, estimate } = step;
    body = (
      <Stack gap="sm" data-testid="pack-size">
        <Text fw={600}>{t('about', { size: formatBytes(estimate.bytes, i18n.language), parts: packParts(t, sized.stops, countByKind(sized.media), sized.tiles.length > 0) })}</Text>
        {game.metadata.map && (
          <Text size="sm" data-testid="pack-map-note">
            {sized.tileMode === 'seen' ? t('mapSeen') : t('mapArea', { count: sized.tiles.length })}
          </Text>
        )}
        {sized.zoomDropped && <Text size="sm">{t('zoomDropped')}</Text>}
        {estimate.shortBytes > 0 && (
          <Alert color="yellow" variant="light">
            {t('noRoom', { size: formatBytes(estimate.shortBytes, i18n.language) })}
          </Alert>
        )}
        <Group gap="sm">
          <Button onClick={() => void save(sized, estimate)} data-testid="pack-download">
            {t('download')}
          </Button>
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    );
  } else if (step.name === 'saving') {
    const percent = Math.round((step.done / step.total) * 100);
    body = (
      <Stack gap="sm" data-testid="pack-saving">
        <Text>{t('savingText')}</Text>
        <Progress.Root size="lg" transitionDuration={150}>
          <Progress.Section value={percent} aria-label={t('saving')} />
        </Progress.Root>
      </Stack>
    );
  } else if (step.name === 'done') {
    const { result, persisted, plan: saved } = step;
    body = (
      <Stack gap="sm" data-testid="pack-done" data-stops-ready={result.stopsReady} data-bytes={result.bytes}>
        <Text fw={600} role="status" data-testid="pack-coverage">
          {coverageLine(t, result.stops, result.stopsReady, result.missing)}
        </Text>
        {game.metadata.map && (
          <Text size="sm">{saved.tileMode === 'seen' ? t('mapSeen') : result.mapPartly || result.tilesSaved < result.tilesPlanned ? t('mapPartly') : t('mapSaved')}</Text>
        )}
        {result.shortBytes > 0 && (
          <Alert color="yellow" variant="light">
            {t('full', { size: formatBytes(result.shortBytes, i18n.language) })}
          </Alert>
        )}
        <Text size="sm" data-testid="pack-persisted" data-persisted={persisted}>
          {persisted ? t('persisted') : t('notPersisted')}
        </Text>
        {suggestsHomeScreen(browserProbe()) && (
          <Alert color="blue" variant="light" data-testid="pack-home-screen">
            {t('homeScreen')}
          </Alert>
        )}
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Alert color="red" variant="light" role="alert">
          {t('failed')}
        </Alert>
        <Button onClick={() => setStep({ name: 'sizing' })}>{t('retry')}</Button>
      </Stack>
    );
  }

  const closable = step.name !== 'saving';
  return (
    <Modal
      opened
      onClose={closable ? onClose : () => undefined}
      title={t('title')}
      centered
      withCloseButton={closable}
      closeOnClickOutside={closable}
      closeOnEscape={closable}
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="offline-pack-dialog"
    >
      <Stack gap="lg">
        {body}
        {step.name !== 'saving' && <SavedPacks refresh={listed} onRemoved={(gameId) => gameId === game._id && onSaved(false)} />}
      </Stack>
    </Modal>
  );
}
