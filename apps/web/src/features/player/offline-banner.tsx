import { lazy, Suspense, useState } from 'react';

// The notice loads off the first load; it is fetched as the page starts (offline/kept-io.ts), before
// any network drops. Should it still be missing, nothing is shown rather than the page failing.
const OfflineNotice = lazy(() => import('./offline/outbox-status.tsx').catch(() => ({ default: () => null })));

/** Says the phone is offline and that the play is kept and will be sent, and what waits to be sent. */
export function OfflineBanner({ offline, pending }: { offline: boolean; pending: number }) {
  // Once shown, it stays: a change the server refuses after the network returns is said there.
  const [shown, setShown] = useState(false);
  if (!shown && (offline || pending > 0)) setShown(true);
  return (
    // Always mounted, so screen readers announce the banner when it appears.
    <div role="status">
      {shown && (
        <Suspense fallback={null}>
          <OfflineNotice offline={offline} changes={pending} />
        </Suspense>
      )}
    </div>
  );
}
