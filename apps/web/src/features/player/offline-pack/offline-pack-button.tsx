import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { IconCloudDownload, IconCloudCheck } from '@tabler/icons-react';
import { packCacheName } from '@streethunt/shared';
import { useOfflinePackTexts } from '../../../ui/offline/use-offline-pack-texts.ts';
import { withAllStyles } from '../../../ui/all-styles.ts';
import { usePlay } from '../play-context.tsx';
import { canKeepPacks } from '../../../ui/offline/browser-caches.ts';

const OfflinePackDialog = lazy(withAllStyles(() => import('./offline-pack-dialog.tsx')));

/** 'Save for offline' on a game the phone holds a code for, where the browser can keep files (Cache Storage). */
export default function OfflinePackButton() {
  return canKeepPacks() ? <SaveButton /> : null;
}

/** The button; the dialog and its logic load when it is tapped. */
function SaveButton() {
  const { t } = useOfflinePackTexts();
  const { game } = usePlay();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    caches.has(packCacheName(game._id)).then(setSaved, () => setSaved(false));
  }, [game._id]);
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
