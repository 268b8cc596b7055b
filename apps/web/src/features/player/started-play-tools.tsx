import { lazy, Suspense } from 'react';
import { PlayCode } from './play-code.tsx';

const OfflinePackButton = lazy(() => import('./offline-pack/offline-pack-button.tsx'));

/** Under a started play's intro: the team's code, and 'Save for offline' (whose texts and logic load apart again). */
export default function StartedPlayTools(props: { code: string; gameId: string; gameName: string }) {
  return (
    <>
      <PlayCode {...props} />
      <Suspense fallback={null}>
        <OfflinePackButton />
      </Suspense>
    </>
  );
}
