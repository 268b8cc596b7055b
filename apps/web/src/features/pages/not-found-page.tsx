import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** Any path no route knows. */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Container size="sm" py="xl" data-testid="not-found">
      <Stack align="flex-start">
        <Title order={1}>{t('notFound.title')}</Title>
        <Text>{t('notFound.text')}</Text>
        <Button component={Link} to="/">
          {t('notFound.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}
