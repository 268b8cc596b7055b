import { Suspense, lazy } from 'react';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PresenceProofProps } from './presence-proof.tsx';

// The spot-code step, its camera and its texts load only at a question that takes a code, never with
// the game's first load (DESIGN.md section 7); jsQR only where the browser cannot read QR codes itself.
const PresenceProof = lazy(() => import('./presence-proof.tsx').then((module) => ({ default: module.PresenceProof })));

export function LazyPresenceProof(props: PresenceProofProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Center mih={160} data-testid="presence-loading">
          <Loader role="status" aria-label={t('player.common.loading')} />
        </Center>
      }
    >
      <PresenceProof {...props} />
    </Suspense>
  );
}
