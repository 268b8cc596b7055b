import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a page's code loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="50dvh">
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}
