import { useCallback, type ReactNode } from 'react';
import { Alert, Button, Center, Container, Loader, Stack, Text, Title, type MantineSize } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePageTitle } from '../use-page-title.ts';
import { useRequireLogin } from '../../api/use-require-login.ts';
import { errorText, isUnauthorized } from './errors.ts';

/**
 * The session a creator page needs. Logged out, or logged out by a 401 (useLogOutOnUnauthorized), the
 * browser goes to `/login?url={path}{query}` and comes back here (spec section 8).
 */
export function useCreatorSession() {
  const { pathname, search } = useLocation();
  const session = useRequireLogin(`${pathname}${search}`);
  const { logOut } = session;
  /** For actions (reads use useLogOutOnUnauthorized): a 401 ends the session, which leads to the login page. */
  const endOnUnauthorized = useCallback((error: unknown) => isUnauthorized(error) && logOut(), [logOut]);
  return { ...session, endOnUnauthorized };
}

/** The frame of a creator page: a wide column with its heading and tab title; `size` widens it for a page of several panels. */
export function StudioPage({ title, actions, children, testId, size = 'lg' }: { title: string; actions?: ReactNode; children: ReactNode; testId?: string; size?: MantineSize }) {
  usePageTitle(title);
  return (
    <Container size={size} px="md" py="xl" data-testid={testId}>
      <Stack gap="lg">
        <Stack gap="sm">
          <Title order={1}>{title}</Title>
          {actions}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

/** Shown while the session or the page's data loads. */
export function StudioLoader({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}

/** A read that failed, said with what went wrong and a way to try again. */
export function LoadError({ title, error, onRetry, retrying }: { title: string; error: unknown; onRetry(): void; retrying: boolean }) {
  const { t } = useTranslation('studio');
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={title} data-testid="load-error">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorText(error, t)}</Text>
        <Button variant="light" onClick={onRetry} loading={retrying}>
          {t('studio.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** A failed action, said once near the control that did it. */
export function ActionError({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" data-testid="action-error">
      {children}
    </Alert>
  );
}
