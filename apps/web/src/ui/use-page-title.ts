import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab's title: "{page} | StreetHunt". */
export function usePageTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const appName = t('common.appName');
  useEffect(() => {
    document.title = title ? `${title} | ${appName}` : appName;
  }, [title, appName]);
}
