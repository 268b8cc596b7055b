import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { IconCloudDownload, IconCloudCheck } from '@tabler/icons-react';
import { packCacheName } from '@streethunt/shared';
import { useOfflinePackTexts } from './use-offline-pack-texts.ts';
import { withAllStyles } from '../../ui/all-styles.ts';
import { usePlay } from '../player/play-context.tsx';
import { canKeepPacks } from './browser-caches.ts';

const OfflinePackDialog = lazy(withAllStyles(() => import('./offline-pack-dialog.tsx')));

/** 'Save for offline' on a game the phone holds a code for; the dialog and its logic load when tapped. */
export default function OfflinePackButton() {
  const { t } = useOfflinePackTexts();
  const { game } = usePlay();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!canKeepPacks()) return;
    caches.has(packCacheName(game._id)).then(setSaved, () => setSaved(false));
  }, [game._id]);
  if (!canKeepPacks()) return null;
  const Icon = saved ? IconCloudCheck : IconCloudDownload;
  return (
    <>
      <Button
        variant="light"
        leftSection={<Icon size={18} aria-hidden />}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
        styles={{ label: { whiteSpace: 'normal' } }}
        h="auto"
        py={8}
        data-testid="offline-pack-open"
        data-saved={saved}
      >
        {saved ? t('buttonSaved') : t('button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <OfflinePackDialog onClose={() => setOpen(false)} onSaved={setSaved} />
        </Suspense>
      )}
    </>
  );
}
