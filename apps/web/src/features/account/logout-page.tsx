import { ACCOUNT_TEXTS } from '../../i18n/account-translations.ts';
import { useEffect, useRef } from 'react';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../api/session.tsx';
import { AccountPage, PageLoader } from './account-page.tsx';

/** `/logout`: ends the session, forgets what was loaded for this user, then the login page. */
export function Component() {
  const { t } = useTranslation(ACCOUNT_TEXTS);
  const { logOut } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const done = useRef(false);

  useEffect(() => {
    // Once, even when React runs the effect twice in development.
    if (done.current) return;
    done.current = true;
    logOut();
    queryClient.clear();
    notifications.show({ color: 'teal', message: t('account.logout.done'), closeButtonProps: { 'aria-label': t('common.close', { ns: 'translation' }) } });
    void navigate('/login', { replace: true });
  }, [logOut, queryClient, navigate, t]);

  return (
    <AccountPage title={t('account.logout.title')}>
      <Text>{t('account.logout.inProgress')}</Text>
      <PageLoader />
    </AccountPage>
  );
}
