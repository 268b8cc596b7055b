import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown when a page fails to load (for example a chunk download fails while offline). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t('common.error')}</Title>
        <Text>{t('common.networkError')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
      </Stack>
    </Container>
  );
}
