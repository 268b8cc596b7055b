import { ACCOUNT_TEXTS } from '../../i18n/account-translations.ts';
import type { ReactNode } from 'react';
import { Alert, Center, Container, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** The frame of every account page: a narrow column that fits a phone, the heading and the tab title. */
export function AccountPage({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  usePageTitle(title);
  return (
    <Container size={460} px="md" py="xl" data-testid={testId}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}

/** A failed call, said once at the top of the form. Alert has role="alert", so it is announced. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" data-testid="account-error">
      {children}
    </Alert>
  );
}

export function SuccessAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="teal" variant="light" data-testid="account-success">
      {children}
    </Alert>
  );
}

export function PageLoader() {
  const { t } = useTranslation(ACCOUNT_TEXTS);
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t('account.common.loading')} />
    </Center>
  );
}

/** Props of inputs whose content is Latin by nature: they read left to right in Hebrew too. */
export const emailInputProps = { type: 'email', dir: 'ltr', inputMode: 'email', autoComplete: 'email', spellCheck: false } as const;
export const phoneInputProps = { type: 'tel', dir: 'ltr', inputMode: 'tel', autoComplete: 'tel' } as const;
/** Names people type: the browser decides their direction from the first strong letter. */
export const nameInputProps = { dir: 'auto' } as const;

