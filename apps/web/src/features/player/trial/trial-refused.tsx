import { Alert } from '@mantine/core';
import { usePurchaseTexts } from '../../../ui/texts/use-purchase-texts.ts';

/** Why no trial was given: this phone or account had one, or the game offers none now. Buying stays one tap away. */
export default function TrialRefused({ reason }: { reason: 'trial_used' | 'no_trial' }) {
  const { t } = usePurchaseTexts();
  return (
    <Alert color="orange" data-testid="trial-refused" data-reason={reason}>
      {t(reason === 'trial_used' ? 'trial.used' : 'trial.unavailable')}
    </Alert>
  );
}
