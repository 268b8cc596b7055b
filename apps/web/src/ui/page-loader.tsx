import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a page's code (or its data) loads; `label` names what is loading for screen readers. */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="50dvh">
      <Loader role="status" aria-label={label ?? t('common.loading')} />
    </Center>
  );
}
