import type { ReactNode } from 'react';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { StudioLoader, StudioPage, useCreatorSession } from './studio-page.tsx';

/** A 403 from an admin call: the stored role said admin, the server no longer agrees. */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/**
 * The 'not allowed' body of an admin route for a logged-in user who is not an admin (the spec's client
 * has no check; ours has this one and the server's).
 */
export function NotAllowed() {
  const { t } = useTranslation('studio');
  return (
    <Alert color="gray" variant="light" icon={<IconLock aria-hidden />} title={t('admin.notAllowed.title')} data-testid="not-allowed">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('admin.notAllowed.text')}</Text>
        <Anchor component={Link} to="/games">
          {t('admin.notAllowed.back')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/**
 * The frame of an admin page. Logged out, the browser goes to the login page and back (as the creator
 * pages do); logged in without the admin role, the page says it is not allowed. `children` is rendered,
 * and so fetches, only for an admin.
 */
export function AdminPage({ title, testId, actions, children }: { title: string; testId: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('studio');
  const session = useCreatorSession();
  const body = session.status !== 'in' ? <StudioLoader label={t('studio.loading')} /> : !session.isAdmin ? <NotAllowed /> : children;
  return (
    <StudioPage title={title} testId={testId} actions={session.isAdmin ? actions : undefined}>
      {body}
    </StudioPage>
  );
}
