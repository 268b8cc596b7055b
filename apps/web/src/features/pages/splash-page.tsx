import { useEffect } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SPLASH_REDIRECT_MS } from '@streethunt/shared';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** `/` and `/splash`: the brand for two seconds, then the games. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(undefined);
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/games', { replace: true }), SPLASH_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <Center mih="100dvh" bg="teal.8" c="white" p="md">
      {/* maw: the brand's one long word, at the largest text sizes, breaks rather than widening the page. */}
      <Stack align="center" gap="md" maw="100%" ta="center">
        <img src="/favicon.svg" alt="" width={96} height={96} style={{ filter: 'brightness(0) invert(1)' }} />
        <Title order={1} c="white" style={{ overflowWrap: 'anywhere' }}>
          {t('common.appName')}
        </Title>
        <Text ta="center" size="lg" c="white">
          {t('splash.tagline')}
        </Text>
        <Button component={Link} to="/games" variant="white" color="teal.9" replace>
          {t('splash.enter')}
        </Button>
      </Stack>
    </Center>
  );
}
